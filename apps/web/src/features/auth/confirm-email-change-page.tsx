import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  type EmailChangeProblems,
  emailChangedMessage,
  emailChangeProblems,
  MISSING_TOKEN_MESSAGE,
  newEmailFromToken,
  newLinkHint,
  PASSWORD_REQUIRED_MESSAGE,
} from './confirm-email-change';
import { confirmEmailChange, forgetSession } from './queries';

/**
 * Moves the account to a new email address with the token from the mail sent to that address
 * (`?token=`) and the account's current password, which proves the link is used by the owner
 * and not by whoever reads the new mailbox. The server then ends every session (new token
 * key), so the page signs this browser out too and sends the user to sign in with the new
 * address.
 */
export function ConfirmEmailChangePage() {
  const t = messages();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const newEmail = newEmailFromToken(token);
  const { isSignedIn } = useAuth();
  const [done, setDone] = useState(false);
  const form = useRecordForm({
    initialValues: { password: '' },
    validate: ({ password }): Record<string, string> =>
      password ? {} : { password: PASSWORD_REQUIRED_MESSAGE },
    save: ({ password }) => confirmEmailChange(token, password),
    onSaved: () => {
      // The old session no longer works on the server; forget it here as log out does.
      forgetSession();
      setDone(true);
    },
    explain: (failure) => {
      const { form: above, ...fields } = emailChangeProblems(failure);
      return {
        errors: Object.fromEntries(Object.entries(fields).filter(([, text]) => text)),
        formError: above ?? null,
      };
    },
  });
  const { busy } = form;
  const problems: EmailChangeProblems = { ...form.errors, form: form.formError ?? undefined };

  const tokenProblem = token ? problems.token : MISSING_TOKEN_MESSAGE;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.auth.confirmYourNewEmail}
        </Title>
        {done && (
          <Alert color="green" role="status" title={t.auth.emailAddressChanged}>
            {emailChangedMessage(newEmail)}
          </Alert>
        )}
        {/* A broken link cannot be fixed on this page: say so, and how to get a new one. */}
        {!done && tokenProblem && (
          <Alert color="red" role="alert" title={t.auth.thisLinkDoesNotWork}>
            {tokenProblem} {newLinkHint(isSignedIn)}
          </Alert>
        )}
        {!done && !tokenProblem && (
          <>
            <Text>
              {newEmail ? (
                <>
                  {t.auth.enterYourPasswordToChange}{' '}
                  <Text span fw={600}>
                    {newEmail}
                  </Text>
                  .
                </>
              ) : (
                t.auth.enterYourPasswordNoAddress
              )}{' '}
              {t.auth.onceItIsChangedYou}
            </Text>
            {problems.form && (
              <Alert color="red" role="alert">
                {problems.form}
              </Alert>
            )}
            <PasswordInput
              label={t.auth.currentPassword}
              description={t.auth.thePasswordYouSignIn}
              autoComplete="current-password"
              required
              value={form.values.password}
              onChange={(e) => form.set({ password: e.currentTarget.value })}
              error={problems.password}
              // Mantine marks the input only with data-invalid; screen readers need aria-invalid.
              aria-invalid={Boolean(problems.password)}
            />
            <Button type="submit" loading={busy}>
              {t.auth.changeMyEmailAddress}
            </Button>
          </>
        )}
        {done || !isSignedIn ? (
          <Anchor component={Link} to="/auth/login" size="sm">
            {t.auth.signIn}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/dashboard" size="sm">
            {t.auth.backToTheDashboard}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
