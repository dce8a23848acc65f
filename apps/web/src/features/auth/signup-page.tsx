import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { pb } from '../../lib/pocketbase';
import { FormError } from '../../ui/form-error';
import { useSubmit } from './use-submit';

/** Create an account, sign in, and continue to onboarding. */
export function SignupPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', passwordConfirm: '' });
  const { busy, error, fieldErrors, submit } = useSubmit();
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const done = await submit(async () => {
      await pb.collection('users').create({ ...form, email: form.email.trim() });
      await pb.collection('users').authWithPassword(form.email.trim(), form.password);
      // The verification mail is a courtesy: signing up does not wait on it.
      pb.collection('users')
        .requestVerification(form.email.trim())
        .catch(() => {});
      return true;
    });
    if (done) navigate('/onboarding');
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Create an account
        </Title>
        <FormError error={error} fieldErrors={fieldErrors} />
        <TextInput
          label="Full Name"
          autoComplete="name"
          value={form.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={fieldErrors.name}
        />
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters."
          autoComplete="new-password"
          required
          value={form.password}
          onChange={(e) => set('password')(e.currentTarget.value)}
          error={fieldErrors.password}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          value={form.passwordConfirm}
          onChange={(e) => set('passwordConfirm')(e.currentTarget.value)}
          error={fieldErrors.passwordConfirm}
        />
        <Button type="submit" loading={busy}>
          Create account
        </Button>
        <Text size="sm" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/auth/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
