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
  useMantineColorScheme,
} from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { adoptAccountTheme } from '../../app/color-scheme-manager';
import { themeForPath } from '../../app/theme-for-path';
import { messages } from '../../i18n/messages';
import { destinationAfterSignIn, withNext } from '../../lib/next-path';
import { useAuth } from '../../lib/use-auth';
import { ProviderButtons } from '../../shared/sign-in-providers/provider-buttons';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { signIn } from './queries';

const destination = destinationAfterSignIn;

/**
 * Sign in with email and password, then back to where the visitor was (`?next=`, only a path
 * of this app) or the dashboard; a user without an organization goes on to onboarding. A
 * signed-in user who opens this page goes there at once.
 */
export function LoginPage() {
  const t = messages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isSignedIn, user } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  const { setColorScheme } = useMantineColorScheme();
  /** Shows the account's colour mode at once on a device that has none (see adoptAccountTheme). */
  const adoptColorMode = (settings: unknown) => {
    const adopted = adoptAccountTheme(settings);
    if (adopted) setColorScheme(themeForPath(pathname, adopted).scheme);
  };
  const form = useRecordForm({
    initialValues: { email: '', password: '' },
    save: async ({ email, password }) => {
      setLeaving(true);
      try {
        return await signIn(email, password);
      } catch (error) {
        setLeaving(false);
        throw error;
      }
    },
    onSaved: (auth) => {
      adoptColorMode(auth.record.settings);
      navigate(destination(auth.record.organization, params.get('next')), { replace: true });
    },
  });
  // Already signed in (not by this form, which navigates itself once the sign-in is saved).
  if (isSignedIn && !leaving) {
    return <Navigate to={destination(user?.organization, params.get('next'))} replace />;
  }
  const { busy, serverError: error, errors: fieldErrors } = form;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.auth.signIn}
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error === 'Failed to authenticate.' ? t.auth.wrongPassword : error}
          </Alert>
        )}
        <TextInput
          label={t.auth.emailAddress}
          type="email"
          autoComplete="email"
          required
          value={form.values.email}
          onChange={(e) => form.set({ email: e.currentTarget.value })}
          error={fieldErrors.identity}
        />
        <PasswordInput
          label={t.auth.password}
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={(e) => form.set({ password: e.currentTarget.value })}
          error={fieldErrors.password}
        />
        <Group justify="space-between">
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            {t.auth.forgotYourPassword}
          </Anchor>
          <Button type="submit" loading={busy}>
            {t.auth.signIn}
          </Button>
        </Group>
        <ProviderButtons
          onSignedIn={(auth) => {
            setLeaving(true);
            adoptColorMode(auth.record.settings);
            navigate(destination(auth.record.organization, params.get('next')), { replace: true });
          }}
        />
        <Text size="sm" c="dimmed">
          {t.auth.newHere}{' '}
          <Anchor component={Link} to={withNext('/auth/signup', params.get('next'))}>
            {t.auth.createAnAccount}
          </Anchor>{' '}
          {t.auth.or}{' '}
          <Anchor component={Link} to="/auth/waitlist">
            {t.auth.joinTheWaitlistLower}
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
