import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import type { WebhookDeliveryRecord, WebhookRecord } from '@airgrid/schema';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { eventLabel, WRAPPED } from './webhook-fields';
import { sortDeliveries } from './webhooks-model';
import { webhookQueries } from './webhooks-queries';

/** The last deliveries of one webhook, newest first. */
export function DeliveriesModal({
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
  const created = fromRecordDate(delivery.created);
  const next = fromRecordDate(delivery.nextAttempt);
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
