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
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { signIn } from './queries';

/** Sign in with email and password; a user without an organization goes on to onboarding. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useRecordForm({
    initialValues: { email: '', password: '' },
    save: ({ email, password }) => signIn(email, password),
    onSaved: (auth) => {
      const next = params.get('next');
      navigate(
        auth.record.organization ? (next?.startsWith('/') ? next : '/dashboard') : '/onboarding',
      );
    },
  });
  const { busy, serverError: error, errors: fieldErrors } = form;

  return (
    <form onSubmit={form.submit} noValidate>
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
          value={form.values.email}
          onChange={(e) => form.set({ email: e.currentTarget.value })}
          error={fieldErrors.identity}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={(e) => form.set({ password: e.currentTarget.value })}
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
