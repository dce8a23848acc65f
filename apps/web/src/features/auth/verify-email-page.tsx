import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../../ui/forms/server-errors';
import { confirmVerification, hasSession } from './queries';

type State = { kind: 'checking' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/** Confirms the email address with the token from the verification mail (`?token=`). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    token
      ? { kind: 'checking' }
      : { kind: 'failed', message: 'This page needs the link from your verification email.' },
  );

  useEffect(() => {
    if (!token) return;
    confirmVerification(token).then(
      () => setState({ kind: 'verified' }),
      (error: unknown) => {
        const { error: message, fieldErrors } = describeError(error);
        setState({
          kind: 'failed',
          message: fieldErrors.token ?? message ?? 'The link did not work.',
        });
      },
    );
  }, [token]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Verify your email
      </Title>
      {state.kind === 'checking' && <Loader role="status" aria-label="Checking the link" />}
      {state.kind === 'verified' && (
        <Alert color="green" role="status">
          Your email address is verified. Thank you!
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      )}
      <Anchor component={Link} to={hasSession() ? '/dashboard' : '/auth/login'} size="sm">
        Continue
      </Anchor>
    </Stack>
  );
}
