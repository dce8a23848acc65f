import { Anchor, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { pb } from '../../lib/pocketbase';
import { FormError } from '../../ui/form-error';
import { useSubmit } from './use-submit';

/** Join the waitlist: email, name, station and a note, stored for the Airgrid team. */
export function WaitlistPage() {
  const [form, setForm] = useState({ email: '', name: '', station: '', note: '' });
  const [joined, setJoined] = useState(false);
  const { busy, error, fieldErrors, submit } = useSubmit();
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await submit(() => pb.collection('waitlist').create({ ...form, email: form.email.trim() })))
      setJoined(true);
  }

  if (joined) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          You're on the list
        </Title>
        <Text>
          Thanks{form.name ? `, ${form.name}` : ''}! We'll write to {form.email} when a place opens
          up.
        </Text>
        <Anchor component={Link} to="/">
          Back to the home page
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Join the waitlist
        </Title>
        <Text size="sm" c="dimmed">
          Tell us about your station and we'll be in touch.
        </Text>
        <FormError error={error} fieldErrors={fieldErrors} />
        <TextInput
          label="Email address"
          type="email"
          required
          value={form.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <TextInput
          label="Name"
          value={form.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={fieldErrors.name}
        />
        <TextInput
          label="Station"
          value={form.station}
          onChange={(e) => set('station')(e.currentTarget.value)}
          error={fieldErrors.station}
        />
        <Textarea
          label="Note"
          rows={4}
          value={form.note}
          onChange={(e) => set('note')(e.currentTarget.value)}
          error={fieldErrors.note}
        />
        <Button type="submit" loading={busy}>
          Join the waitlist
        </Button>
      </Stack>
    </form>
  );
}
