import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { pb } from '../../lib/pocketbase';
import { FormError } from '../../ui/form-error';
import { placeServerErrors } from '../../ui/forms/form-state';
import { RulesField } from '../../ui/forms/rules-field';
import { useRulesForm } from '../../ui/forms/use-rules-form';
import { toast } from '../../ui/toast';
import { describeError } from '../auth/use-submit';
import {
  emailChangeNotice,
  PROFILE_FIELDS,
  PROFILE_OPTIONS,
  profileChanges,
  profileValues,
} from './profile-form';

/**
 * The profile card: the signed-in user's own details, saved with Save. Name, phone, username
 * and bio are a record update; a new email address is a confirmation link sent to it.
 */
export function ProfileCard({ user }: { user: RecordModel }) {
  const stored = useMemo(() => profileValues(user), [user]);
  const form = useRulesForm(PROFILE_FIELDS, { ...PROFILE_OPTIONS, initialValues: stored });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!form.validate()) return;
    const { patch, newEmail } = profileChanges(form.initial, form.values);
    setBusy(true);
    try {
      if (Object.keys(patch).length > 0) {
        const record = await pb.collection('users').update(user.id, patch);
        // Saved: start again from the record, keeping an email change still to be sent.
        reset({ ...profileValues(record), email: String(form.values.email ?? '') });
      }
      if (newEmail) {
        await pb.collection('users').requestEmailChange(newEmail);
        reset({ ...profileValues({ ...user, ...patch }), email: String(user.email ?? '') });
        setNotice(emailChangeNotice(newEmail));
      }
      if (Object.keys(patch).length > 0) toast({ severity: 'success', summary: 'Profile saved' });
    } catch (failure) {
      const described = describeError(failure);
      const placed = placeServerErrors(described.fieldErrors, Object.keys(form.fields), {
        newEmail: 'email',
      });
      form.setErrors(placed.fieldErrors);
      const placedSome = Object.keys(placed.fieldErrors).length > 0;
      setError(
        placed.unplaced.length > 0 || !placedSome
          ? [described.error, ...placed.unplaced].filter(Boolean).join(' ')
          : null,
      );
    } finally {
      setBusy(false);
    }
  }

  function onCancel() {
    reset(stored);
    setError(null);
    setNotice(null);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="settings-profile-title">
      <form onSubmit={onSave} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5" id="settings-profile-title">
            Profile
          </Title>
          <FormError error={error} />
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
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={form.changed.length === 0}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
