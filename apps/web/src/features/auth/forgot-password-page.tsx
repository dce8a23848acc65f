import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { requestPasswordReset } from './queries';

/** Ask for a password-reset mail. The answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const t = messages();
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
          {t.auth.resetYourPassword}
        </Title>
        {sent ? (
          <Alert color="green" role="status">
            {t.auth.ifAnAccountUsesEmail(email.trim())}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t.auth.enterYourEmailAddressAnd}
            </Text>
            {error && !fieldErrors.email && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t.auth.emailAddress}
              type="email"
              required
              value={email}
              onChange={(e) => form.set({ email: e.currentTarget.value })}
              error={fieldErrors.email}
            />
            <Button type="submit" loading={busy}>
              {t.auth.sendTheLink}
            </Button>
          </>
        )}
        <Anchor component={Link} to="/auth/login" size="sm">
          {t.auth.backToSignIn}
        </Anchor>
      </Stack>
    </form>
  );
}
