import { newPasswordErrors } from '@airgrid/domain';
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { confirmPasswordReset } from './queries';

/** Choose a new password with the token from the reset mail (`?token=`). */
export function ResetPasswordPage() {
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

  const tokenProblem = !token
    ? 'This page needs the link from your reset email.'
    : fieldErrors.token;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Choose a new password
        </Title>
        {done ? (
          <Alert color="green" role="status">
            Your password is changed. Sign in with the new one.
          </Alert>
        ) : (
          <>
            {(tokenProblem || (error && !Object.keys(fieldErrors).length)) && (
              <Alert color="red" role="alert">
                {tokenProblem ? `${tokenProblem} Ask for a new link.` : error}
              </Alert>
            )}
            <PasswordInput
              label="New password"
              description="At least 8 characters."
              autoComplete="new-password"
              required
              value={form.values.password}
              onChange={(e) => form.set({ password: e.currentTarget.value })}
              error={fieldErrors.password}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              value={form.values.passwordConfirm}
              onChange={(e) => form.set({ passwordConfirm: e.currentTarget.value })}
              error={fieldErrors.passwordConfirm}
            />
            <Button type="submit" loading={busy} disabled={!token}>
              Save the new password
            </Button>
          </>
        )}
        <Anchor component={Link} to={done ? '/auth/login' : '/auth/forgot-password'} size="sm">
          {done ? 'Sign in' : 'Ask for a new link'}
        </Anchor>
      </Stack>
    </form>
  );
}
