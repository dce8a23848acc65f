import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pb } from '../../lib/pocketbase';
import { useSubmit } from './use-submit';

/** Sign in with email and password; a user without an organization goes on to onboarding. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, fieldErrors, submit } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const auth = await submit(() =>
      pb.collection('users').authWithPassword(email.trim(), password),
    );
    if (!auth) return;
    const next = params.get('next');
    navigate(
      auth.record.organization ? (next?.startsWith('/') ? next : '/dashboard') : '/onboarding',
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Sign in
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error === 'Failed to authenticate.'
              ? 'That email and password do not match an account.'
              : error}
          </Alert>
        )}
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldErrors.identity}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Group justify="space-between">
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          New here?{' '}
          <Anchor component={Link} to="/auth/signup">
            Create an account
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/auth/waitlist">
            join the waitlist
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
