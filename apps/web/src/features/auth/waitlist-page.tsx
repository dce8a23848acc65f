import { Anchor, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { joinWaitlist } from './queries';

/** Join the waitlist: email, name, station and a note, stored for the Airgrid team. */
export function WaitlistPage() {
  const [joined, setJoined] = useState(false);
  const form = useRecordForm({
    initialValues: { email: '', name: '', station: '', note: '' },
    save: joinWaitlist,
    onSaved: () => setJoined(true),
  });
  const { busy, errors: fieldErrors } = form;
  const set = (key: keyof typeof form.values) => (value: string) => form.set({ [key]: value });

  if (joined) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          You're on the list
        </Title>
        <Text>
          Thanks{form.values.name ? `, ${form.values.name}` : ''}! We'll write to{' '}
          {form.values.email} when a place opens up.
        </Text>
        <Anchor component={Link} to="/">
          Back to the home page
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Join the waitlist
        </Title>
        <Text size="sm" c="dimmed">
          Tell us about your station and we'll be in touch.
        </Text>
        <FormError error={form.formError} />
        <TextInput
          label="Email address"
          type="email"
          required
          value={form.values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <TextInput
          label="Name"
          value={form.values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={fieldErrors.name}
        />
        <TextInput
          label="Station"
          value={form.values.station}
          onChange={(e) => set('station')(e.currentTarget.value)}
          error={fieldErrors.station}
        />
        <Textarea
          label="Note"
          rows={4}
          value={form.values.note}
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
