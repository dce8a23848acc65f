import { newPasswordErrors } from '@airgrid/domain';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import type { ChangeEvent } from 'react';
import { messages } from '../../i18n/messages';
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
  const t = messages();
  const form: RecordForm<typeof EMPTY, RecordModel> = useRecordForm({
    initialValues: EMPTY,
    validate: ({ oldPassword, password, passwordConfirm }) => ({
      ...(oldPassword === '' ? { oldPassword: t.settings.enterYourCurrentPasswordToChange } : {}),
      ...newPasswordErrors(password, passwordConfirm),
    }),
    save: (values) => changePassword(String(user.email), values),
    success: () => ({
      summary: t.settings.passwordChanged,
      detail: t.settings.otherDevicesSignedOut,
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
    <SectionCard title={t.settings.passwordTitle}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t.settings.changingYourPasswordSignsYouOut}
          </Text>
          <FormError error={form.formError} />
          <PasswordInput
            label={t.settings.currentPasswordLabel}
            autoComplete="current-password"
            {...field('oldPassword')}
          />
          <PasswordInput
            label={t.settings.newPasswordLabel}
            autoComplete="new-password"
            {...field('password')}
          />
          <PasswordInput
            label={t.settings.confirmNewPasswordLabel}
            autoComplete="new-password"
            {...field('passwordConfirm')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              {t.settings.changePasswordButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
