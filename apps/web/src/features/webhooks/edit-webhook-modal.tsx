import type { WebhookRecord } from '@airgrid/schema';
import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { checkForm, WebhookFields } from './webhook-fields';
import { updateBody, type WebhookFormValues, webhookFormOf } from './webhooks-model';
import { updateWebhook, webhookKeys } from './webhooks-queries';

/** Changes a saved webhook: its address, description, events, and whether it sends. */
export function EditWebhookModal({
  webhook,
  onClose,
}: {
  webhook: WebhookRecord | null;
  onClose: () => void;
}) {
  const t = messages();
  return (
    <Modal opened={webhook !== null} onClose={onClose} title={t.webhooks.editTitle} size="lg">
      {webhook && <EditWebhookForm key={webhook.id} webhook={webhook} onClose={onClose} />}
    </Modal>
  );
}

function EditWebhookForm({ webhook, onClose }: { webhook: WebhookRecord; onClose: () => void }) {
  const t = messages();
  const form: RecordForm<WebhookFormValues, WebhookRecord> = useRecordForm({
    initialValues: () => webhookFormOf(webhook),
    validate: checkForm,
    serverFields: ['url', 'events', 'description'],
    save: (values) => updateWebhook(webhook.id, updateBody(webhook, values)),
    invalidate: [webhookKeys.list(webhook.organization)],
    success: () => t.webhooks.saved,
    onSaved: onClose,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <FormError error={form.formError} />
        <WebhookFields form={form as RecordForm<WebhookFormValues, unknown>} />
        <Switch
          label={t.webhooks.sendsEvents}
          checked={form.values.enabled}
          onChange={(event) => form.set({ enabled: event.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={form.busy}>
            {t.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
