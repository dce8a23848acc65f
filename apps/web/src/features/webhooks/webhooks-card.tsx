import type { WebhookRecord } from '@airgrid/schema';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { EditWebhookModal } from './edit-webhook-modal';
import { DeliveriesModal } from './webhook-deliveries-modal';
import { checkForm, WebhookFields } from './webhook-fields';
import { WebhookItem } from './webhook-item';
import { SecretModal } from './webhook-secret-modal';
import {
  createBody,
  emptyWebhookForm,
  sortWebhooks,
  type WebhookFormValues,
} from './webhooks-model';
import {
  type CreatedWebhook,
  createWebhook,
  webhookKeys,
  webhookQueries,
  webhookSecret,
} from './webhooks-queries';

/**
 * Webhooks (owners and admins; decision 0032): Airgrid POSTs schedule events, signed with the
 * webhook's secret, to the stations' own receivers. Add one, see its secret, test it, read its
 * recent deliveries, turn it off or delete it.
 */
export function WebhooksCard({ organization, zone }: { organization: string; zone: string }) {
  const t = messages();
  const queryClient = useQueryClient();
  const list = useQuery(webhookQueries.list(organization));
  const [secret, setSecret] = useState<{ secret: string; url: string; isNew: boolean } | null>(
    null,
  );
  const [editing, setEditing] = useState<WebhookRecord | null>(null);
  const [logOf, setLogOf] = useState<WebhookRecord | null>(null);
  const form: RecordForm<WebhookFormValues, CreatedWebhook> = useRecordForm({
    initialValues: emptyWebhookForm,
    validate: checkForm,
    serverFields: ['url', 'events', 'description'],
    save: (values) => createWebhook(createBody(values)),
    invalidate: [webhookKeys.list(organization)],
    success: () => t.webhooks.added,
    onSaved: (saved): void => {
      setSecret({ secret: saved.secret, url: saved.url, isNew: true });
      form.reset(emptyWebhookForm());
    },
  });

  async function showSecret(webhook: WebhookRecord) {
    await runAction(
      {
        save: () => webhookSecret(webhook.id),
        success: () => null,
        onSaved: (value) => setSecret({ secret: value, url: webhook.url, isNew: false }),
        failure: { summary: t.webhooks.secretNotShown, group: 'webhook-secret' },
      },
      appEffects(queryClient),
    );
  }

  let body: ReactNode;
  if (list.isPending) body = <Loader role="status" aria-label={t.webhooks.loading} size="sm" />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(list.error).error}
      </Alert>
    );
  else if (list.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t.webhooks.none}
      </Text>
    );
  else
    body = (
      <Stack
        gap="sm"
        component="ul"
        aria-label={t.webhooks.listLabel}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {sortWebhooks(list.data).map((webhook) => (
          <WebhookItem
            key={webhook.id}
            webhook={webhook}
            zone={zone}
            onShowSecret={showSecret}
            onEdit={setEditing}
            onDeliveries={setLogOf}
          />
        ))}
      </Stack>
    );

  return (
    <SectionCard title={t.webhooks.title}>
      <Stack gap="md">
        <Text size="sm">{t.webhooks.intro}</Text>
        {body}
        <form onSubmit={form.submit} noValidate>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t.webhooks.addTitle}
            </Title>
            <FormError error={form.formError} />
            <WebhookFields form={form as RecordForm<WebhookFormValues, unknown>} />
            <Group>
              <Button type="submit" loading={form.busy} leftSection={<IconWebhook size={16} />}>
                {t.webhooks.add}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
      <EditWebhookModal webhook={editing} onClose={() => setEditing(null)} />
      <DeliveriesModal webhook={logOf} zone={zone} onClose={() => setLogOf(null)} />
    </SectionCard>
  );
}
