import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isSuperuser } from '../../app/route-access';
import { messages } from '../../i18n/messages';
import { safeNextPath } from '../../lib/next-path';
import { useAuth } from '../../lib/use-auth';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { signInOperator } from './queries';

/** /operator/login: a superuser signs in, then goes to the console (or where `?next=` says). */
export function OperatorLoginPage() {
  const t = messages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isSignedIn, user } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const next = safeNextPath(params.get('next'));
  const destination = next?.startsWith('/operator') ? next : '/operator';
  const form = useRecordForm({
    initialValues: { email: '', password: '' },
    save: async ({ email, password }) => {
      setLeaving(true);
      try {
        return await signInOperator(email, password);
      } catch (error) {
        setLeaving(false);
        throw error;
      }
    },
    onSaved: () => navigate(destination, { replace: true }),
  });
  if (isSignedIn && isSuperuser(user) && !leaving) return <Navigate to={destination} replace />;
  const { busy, serverError: error, errors: fieldErrors } = form;

  return (
    <Paper withBorder radius="md" p="xl" maw={440} mx="auto" mt="xl">
      {isSignedIn && !isSuperuser(user) ? (
        <Stack gap="md">
          <Title order={1} size="h2">
            {t.operator.operatorSignIn}
          </Title>
          <Text>{t.operator.notAnOperator}</Text>
        </Stack>
      ) : (
        <form onSubmit={form.submit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h2">
              {t.operator.operatorSignIn}
            </Title>
            <Text size="sm" c="dimmed">
              {t.operator.operatorSignInLead}
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error === 'Failed to authenticate.' ? t.operator.wrongPassword : error}
              </Alert>
            )}
            <TextInput
              label={t.operator.email}
              type="email"
              autoComplete="username"
              required
              value={form.values.email}
              onChange={(event) => form.set({ email: event.currentTarget.value })}
              error={fieldErrors.email ?? fieldErrors.identity}
            />
            <PasswordInput
              label={t.operator.password}
              autoComplete="current-password"
              required
              value={form.values.password}
              onChange={(event) => form.set({ password: event.currentTarget.value })}
              error={fieldErrors.password}
            />
            <Button type="submit" loading={busy}>
              {t.operator.signIn}
            </Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
