import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { type ChannelRecord, DEFAULT_BUMPER_TITLE } from '../../shared/channels/channel-model';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import { SectionCard } from '../../ui/section-card';
import { ChannelImageInput } from './channel-image-input';
import { bumperImageUrl, channelKeys, updateChannel } from './queries';

// The channel page's bumper card: what viewers see when nothing is on.

/** The bumper: what viewers see when nothing is on. Editors and above change it. */
export function BumperCard({ channel, canManage }: { channel: ChannelRecord; canManage: boolean }) {
  const t = messages();
  const [image, setImage] = useState<ImageChoice>(KEEP_IMAGE);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm({
    initialValues: { title: channel.bumperTitle, description: channel.bumperDescription },
    save: ({ title, description }) =>
      updateChannel(channel.id, {
        bumperTitle: title.trim(),
        bumperDescription: description.trim(),
        ...imagePatch('bumperImage', image),
      }),
    // The card remounts with the saved record (its key is the record's `updated`).
    invalidate: [channelKeys.all],
    success: () => t.channels.bumperSaved,
    serverFields: ['bumperTitle', 'bumperDescription', 'bumperImage'],
  });
  const { values, errors, busy } = form;
  const changed =
    values.title !== channel.bumperTitle ||
    values.description !== channel.bumperDescription ||
    image.kind !== 'keep';
  const currentImage = bumperImageUrl(channel, '100x100');

  function onCancel() {
    form.reset();
    setImage(KEEP_IMAGE);
  }

  return (
    <SectionCard title={t.channels.bumper}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t.channels.whatViewersSeeWhenNothing}
          </Text>
          <FormError error={form.formError} />
          <TextInput
            label={t.channels.bumperTitle}
            description={t.channels.leftEmptyViewersSeeDefault(DEFAULT_BUMPER_TITLE)}
            placeholder={DEFAULT_BUMPER_TITLE}
            maxLength={120}
            value={values.title}
            onChange={(event) => form.set({ title: event.currentTarget.value })}
            error={errors.bumperTitle}
            disabled={!canManage}
          />
          <Textarea
            label={t.channels.bumperDescription}
            placeholder={t.channels.eGRegularProgrammingResumes}
            autosize
            minRows={2}
            maxLength={500}
            value={values.description}
            onChange={(event) => form.set({ description: event.currentTarget.value })}
            error={errors.bumperDescription}
            disabled={!canManage}
          />
          <ChannelImageInput
            field="bumperImage"
            label={t.channels.bumperImage}
            currentUrl={currentImage}
            choice={image}
            onChoice={setImage}
            onChecking={setChecking}
            error={errors.bumperImage}
            disabled={!canManage}
          />
          {canManage && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} disabled={busy || !changed}>
                {t.common.cancel}
              </Button>
              <Button type="submit" loading={busy || checking} disabled={!changed}>
                {t.channels.saveBumper}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
