import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { RulesField } from '../../ui/forms/rules-field';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  emailChangeNotice,
  PROFILE_FIELDS,
  PROFILE_OPTIONS,
  profileChanges,
  profileValues,
} from './profile-form';
import { requestEmailChange, updateOwnUser } from './queries';

/**
 * The profile card: the signed-in user's own details, saved with Save. Name, phone, username
 * and bio are a record update; a new email address is a confirmation link sent to it.
 */
export function ProfileCard({ user }: { user: RecordModel }) {
  const t = messages();
  const stored = useMemo(() => profileValues(user), [user]);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useRecordForm({
    fields: PROFILE_FIELDS,
    ...PROFILE_OPTIONS,
    initialValues: stored,
    save: async (values) => {
      const { patch, newEmail } = profileChanges(form.initial, values);
      if (Object.keys(patch).length > 0) {
        const record = await updateOwnUser(user.id, patch);
        // Saved: start again from the record, keeping an email change still to be sent.
        form.reset({ ...profileValues(record), email: String(values.email ?? '') });
      }
      if (newEmail) {
        await requestEmailChange(newEmail);
        form.reset({ ...profileValues({ ...user, ...patch }), email: String(user.email ?? '') });
        setNotice(emailChangeNotice(newEmail));
      }
      return patch;
    },
    success: (patch) => (Object.keys(patch).length > 0 ? t.settings.profileSaved : null),
    aliases: { newEmail: 'email' },
  });
  const { busy } = form;

  // The stored profile can change while the card is open (another card saved the record):
  // follow it, unless the user is in the middle of editing.
  const editing = useRef(false);
  editing.current = form.changed.length > 0;
  const storedKey = JSON.stringify(stored);
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey stands for stored.
  useEffect(() => {
    if (!editing.current) reset(stored);
  }, [storedKey, reset]);

  function onSave(event: FormEvent) {
    setNotice(null);
    return form.submit(event);
  }

  function onCancel() {
    reset(stored);
    setNotice(null);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="settings-profile-title">
      <form onSubmit={onSave} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5" id="settings-profile-title">
            {t.settings.profile}
          </Title>
          <FormError error={form.formError} />
          <RulesField form={form} name="name" autoComplete="name" />
          <RulesField form={form} name="phone" autoComplete="tel" />
          <RulesField form={form} name="email" autoComplete="email" />
          <RulesField form={form} name="username" autoComplete="username" />
          <RulesField form={form} name="bio" rows={4} />
          {notice && (
            <Alert color="blue" role="status">
              {notice}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t.common.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={form.changed.length === 0}>
              {t.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
