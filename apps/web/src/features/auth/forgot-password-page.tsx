import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { requestPasswordReset } from './queries';

/** Ask for a password-reset mail. The answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useRecordForm({
    initialValues: { email: '' },
    save: ({ email }) => requestPasswordReset(email),
    onSaved: (done) => setSent(done),
  });
  const { busy, serverError: error, errors: fieldErrors } = form;
  const email = form.values.email;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Reset your password
        </Title>
        {sent ? (
          <Alert color="green" role="status">
            If an account uses {email.trim()}, a link to choose a new password is on its way. It
            works for 30 minutes.
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Enter your email address and we'll send you a link to choose a new password.
            </Text>
            {error && !fieldErrors.email && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email address"
              type="email"
              required
              value={email}
              onChange={(e) => form.set({ email: e.currentTarget.value })}
              error={fieldErrors.email}
            />
            <Button type="submit" loading={busy}>
              Send the link
            </Button>
          </>
        )}
        <Anchor component={Link} to="/auth/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
