import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { showKeys } from '../../shared/shows/show-keys';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import { SectionCard } from '../../ui/section-card';
import { thumbnailUrl, updateShow } from './queries';
import type { ShowRecord } from './show-model';
import { ShowThumbnailInput } from './show-thumbnail-input';

// The show page's thumbnail card: the picture guides show, changed by those who manage the show.

export function ThumbnailCard({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const t = messages();
  const [choice, setChoice] = useState<ImageChoice>(KEEP_IMAGE);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm({
    initialValues: {},
    save: () => updateShow(show.id, imagePatch('thumbnail', choice)),
    // The card remounts with the saved record (its key is the record's `updated`).
    invalidate: [showKeys.all],
    success: () => (choice.kind === 'remove' ? t.shows.thumbnailRemoved : t.shows.thumbnailSaved),
    serverFields: ['thumbnail'],
  });
  const { errors, busy } = form;
  const current = thumbnailUrl(show, '640x360');

  if (!canManage) {
    return (
      <SectionCard title={t.shows.thumbnail}>
        {current ? (
          <Avatar src={current} w={224} h={126} radius="sm" alt={t.shows.thumbnail} />
        ) : (
          <Text c="dimmed" size="sm">
            {t.shows.noThumbnailYet}
          </Text>
        )}
      </SectionCard>
    );
  }

  return (
    <SectionCard title={t.shows.thumbnail}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <ShowThumbnailInput
            currentUrl={current}
            choice={choice}
            onChoice={setChoice}
            onChecking={setChecking}
            error={errors.thumbnail}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy || checking} disabled={choice.kind === 'keep'}>
              {t.shows.saveThumbnail}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
