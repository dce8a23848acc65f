import { Anchor, Avatar, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { readImageSize } from '../../lib/image-size';
import {
  PHOTO_ACCEPT,
  PHOTO_HINT,
  photoFileProblem,
  photoImageProblem,
} from '../../shared/photo-limits';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { avatarUrl } from './avatar-url';
import { updateOwnUser } from './queries';

/** What Save will do: nothing yet, upload a chosen image, or remove the current photo. */
type Pending =
  | { kind: 'none' }
  | { kind: 'upload'; file: File; preview: string }
  | { kind: 'delete' };

/**
 * The photo card: the current avatar, Delete and Update, a file input for an image within the
 * hint's limits (checked here before upload, and again by the server), Cancel and Save.
 * Delete and a chosen image wait for Save, so Cancel can take them back.
 */
export function PhotoCard({ user }: { user: RecordModel }) {
  const t = messages();
  const [pending, setPending] = useState<Pending>({ kind: 'none' });
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm({
    initialValues: {},
    // The SDK sends a File as multipart; the update refreshes the signed-in record, so the
    // header's avatar follows.
    save: () => updateOwnUser(user.id, { avatar: pending.kind === 'upload' ? pending.file : null }),
    success: () => (pending.kind === 'upload' ? t.settings.photoSaved : t.settings.photoRemoved),
    onSaved: () => setPending({ kind: 'none' }),
    serverFields: ['avatar'],
  });
  const { busy } = form;
  const fileButton = useRef<HTMLButtonElement>(null);
  // The choice the latest check belongs to, so a slow decode cannot overwrite a newer choice.
  const choice = useRef(0);

  // Object URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      if (pending.kind === 'upload') URL.revokeObjectURL(pending.preview);
    },
    [pending],
  );

  const name = typeof user.name === 'string' && user.name ? user.name : String(user.email ?? '');
  const current = avatarUrl(user);
  const canDelete = Boolean(current) && pending.kind !== 'delete';
  const shown =
    pending.kind === 'upload' ? pending.preview : pending.kind === 'delete' ? undefined : current;

  async function onChoose(file: File | null) {
    const ticket = ++choice.current;
    setError(null);
    setPending({ kind: 'none' });
    if (!file) return;
    const typeProblem = photoFileProblem(file);
    if (typeProblem) {
      setError(typeProblem);
      return;
    }
    setChecking(true);
    const size = await readImageSize(file);
    if (ticket !== choice.current) return;
    setChecking(false);
    const sizeProblem = photoImageProblem(file, size);
    if (sizeProblem) {
      setError(sizeProblem);
      return;
    }
    setPending({ kind: 'upload', file, preview: URL.createObjectURL(file) });
  }

  function onDelete() {
    choice.current++;
    setError(null);
    setChecking(false);
    setPending({ kind: 'delete' });
  }

  function onCancel() {
    choice.current++;
    setError(null);
    setChecking(false);
    setPending({ kind: 'none' });
  }

  async function onSave() {
    if (pending.kind === 'none') return;
    setError(null);
    await form.submit();
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="settings-photo-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="settings-photo-title">
          {t.settings.photo}
        </Title>
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={shown}
            name={name}
            color="green"
            size={64}
            radius="xl"
            alt={shown ? t.settings.yourPhoto : undefined}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {pending.kind === 'delete'
                ? t.settings.yourPhotoWillBeRemoved
                : pending.kind === 'upload'
                  ? t.settings.yourNewPhotoWillBe
                  : current
                    ? t.settings.yourPhoto
                    : t.settings.noPhotoYetYourInitials}
            </Text>
            <Group gap="md">
              <Anchor
                component="button"
                type="button"
                size="sm"
                c={canDelete ? 'red' : 'dimmed'}
                style={canDelete ? undefined : { cursor: 'not-allowed', textDecoration: 'none' }}
                onClick={onDelete}
                disabled={!canDelete}
              >
                {t.common.delete}
              </Anchor>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => fileButton.current?.click()}
              >
                {t.settings.update}
              </Anchor>
            </Group>
          </Stack>
        </Group>
        <FileInput
          ref={fileButton}
          label={t.settings.photoFile}
          description={PHOTO_HINT}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t.settings.chooseAnImage}
          accept={PHOTO_ACCEPT}
          leftSection={<IconPhoto size={16} />}
          value={pending.kind === 'upload' ? pending.file : null}
          onChange={onChoose}
          clearable
          error={error ?? form.errors.avatar ?? form.formError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button onClick={onSave} loading={busy || checking} disabled={pending.kind === 'none'}>
            {t.common.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
