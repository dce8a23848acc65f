import { Anchor, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { joinWaitlist } from './queries';

/** Join the waitlist: email, name, station and a note, stored for the Airgrid team. */
export function WaitlistPage() {
  const t = messages();
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
          {t.waitlist.youReOnTheList}
        </Title>
        <Text>{t.waitlist.thanks(form.values.name, form.values.email)}</Text>
        <Anchor component={Link} to="/">
          {t.waitlist.backToTheHomePage}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.waitlist.joinTheWaitlist}
        </Title>
        <Text size="sm" c="dimmed">
          {t.waitlist.tellUsAboutYourStation}
        </Text>
        <FormError error={form.formError} />
        <TextInput
          label={t.waitlist.emailAddress}
          type="email"
          required
          value={form.values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <TextInput
          label={t.waitlist.name}
          value={form.values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={fieldErrors.name}
        />
        <TextInput
          label={t.waitlist.station}
          value={form.values.station}
          onChange={(e) => set('station')(e.currentTarget.value)}
          error={fieldErrors.station}
        />
        <Textarea
          label={t.waitlist.note}
          rows={4}
          value={form.values.note}
          onChange={(e) => set('note')(e.currentTarget.value)}
          error={fieldErrors.note}
        />
        <Button type="submit" loading={busy}>
          {t.waitlist.joinTheWaitlist}
        </Button>
      </Stack>
    </form>
  );
}
