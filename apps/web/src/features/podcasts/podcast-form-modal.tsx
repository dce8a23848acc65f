import { Button, Group, Modal, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { messages } from '../../i18n/messages';
import { slugify } from '../../shared/slug';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, ImageInput, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import {
  COVER_LIMITS,
  categoryOptions,
  checkPodcastForm,
  newPodcastValues,
  type PodcastFormValues,
  type PodcastRecord,
  podcastFormValues,
} from './podcast-model';
import { coverUrl, createPodcast, podcastKeys, updatePodcast } from './queries';

const FORM_FIELDS = [
  'title',
  'slug',
  'description',
  'author',
  'ownerEmail',
  'category',
  'language',
  'type',
  'explicit',
  'public',
  'cover',
];

export interface PodcastFormModalProps {
  opened: boolean;
  onClose: () => void;
  podcast?: PodcastRecord;
  organization: string;
  /** Fills in the author of a new podcast (the station's name). */
  author?: string;
  onSaved?: (podcast: PodcastRecord) => void;
}

/** New podcast and Edit podcast: the same form. */
export function PodcastFormModal({ opened, onClose, podcast, ...rest }: PodcastFormModalProps) {
  const t = messages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={podcast ? t.podcasts.editTitle(podcast.title) : t.podcasts.newPodcast}
      size="lg"
    >
      {opened && <PodcastForm podcast={podcast} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function PodcastForm({
  podcast,
  organization,
  author = '',
  onClose,
  onSaved,
}: Omit<PodcastFormModalProps, 'opened'>) {
  const t = messages();
  const categories = useMemo(categoryOptions, []);
  const [slugTouched, setSlugTouched] = useState(Boolean(podcast));
  const [cover, setCover] = useState<ImageChoice>(KEEP_IMAGE);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm<PodcastFormValues, PodcastRecord>({
    initialValues: () => (podcast ? podcastFormValues(podcast) : newPodcastValues(author)),
    validate: checkPodcastForm,
    save: (values) => {
      const body = { ...values, ...imagePatch('cover', cover) };
      return podcast ? updatePodcast(podcast.id, body) : createPodcast({ ...body, organization });
    },
    invalidate: [podcastKeys.all],
    success: (saved) => (podcast ? t.podcasts.saved(saved.title) : t.podcasts.created(saved.title)),
    onSaved: (saved) => {
      onSaved?.(saved);
      onClose();
    },
    serverFields: FORM_FIELDS,
  });
  const { values, errors, set, busy } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput
          label={t.podcasts.title}
          required
          value={values.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            set(slugTouched ? { title } : { title, slug: slugify(title) });
          }}
          error={errors.title}
        />
        <TextInput
          label={t.podcasts.slug}
          description={t.podcasts.slugHint}
          required
          value={values.slug}
          onChange={(event) => {
            setSlugTouched(true);
            set({ slug: event.currentTarget.value });
          }}
          error={errors.slug}
        />
        <Textarea
          label={t.podcasts.description}
          description={t.podcasts.descriptionHint}
          autosize
          minRows={3}
          maxRows={8}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t.podcasts.author}
            value={values.author}
            onChange={(event) => set({ author: event.currentTarget.value })}
            error={errors.author}
          />
          <TextInput
            label={t.podcasts.ownerEmail}
            description={t.podcasts.ownerEmailHint}
            type="email"
            value={values.ownerEmail}
            onChange={(event) => set({ ownerEmail: event.currentTarget.value })}
            error={errors.ownerEmail}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t.podcasts.category}
            description={t.podcasts.categoryHint}
            searchable
            clearable
            data={categories}
            value={values.category || null}
            onChange={(category) => set({ category: category ?? '' })}
            error={errors.category}
          />
          <TextInput
            label={t.podcasts.language}
            description={t.podcasts.languageHint}
            value={values.language}
            onChange={(event) => set({ language: event.currentTarget.value })}
            error={errors.language}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t.podcasts.type}
            data={[
              { value: 'episodic', label: t.podcasts.episodic },
              { value: 'serial', label: t.podcasts.serial },
            ]}
            value={values.type}
            onChange={(type) => set({ type: type ?? 'episodic' })}
            allowDeselect={false}
            error={errors.type}
          />
          <Stack gap="xs" mt="lg">
            <Switch
              label={t.podcasts.explicit}
              checked={values.explicit}
              onChange={(event) => set({ explicit: event.currentTarget.checked })}
            />
            <Switch
              label={t.podcasts.public}
              description={t.podcasts.publicHint}
              checked={values.public}
              onChange={(event) => set({ public: event.currentTarget.checked })}
            />
          </Stack>
        </Group>
        <ImageInput
          label={t.podcasts.cover}
          limits={COVER_LIMITS}
          currentUrl={podcast ? coverUrl(podcast, '100x100') : ''}
          choice={cover}
          onChoice={setCover}
          onChecking={setChecking}
          error={errors.cover}
          noun={t.podcasts.coverNoun}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy || checking}>
            {podcast ? t.common.save : t.podcasts.createPodcast}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
