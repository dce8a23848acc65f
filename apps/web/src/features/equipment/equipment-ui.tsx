import { Alert, Badge, Loader, Text } from '@mantine/core';
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

export function EquipmentStatusBadge({ status }: { status: string }) {
  const color = EQUIPMENT_STATUS_COLORS[status as keyof typeof EQUIPMENT_STATUS_COLORS] ?? 'gray';
  return (
    <Badge variant="light" color={color} w="max-content">
      {equipmentStatusLabel(status)}
    </Badge>
  );
}

/** The reservation's status, or Overdue (in red) when it is out past its end. */
export function ReservationStatusBadge({ status, overdue }: { status: string; overdue: boolean }) {
  const t = messages();
  if (overdue) {
    return (
      <Badge color="red" variant="filled" w="max-content">
        {t.equipment.overdue}
      </Badge>
    );
  }
  const color =
    RESERVATION_STATUS_COLORS[status as keyof typeof RESERVATION_STATUS_COLORS] ?? 'gray';
  return (
    <Badge variant="light" color={color} w="max-content">
      {reservationStatusLabel(status)}
    </Badge>
  );
}
