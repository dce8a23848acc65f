import { newPasswordErrors } from '@airgrid/domain';
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { confirmPasswordReset } from './queries';

/** Choose a new password with the token from the reset mail (`?token=`). */
export function ResetPasswordPage() {
  const t = messages();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useRecordForm({
    initialValues: { password: '', passwordConfirm: '' },
    // The server's password rules, checked before anything is sent.
    validate: ({ password, passwordConfirm }) => newPasswordErrors(password, passwordConfirm),
    save: ({ password, passwordConfirm }) => confirmPasswordReset(token, password, passwordConfirm),
    onSaved: (confirmed) => setDone(confirmed),
  });
  const { busy, serverError: error, errors: fieldErrors } = form;

  const tokenProblem = !token ? t.auth.resetLinkMissing : fieldErrors.token;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.auth.chooseANewPassword}
        </Title>
        {done ? (
          <Alert color="green" role="status">
            {t.auth.yourPasswordIsChangedSign}
          </Alert>
        ) : (
          <>
            {(tokenProblem || (error && !Object.keys(fieldErrors).length)) && (
              <Alert color="red" role="alert">
                {tokenProblem ? t.auth.tokenProblemAskForANew(tokenProblem) : error}
              </Alert>
            )}
            <PasswordInput
              label={t.auth.newPassword}
              description={t.auth.atLeast8Characters}
              autoComplete="new-password"
              required
              value={form.values.password}
              onChange={(e) => form.set({ password: e.currentTarget.value })}
              error={fieldErrors.password}
            />
            <PasswordInput
              label={t.auth.confirmNewPassword}
              autoComplete="new-password"
              required
              value={form.values.passwordConfirm}
              onChange={(e) => form.set({ passwordConfirm: e.currentTarget.value })}
              error={fieldErrors.passwordConfirm}
            />
            <Button type="submit" loading={busy} disabled={!token}>
              {t.auth.saveTheNewPassword}
            </Button>
          </>
        )}
        <Anchor component={Link} to={done ? '/auth/login' : '/auth/forgot-password'} size="sm">
          {done ? t.auth.signIn : t.auth.askForANewLink}
        </Anchor>
      </Stack>
    </form>
  );
}
