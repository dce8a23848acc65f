import { newPasswordErrors } from '@airgrid/domain';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import type { ChangeEvent } from 'react';
import { FormError } from '../../ui/form-error';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { changePassword } from './queries';

const EMPTY = { oldPassword: '', password: '', passwordConfirm: '' };

/**
 * Settings → Account: change the password with the current one. Every other session of the
 * account ends (the server gives the account a new token key); this one signs in again with
 * the new password, so the person changing it stays signed in here.
 */
export function PasswordCard({ user }: { user: RecordModel }) {
  const form: RecordForm<typeof EMPTY, RecordModel> = useRecordForm({
    initialValues: EMPTY,
    validate: ({ oldPassword, password, passwordConfirm }) => ({
      ...(oldPassword === '' ? { oldPassword: 'Enter your current password.' } : {}),
      ...newPasswordErrors(password, passwordConfirm),
    }),
    save: (values) => changePassword(String(user.email), values),
    success: () => ({
      summary: 'Password changed',
      detail: 'Your other devices and browsers were signed out.',
    }),
    onSaved: (): void => form.reset(EMPTY),
    serverFields: ['oldPassword', 'password', 'passwordConfirm'],
  });
  const { errors } = form;
  const field = (name: keyof typeof EMPTY) => ({
    value: form.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      form.set({ [name]: event.currentTarget.value }),
    error: errors[name],
  });

  return (
    <SectionCard title="Password">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Changing your password signs you out everywhere else.
          </Text>
          <FormError error={form.formError} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...field('oldPassword')}
          />
          <PasswordInput label="New password" autoComplete="new-password" {...field('password')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...field('passwordConfirm')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
