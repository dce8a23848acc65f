import { newPasswordErrors } from '@airgrid/domain';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { destinationAfterSignIn, withNext } from '../../lib/next-path';
import { useAuth } from '../../lib/use-auth';
import { ProviderButtons } from '../../shared/sign-in-providers/provider-buttons';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { signUp } from './queries';

/**
 * Create an account, sign in, and continue to onboarding (with an invite, if one led here). A
 * signed-in user who opens this page goes where signing in would take them.
 */
export function SignupPage() {
  const t = messages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isSignedIn, user } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const form = useRecordForm({
    initialValues: { name: '', email: '', password: '', passwordConfirm: '' },
    // The server's password rules, checked before anything is sent.
    validate: ({ password, passwordConfirm }) => newPasswordErrors(password, passwordConfirm),
    save: async (values) => {
      setLeaving(true);
      try {
        return await signUp(values);
      } catch (error) {
        setLeaving(false);
        throw error;
      }
    },
    onSaved: () => navigate(destinationAfterSignIn('', params.get('next'))),
  });
  // Already signed in (not by this form, which navigates itself once the account is made).
  if (isSignedIn && !leaving) {
    return <Navigate to={destinationAfterSignIn(user?.organization, params.get('next'))} replace />;
  }
  const { busy, errors: fieldErrors } = form;
  const set = (key: keyof typeof form.values) => (value: string) => form.set({ [key]: value });

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.auth.createAnAccount}
        </Title>
        <FormError error={form.formError} />
        <TextInput
          label={t.auth.fullName}
          autoComplete="name"
          value={form.values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={fieldErrors.name}
        />
        <TextInput
          label={t.auth.emailAddress}
          type="email"
          autoComplete="email"
          required
          value={form.values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <PasswordInput
          label={t.auth.password}
          description={t.auth.atLeast8Characters}
          autoComplete="new-password"
          required
          value={form.values.password}
          onChange={(e) => set('password')(e.currentTarget.value)}
          error={fieldErrors.password}
        />
        <PasswordInput
          label={t.auth.confirmPassword}
          autoComplete="new-password"
          required
          value={form.values.passwordConfirm}
          onChange={(e) => set('passwordConfirm')(e.currentTarget.value)}
          error={fieldErrors.passwordConfirm}
        />
        <Button type="submit" loading={busy}>
          {t.auth.createAccountButton}
        </Button>
        <ProviderButtons
          onSignedIn={(auth) =>
            navigate(destinationAfterSignIn(auth.record.organization, params.get('next')))
          }
        />
        <Text size="sm" c="dimmed">
          {t.auth.alreadyHaveAnAccount}{' '}
          <Anchor component={Link} to={withNext('/auth/login', params.get('next'))}>
            {t.auth.signIn}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
