import { fromRecordDate, toRecordDate } from '@airgrid/domain';
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
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import type { EpisodeRecord, PodcastRecord } from './podcast-model';
import { createEpisode, podcastKeys, updateEpisode } from './queries';

interface Values {
  /** `YYYY-MM-DDTHH:mm` on this browser's clock, or '' for a draft. */
  publishAt: string;
  title: string;
  description: string;
  season: number | string;
  episode: number | string;
  episodeType: string;
  explicit: boolean;
}

/** A record date as a datetime-local input shows it, on this browser's clock. */
function localInput(recordDate: string): string {
  const at = fromRecordDate(recordDate);
  if (at === null) return '';
  const local = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** New episode (its audio is uploaded next, in the list) and Edit episode. */
export function EpisodeFormModal({
  opened,
  onClose,
  podcast,
  episode,
}: {
  opened: boolean;
  onClose: () => void;
  podcast: PodcastRecord;
  episode?: EpisodeRecord;
}) {
  const t = messages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={episode ? t.podcasts.editTitle(episode.title) : t.podcasts.newEpisode}
      size="lg"
    >
      {opened && <EpisodeForm podcast={podcast} episode={episode} onClose={onClose} />}
    </Modal>
  );
}

function EpisodeForm({
  podcast,
  episode,
  onClose,
}: {
  podcast: PodcastRecord;
  episode?: EpisodeRecord;
  onClose: () => void;
}) {
  const t = messages();
  const form = useRecordForm<Values, EpisodeRecord>({
    initialValues: {
      publishAt: localInput(episode?.publishedAt ?? ''),
      title: episode?.title ?? '',
      description: episode?.description ?? '',
      season: episode?.season || '',
      episode: episode?.episode || '',
      episodeType: episode?.episodeType || 'full',
      explicit: episode?.explicit ?? podcast.explicit,
    },
    validate: (values): Record<string, string> => ({
      ...(values.title.trim() ? {} : { title: t.podcasts.titleRequired }),
      ...(values.publishAt && Number.isNaN(Date.parse(values.publishAt))
        ? { publishAt: t.podcasts.publishAtRule }
        : {}),
    }),
    save: (values) => {
      const body = {
        title: values.title.trim(),
        description: values.description,
        season: Number(values.season) || 0,
        episode: Number(values.episode) || 0,
        episodeType: values.episodeType,
        explicit: values.explicit,
        publishedAt: values.publishAt ? toRecordDate(Date.parse(values.publishAt)) : '',
      };
      return episode
        ? updateEpisode(episode.id, body)
        : createEpisode({ ...body, organization: podcast.organization, podcast: podcast.id });
    },
    invalidate: [podcastKeys.episodes(podcast.id)],
    success: (saved) => (episode ? t.podcasts.saved(saved.title) : t.podcasts.episodeCreated),
    onSaved: onClose,
    serverFields: ['title', 'description', 'season', 'episode', 'episodeType', 'publishAt'],
    aliases: { publishedAt: 'publishAt' },
  });
  const { values, errors, set, busy } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
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
        <Group grow align="flex-start">
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
            onChange={(number) => set({ episode: number })}
            error={errors.episode}
          />
          <Select
            label={t.podcasts.episodeType}
            data={[
              { value: 'full', label: t.podcasts.full },
              { value: 'trailer', label: t.podcasts.trailer },
              { value: 'bonus', label: t.podcasts.bonus },
            ]}
            allowDeselect={false}
            value={values.episodeType}
            onChange={(episodeType) => set({ episodeType: episodeType ?? 'full' })}
          />
        </Group>
        <TextInput
          type="datetime-local"
          label={t.podcasts.publishAt}
          description={t.podcasts.publishAtHint}
          value={values.publishAt}
          onChange={(event) => set({ publishAt: event.currentTarget.value })}
          error={errors.publishAt}
        />
        <Switch
          label={t.podcasts.explicit}
          checked={values.explicit}
          onChange={(event) => set({ explicit: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {episode ? t.common.save : t.podcasts.createEpisode}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
