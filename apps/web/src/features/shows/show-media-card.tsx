import { formatBytes } from '@airgrid/domain';
import { Anchor, Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMovie, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { showKeys, showQueries, updateShow } from './queries';
import { isWebAddress, MEDIA_HINT, mediaFileProblem, type ShowRecord } from './show-model';

// The show page's media card: the stored file or the address where the media lives.

export function MediaCard({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const t = messages();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRecordForm({
    initialValues: { mediaUrl: show.mediaUrl ?? '' },
    validate: ({ mediaUrl }): Record<string, string> => {
      const url = mediaUrl.trim();
      return url !== '' && !isWebAddress(url) ? { mediaUrl: t.shows.theMediaUrlMustStart } : {};
    },
    save: ({ mediaUrl }) => updateShow(show.id, { mediaUrl: mediaUrl.trim() }),
    // The card remounts with the saved record (its key is the record's `updated`).
    invalidate: [showKeys.all],
    success: (_saved, { mediaUrl }) =>
      mediaUrl.trim() ? t.shows.mediaUrlSaved : t.shows.mediaUrlRemoved,
    serverFields: ['media', 'mediaUrl'],
  });
  const { errors, busy, formError } = form;
  const mediaUrl = form.values.mediaUrl;
  const size = useQuery(showQueries.mediaSize(show));
  const urlChanged = mediaUrl.trim() !== (show.mediaUrl ?? '');

  function choose(chosen: File | null) {
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    const found = mediaFileProblem(chosen);
    if (found) setProblem(found);
    else setFile(chosen);
  }

  async function onUpload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    await form.run({
      save: () => updateShow(show.id, { media: file }),
      success: () => t.shows.nameUploaded(file.name),
    });
  }

  return (
    <SectionCard title={t.shows.media}>
      <Stack gap="sm">
        <FormError error={formError} />
        {show.media ? (
          <Group gap="xs" data-testid="show-media">
            <IconMovie size={18} />
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {show.media}
            </Text>
            <Text size="sm" c="dimmed">
              {size.data ? formatBytes(size.data) : ''}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t.shows.noMediaFileYet}
          </Text>
        )}
        {canManage && (
          <form onSubmit={onUpload} noValidate>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <FileInput
                label={show.media ? t.shows.replaceTheMediaFile : t.shows.mediaFile}
                description={MEDIA_HINT}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t.shows.chooseAVideoOrAudio}
                accept="video/*,audio/*"
                leftSection={<IconUpload size={16} />}
                value={file}
                onChange={choose}
                clearable
                error={problem ?? errors.media}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} loading={busy} disabled={!file}>
                {t.shows.upload}
              </Button>
            </Group>
            {file && (
              <Text size="xs" c="dimmed" mt={4}>
                {file.name}, {formatBytes(file.size)}
              </Text>
            )}
          </form>
        )}
        {canManage ? (
          <form onSubmit={form.submit} noValidate>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={t.shows.mediaUrl}
                description={t.shows.orWhereTheMediaLives}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t.shows.https}
                value={mediaUrl}
                onChange={(event) => form.set({ mediaUrl: event.currentTarget.value })}
                error={errors.mediaUrl}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="default" mt={25} loading={busy} disabled={!urlChanged}>
                {t.shows.saveUrl}
              </Button>
            </Group>
          </form>
        ) : (
          show.mediaUrl && (
            <Anchor href={show.mediaUrl} target="_blank" rel="noreferrer" size="sm">
              {show.mediaUrl}
            </Anchor>
          )
        )}
      </Stack>
    </SectionCard>
  );
}
