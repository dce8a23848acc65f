import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { confirmVerification, hasSession } from './queries';

type State = { kind: 'checking' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/** Confirms the email address with the token from the verification mail (`?token=`). */
export function VerifyEmailPage() {
  const t = messages();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { kind: 'checking' } : { kind: 'failed', message: t.auth.verificationLinkMissing },
  );

  useEffect(() => {
    if (!token) return;
    confirmVerification(token).then(
      () => setState({ kind: 'verified' }),
      (error: unknown) => {
        const { error: message, fieldErrors } = describeError(error);
        setState({
          kind: 'failed',
          message: fieldErrors.token ?? message ?? messages().auth.theLinkDidNotWork,
        });
      },
    );
  }, [token]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.auth.verifyYourEmail}
      </Title>
      {state.kind === 'checking' && <Loader role="status" aria-label={t.auth.checkingTheLink} />}
      {state.kind === 'verified' && (
        <Alert color="green" role="status">
          {t.auth.yourEmailAddressIsVerified}
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      )}
      <Anchor component={Link} to={hasSession() ? '/dashboard' : '/auth/login'} size="sm">
        {t.auth.continue}
      </Anchor>
    </Stack>
  );
}
