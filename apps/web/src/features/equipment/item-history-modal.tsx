import type { EquipmentRecord } from '@airgrid/schema';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { describeError } from '../../ui/forms/server-errors';
import { formatSpan, isOverdue, personName } from './equipment-model';
import { equipmentQueries } from './equipment-queries';
import { HandoverNotes, ReservationStatusBadge } from './equipment-ui';

/**
 * An item's history (staff): every reservation of it, the latest first, older ones a page at a
 * time, each with who had it, when, and the condition written as it went out and came back.
 */
export function ItemHistoryModal({
  item,
  zone,
  onClose,
}: {
  item: EquipmentRecord | null;
  zone: string;
  onClose: () => void;
}) {
  const t = messages().equipment;
  return (
    <Modal opened={item !== null} onClose={onClose} title={t.historyOf(item?.name ?? '')} size="lg">
      {item && <History item={item.id} zone={zone} />}
    </Modal>
  );
}

function History({ item, zone }: { item: string; zone: string }) {
  const t = messages().equipment;
  const clock = useClockSetting();
  const history = useInfiniteQuery(equipmentQueries.history(item));
  if (history.isPending) return <Loader role="status" aria-label={t.loadingHistory} size="sm" />;
  if (history.isError)
    return (
      <Alert color="red" role="alert">
        {describeError(history.error).error}
      </Alert>
    );
  const rows = history.data.pages.flat();
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t.noHistory}
      </Text>
    );
  const now = Date.now();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.historyHint}
      </Text>
      <Stack gap="xs" role="list" aria-label={t.history}>
        {rows.map((reservation) => (
          <Paper key={reservation.id} withBorder p="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {personName(reservation.expand?.member)}
                </Text>
                <Text size="sm">
                  {formatSpan(reservation.starts, reservation.ends, zone, clock)}
                </Text>
                <HandoverNotes reservation={reservation} zone={zone} clock={clock} />
              </Stack>
              <ReservationStatusBadge
                status={reservation.status}
                overdue={isOverdue(reservation, now)}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
      {history.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            {t.showOlder}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
