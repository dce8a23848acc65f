import { formatUsDateTime } from '@airgrid/domain';
import { WEBHOOK_EVENTS, type WebhookDeliveryRecord, type WebhookRecord } from '@airgrid/schema';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconList,
  IconPencil,
  IconSend,
  IconShieldLock,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messages } from '../../i18n/messages';
import { CopyField } from '../../ui/copy-field';
import { FormError } from '../../ui/form-error';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { recordTime } from './api-keys-model';
import {
  createBody,
  emptyWebhookForm,
  sortDeliveries,
  sortWebhooks,
  type TestResult,
  testResultOf,
  updateBody,
  type WebhookFormValues,
  webhookFormOf,
  webhookProblems,
  webhookState,
} from './webhooks-model';
import {
  type CreatedWebhook,
  createWebhook,
  deleteWebhook,
  testWebhook,
  updateWebhook,
  webhookKeys,
  webhookQueries,
  webhookSecret,
} from './webhooks-queries';

/** A long address or secret wraps rather than scrolls, on a phone too. */
const WRAPPED = { wordBreak: 'break-all' } as const;

function eventLabel(event: string): string {
  return messages().webhooks.eventLabels[event] ?? event;
}

function checkForm(values: WebhookFormValues): Record<string, string> {
  const t = messages();
  const problems = webhookProblems(values);
  return {
    ...(problems.url ? { url: t.webhooks.urlRequired } : {}),
    ...(problems.events ? { events: t.webhooks.eventsRequired } : {}),
  };
}

/** The URL, description and events fields of the add and edit forms. */
function WebhookFields({ form }: { form: RecordForm<WebhookFormValues, unknown> }) {
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

/** The signing secret: once after adding (with how to check a signature), or on demand. */
function SecretModal({
  shown,
  onClose,
}: {
  shown: { secret: string; url: string; isNew: boolean } | null;
  onClose: () => void;
}) {
  const t = messages();
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.isNew ? t.webhooks.newSecretTitle : t.webhooks.secretTitle}
      size="lg"
      closeOnClickOutside={!shown?.isNew}
    >
      {shown && (
        <Stack gap="md">
          <Text size="sm" style={WRAPPED}>
            {shown.url}
          </Text>
          {shown.isNew && (
            <Alert color="yellow" role="status">
              {t.webhooks.copyItNow}
            </Alert>
          )}
          <CopyField label={t.webhooks.theSecret} value={shown.secret} />
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t.webhooks.verifyTitle}
            </Text>
            <List size="sm" spacing={2} type="ordered">
              <List.Item>
                {t.webhooks.verifyHeader} <Code>{t.webhooks.signatureHeader}</Code>
              </List.Item>
              {t.webhooks.verifyLines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t.webhooks.done}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The last deliveries of one webhook, newest first. */
function DeliveriesModal({
  webhook,
  zone,
  onClose,
}: {
  webhook: WebhookRecord | null;
  zone: string;
  onClose: () => void;
}) {
  const t = messages();
  const deliveries = useQuery({
    ...webhookQueries.deliveries(webhook?.id ?? ''),
    enabled: webhook !== null,
  });
  let body: ReactNode;
  if (deliveries.isPending)
    body = <Loader role="status" aria-label={t.webhooks.loadingDeliveries} size="sm" />;
  else if (deliveries.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(deliveries.error).error}
      </Alert>
    );
  else if (deliveries.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t.webhooks.noDeliveries}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t.webhooks.deliveries} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.webhooks.event}</Table.Th>
              <Table.Th>{t.webhooks.status}</Table.Th>
              <Table.Th>{t.webhooks.httpStatus}</Table.Th>
              <Table.Th>{t.webhooks.responseTime}</Table.Th>
              <Table.Th>{t.webhooks.when}</Table.Th>
              <Table.Th>{t.webhooks.attempts}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sortDeliveries(deliveries.data).map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} zone={zone} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      title={webhook ? t.webhooks.deliveriesTitle(webhook.url) : ''}
      size="xl"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t.webhooks.deliveriesIntro}
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={deliveries.isFetching}
            onClick={() => deliveries.refetch()}
          >
            {t.webhooks.refresh}
          </Button>
        </Group>
        {body}
      </Stack>
    </Modal>
  );
}

function DeliveryRow({ delivery, zone }: { delivery: WebhookDeliveryRecord; zone: string }) {
  const t = messages();
  const created = recordTime(delivery.created);
  const next = recordTime(delivery.nextAttempt);
  const color =
    delivery.status === 'delivered' ? 'teal' : delivery.status === 'failed' ? 'red' : 'yellow';
  return (
    <Table.Tr>
      <Table.Td>{eventLabel(delivery.event)}</Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Badge color={color} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
            {t.webhooks.statusLabels[delivery.status]}
          </Badge>
          {delivery.error && (
            <Text size="xs" c="dimmed" style={WRAPPED}>
              {delivery.error}
            </Text>
          )}
          {delivery.status === 'pending' && next !== null && (
            <Text size="xs" c="dimmed">
              {t.webhooks.nextAttempt(formatUsDateTime(next, zone))}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {delivery.attempts === 0
          ? ''
          : delivery.responseStatus > 0
            ? delivery.responseStatus
            : t.webhooks.noAnswer}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {delivery.attempts === 0 ? '' : t.webhooks.milliseconds(delivery.responseMs)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {created === null ? '' : formatUsDateTime(created, zone)}
      </Table.Td>
      <Table.Td>{delivery.attempts}</Table.Td>
    </Table.Tr>
  );
}

/** Changes a saved webhook: its address, description, events, and whether it sends. */
function EditWebhookModal({
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
function WebhookItem({
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
