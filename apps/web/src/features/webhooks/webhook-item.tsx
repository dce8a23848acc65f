import { formatUsDateTime } from '@airgrid/domain';
import type { WebhookRecord } from '@airgrid/schema';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconList, IconPencil, IconSend, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { eventLabel, WRAPPED } from './webhook-fields';
import { type TestResult, testResultOf, webhookState } from './webhooks-model';
import { deleteWebhook, testWebhook, updateWebhook, webhookKeys } from './webhooks-queries';

function confirmDelete(webhook: WebhookRecord, queryClient: QueryClient) {
  const t = messages();
  modals.openConfirmModal({
    title: t.webhooks.deleteTitle,
    children: (
      <Text size="sm" style={WRAPPED}>
        {t.webhooks.deleteExplained(webhook.url)}
      </Text>
    ),
    labels: { confirm: t.webhooks.delete, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => deleteWebhook(webhook.id),
          invalidate: [webhookKeys.list(webhook.organization)],
          success: () => t.webhooks.deleted,
          failure: { summary: t.webhooks.notDeleted, group: 'webhook-delete' },
        },
        appEffects(queryClient),
      ),
  });
}

/** A test event's outcome, under the webhook it was sent to. */
function TestOutcome({ result }: { result: TestResult }) {
  const t = messages();
  if (result.ok)
    return (
      <Alert color="teal" role="status" py={6}>
        {t.webhooks.testDelivered(result.status, result.ms)}
      </Alert>
    );
  return (
    <Alert color="red" role="alert" py={6} title={t.webhooks.testFailed}>
      <Text size="sm" style={WRAPPED}>
        {[
          result.status === null ? '' : t.webhooks.testFailedWith(result.status, result.ms),
          result.error,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Alert>
  );
}

/** One webhook in the list: where it sends, what, its state, and what can be done with it. */
export function WebhookItem({
  webhook,
  zone,
  onShowSecret,
  onEdit,
  onDeliveries,
}: {
  webhook: WebhookRecord;
  zone: string;
  onShowSecret: (webhook: WebhookRecord) => Promise<void>;
  onEdit: (webhook: WebhookRecord) => void;
  onDeliveries: (webhook: WebhookRecord) => void;
}) {
  const t = messages();
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [toggling, setToggling] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const state = webhookState(webhook);

  async function sendTest() {
    setTesting(true);
    setTestError(null);
    setResult(null);
    try {
      setResult(testResultOf(await testWebhook(webhook.id)));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhook.id) });
    } catch (error) {
      setTestError(describeError(error).error);
    } finally {
      setTesting(false);
    }
  }

  async function toggle(enabled: boolean) {
    setToggling(true);
    await runAction(
      {
        save: () => updateWebhook(webhook.id, { enabled }),
        invalidate: [webhookKeys.list(webhook.organization)],
        success: () => (enabled ? t.webhooks.turnedOn : t.webhooks.turnedOff),
        failure: { summary: t.webhooks.notToggled, group: 'webhook-toggle' },
      },
      appEffects(queryClient),
    );
    setToggling(false);
  }

  return (
    <Paper withBorder p="md" radius="sm" component="li" aria-label={webhook.url}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" ff="monospace" style={WRAPPED}>
              {webhook.url}
            </Text>
            {webhook.description && (
              <Text size="sm" c="dimmed">
                {webhook.description}
              </Text>
            )}
          </Stack>
          <Switch
            label={state.kind === 'disabled' ? t.webhooks.disabled : t.webhooks.enabled}
            aria-label={t.webhooks.enabledLabel(webhook.url)}
            checked={webhook.enabled}
            disabled={toggling}
            onChange={(event) => toggle(event.currentTarget.checked)}
            labelPosition="left"
            style={{ flexShrink: 0 }}
          />
        </Group>
        <Group gap={6} wrap="wrap" aria-label={t.webhooks.events}>
          {webhook.events.map((event) => (
            <Badge key={event} variant="light" color="gray" tt="none">
              {eventLabel(event)}
            </Badge>
          ))}
        </Group>
        {state.kind === 'disabled' && state.reason && (
          <Text size="sm" c="red.8">
            {t.webhooks.disabledBecause(state.reason)}
          </Text>
        )}
        {state.kind === 'failing' && (
          <Badge color="orange" variant="light" tt="none" w="fit-content">
            {t.webhooks.failingSince(formatUsDateTime(state.since, zone))}
          </Badge>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={14} />}
            loading={testing}
            onClick={sendTest}
            aria-label={t.webhooks.sendTestLabel(webhook.url)}
          >
            {t.webhooks.sendTest}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconList size={14} />}
            onClick={() => onDeliveries(webhook)}
            aria-label={t.webhooks.deliveriesLabel(webhook.url)}
          >
            {t.webhooks.deliveries}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconShieldLock size={14} />}
            loading={revealing}
            onClick={async () => {
              setRevealing(true);
              await onShowSecret(webhook);
              setRevealing(false);
            }}
            aria-label={t.webhooks.showSecretLabel(webhook.url)}
          >
            {t.webhooks.showSecret}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            onClick={() => onEdit(webhook)}
            aria-label={t.webhooks.editLabel(webhook.url)}
          >
            {t.webhooks.edit}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => confirmDelete(webhook, queryClient)}
            aria-label={t.webhooks.deleteLabel(webhook.url)}
          >
            {t.webhooks.delete}
          </Button>
        </Group>
        {testing ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t.webhooks.sending}</Text>
          </Group>
        ) : testError ? (
          <Alert color="red" role="alert" py={6}>
            {testError}
          </Alert>
        ) : (
          result && <TestOutcome result={result} />
        )}
      </Stack>
    </Paper>
  );
}
