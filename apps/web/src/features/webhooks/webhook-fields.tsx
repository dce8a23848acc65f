import { WEBHOOK_EVENTS } from '@airgrid/schema';
import { Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { messages } from '../../i18n/messages';
import type { RecordForm } from '../../ui/forms/use-record-form';
import { type WebhookFormValues, webhookProblems } from './webhooks-model';

// The webhook form's fields and their check (the add form's and the edit form's), and how the
// webhooks card writes an event's name and a long address.

/** A long address or secret wraps rather than scrolls, on a phone too. */
export const WRAPPED = { wordBreak: 'break-all' } as const;

export function eventLabel(event: string): string {
  return messages().webhooks.eventLabels[event] ?? event;
}

export function checkForm(values: WebhookFormValues): Record<string, string> {
  const t = messages();
  const problems = webhookProblems(values);
  return {
    ...(problems.url ? { url: t.webhooks.urlRequired } : {}),
    ...(problems.events ? { events: t.webhooks.eventsRequired } : {}),
  };
}

/** The URL, description and events fields of the add and edit forms. */
export function WebhookFields({ form }: { form: RecordForm<WebhookFormValues, unknown> }) {
  const t = messages();
  /** Sets a field and drops its message: the message was about the value replaced. */
  const edit = (changes: Partial<WebhookFormValues>) => {
    form.set(changes);
    const names = Object.keys(changes);
    if (names.some((name) => form.errors[name])) {
      const rest = Object.fromEntries(
        Object.entries(form.errors).filter(([name]) => !names.includes(name)),
      );
      form.setErrors(rest);
    }
  };
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: '2 1 260px' }}
          label={t.webhooks.url}
          description={t.webhooks.urlHelp}
          placeholder={t.webhooks.urlPlaceholder}
          required
          type="url"
          autoComplete="off"
          value={form.values.url}
          error={form.errors.url}
          onChange={(event) => edit({ url: event.currentTarget.value })}
        />
        <TextInput
          style={{ flex: '1 1 200px' }}
          label={t.webhooks.description}
          placeholder={t.webhooks.descriptionPlaceholder}
          autoComplete="off"
          maxLength={500}
          value={form.values.description}
          error={form.errors.description}
          onChange={(event) => edit({ description: event.currentTarget.value })}
        />
      </Group>
      <Checkbox.Group
        label={t.webhooks.events}
        withAsterisk
        value={form.values.events}
        error={form.errors.events}
        onChange={(events) => edit({ events })}
      >
        <Group gap="md" mt={6} wrap="wrap">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={eventLabel(event)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
