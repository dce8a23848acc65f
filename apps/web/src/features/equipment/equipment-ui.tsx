import { type Clock, formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import type { ReservationRecord } from '@airgrid/schema';
import { Alert, Badge, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import type { ListQuery } from '../../ui/list-page';
import {
  EQUIPMENT_STATUS_COLORS,
  equipmentStatusLabel,
  RESERVATION_STATUS_COLORS,
  reservationStatusLabel,
} from './equipment-model';

/** A list in a tab: its loader, error, empty message, or the list itself. */
export function QueryBody<T>({
  query,
  loadingLabel,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery<T>;
  loadingLabel: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader role="status" aria-label={loadingLabel} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(query.error).error}
      </Alert>
    );
  }
  if (query.data === undefined || isEmpty(query.data)) {
    return (
      <Text c="dimmed" py="lg">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}

/** A badge beside long text keeps its words whole: the text wraps instead. */
const NO_SHRINK = { flexShrink: 0 } as const;

export function EquipmentStatusBadge({ status }: { status: string }) {
  const color = EQUIPMENT_STATUS_COLORS[status as keyof typeof EQUIPMENT_STATUS_COLORS] ?? 'gray';
  return (
    <Badge variant="light" color={color} w="max-content" style={NO_SHRINK}>
      {equipmentStatusLabel(status)}
    </Badge>
  );
}

/** The reservation's status, or Overdue (in red) when it is out past its end. */
export function ReservationStatusBadge({ status, overdue }: { status: string; overdue: boolean }) {
  const t = messages();
  if (overdue) {
    return (
      <Badge color="red" variant="filled" w="max-content" style={NO_SHRINK}>
        {t.equipment.overdue}
      </Badge>
    );
  }
  const color =
    RESERVATION_STATUS_COLORS[status as keyof typeof RESERVATION_STATUS_COLORS] ?? 'gray';
  return (
    <Badge variant="light" color={color} w="max-content" style={NO_SHRINK}>
      {reservationStatusLabel(status)}
    </Badge>
  );
}

/**
 * What happened at the hand-overs: when the item went out and came back, each with the
 * condition staff wrote then. Nothing while it has not gone out.
 */
export function HandoverNotes({
  reservation,
  zone,
  clock,
}: {
  reservation: Pick<
    ReservationRecord,
    'checkedOutAt' | 'checkedInAt' | 'checkoutNote' | 'returnNote'
  >;
  zone: string;
  clock: Clock;
}) {
  const t = messages().equipment;
  const when = (date: string) => {
    const epoch = fromRecordDate(date);
    return epoch === null ? '' : formatUsDateTime(epoch, zone, clock);
  };
  const lines = [
    reservation.checkedOutAt && t.wentOut(when(reservation.checkedOutAt), reservation.checkoutNote),
    reservation.checkedInAt && t.cameBack(when(reservation.checkedInAt), reservation.returnNote),
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}
