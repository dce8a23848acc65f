import { toRecordDate } from '@airgrid/domain';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import type { EpisodeRecord, PodcastRecord } from './podcast-model';
import { createEpisode, podcastKeys, podcastQueries } from './queries';

interface Values {
  show: string;
  title: string;
  description: string;
  season: number | string;
  episode: number | string;
  publishNow: boolean;
}

/**
 * "Publish an aired show": an episode made from a show's media; the server takes its sound
 * (AAC) in the background and the episode joins the feed once it is ready.
 */
export function PublishShowModal({
  opened,
  onClose,
  podcast,
}: {
  opened: boolean;
  onClose: () => void;
  podcast: PodcastRecord;
}) {
  const t = messages();
  return (
    <Modal opened={opened} onClose={onClose} title={t.podcasts.publishShow} size="lg">
      {opened && <PublishShowForm podcast={podcast} onClose={onClose} />}
    </Modal>
  );
}

function PublishShowForm({ podcast, onClose }: { podcast: PodcastRecord; onClose: () => void }) {
  const t = messages();
  const shows = useQuery(podcastQueries.showsWithMedia(podcast.organization));
  const form = useRecordForm<Values, EpisodeRecord>({
    initialValues: {
      show: '',
      title: '',
      description: '',
      season: '',
      episode: '',
      publishNow: true,
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.show) errors.show = t.podcasts.chooseShow;
      if (!values.title.trim()) errors.title = t.podcasts.titleRequired;
      return errors;
    },
    save: (values) =>
      createEpisode({
        organization: podcast.organization,
        podcast: podcast.id,
        show: values.show,
        title: values.title.trim(),
        description: values.description,
        season: Number(values.season) || 0,
        episode: Number(values.episode) || 0,
        episodeType: 'full',
        publishedAt: values.publishNow ? toRecordDate(Date.now()) : '',
      }),
    invalidate: [podcastKeys.episodes(podcast.id)],
    success: (saved) => t.podcasts.episodeFromShow(saved.title),
    onSaved: onClose,
    serverFields: ['show', 'title', 'description', 'season', 'episode'],
  });
  const { values, errors, set, busy } = form;
  const choose = (id: string | null) => {
    const show = shows.data?.find((each) => each.id === id);
    set({
      show: id ?? '',
      ...(show
        ? {
            title: show.title,
            description: show.description,
            season: show.season || '',
            episode: show.episode || '',
          }
        : {}),
    });
  };
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <Select
          label={t.podcasts.show}
          description={t.podcasts.showHint}
          placeholder={
            shows.data?.length === 0 ? t.podcasts.noShowsWithMedia : t.podcasts.chooseShow
          }
          searchable
          required
          data={(shows.data ?? []).map((show) => ({ value: show.id, label: show.title }))}
          value={values.show || null}
          onChange={choose}
          error={errors.show}
        />
        <TextInput
          label={t.podcasts.episodeTitle}
          description={t.podcasts.episodeTitleHint}
          required
          value={values.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          error={errors.title}
        />
        <Textarea
          label={t.podcasts.description}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <Group grow>
          <NumberInput
            label={t.podcasts.season}
            min={0}
            allowDecimal={false}
            value={values.season}
            onChange={(season) => set({ season })}
            error={errors.season}
          />
          <NumberInput
            label={t.podcasts.episodeNumber}
            min={0}
            allowDecimal={false}
            value={values.episode}
            onChange={(episode) => set({ episode })}
            error={errors.episode}
          />
        </Group>
        <Switch
          label={t.podcasts.publishNow}
          description={t.podcasts.publishNowHint}
          checked={values.publishNow}
          onChange={(event) => set({ publishNow: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {t.podcasts.makeEpisode}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
