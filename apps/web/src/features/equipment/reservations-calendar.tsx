import { type Clock, formatUsDate } from '@airgrid/domain';
import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { messages } from '../../i18n/messages';
import { Timeline } from '../../ui/timeline';
import {
  calendarBars,
  calendarRows,
  calendarWeek,
  personName,
  RESERVATION_BAR_COLORS,
  reservationStatusLabel,
  weekMonday,
} from './equipment-model';
import { equipmentQueries, type ReservationRow } from './equipment-queries';
import { QueryBody } from './equipment-ui';

const LEGEND = ['requested', 'confirmed', 'out', 'overdue', 'returned'] as const;

/**
 * The reservations of a week on the timeline chart: a row per item, a bar per reservation
 * coloured by its status (read-only: a click opens the reservation's actions). Previous and
 * next step a week in the station's zone.
 */
export function ReservationsCalendar({
  organization,
  zone,
  clock,
  onSelect,
}: {
  organization: string;
  zone: string;
  clock: Clock;
  onSelect: (reservation: ReservationRow) => void;
}) {
  const t = messages();
  const [weeks, setWeeks] = useState(0);
  const [now] = useState(() => Date.now());
  const monday = weekMonday(now, zone, weeks);
  const week = useMemo(() => calendarWeek(monday, zone), [monday, zone]);
  const items = useQuery(equipmentQueries.items(organization));
  const reservations = useQuery(equipmentQueries.week(organization, week.from, week.to));
  const list = reservations.data ?? [];
  const bars = useMemo(
    () =>
      calendarBars(
        list,
        week,
        now,
        (one) => `${personName(one.expand?.member)} · ${reservationStatusLabel(one.status)}`,
      ),
    [list, week, now],
  );
  const rows = useMemo(() => calendarRows(items.data ?? [], bars), [items.data, bars]);
  const lastDay = week.to - 12 * 3600 * 1000;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t.equipment.previousWeek}
            onClick={() => setWeeks((value) => value - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => setWeeks(0)} disabled={weeks === 0}>
            {t.equipment.thisWeek}
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t.equipment.nextWeek}
            onClick={() => setWeeks((value) => value + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text fw={600} aria-live="polite">
            {t.equipment.weekOf(
              formatUsDate(week.from + 12 * 3600 * 1000, zone),
              formatUsDate(lastDay, zone),
            )}
          </Text>
        </Group>
        <Group gap={6} aria-label={t.equipment.legend} role="group">
          {LEGEND.map((status) => (
            <Badge
              key={status}
              variant="filled"
              radius="sm"
              styles={{ root: { backgroundColor: RESERVATION_BAR_COLORS[status] } }}
            >
              {status === 'overdue' ? t.equipment.overdue : reservationStatusLabel(status)}
            </Badge>
          ))}
        </Group>
      </Group>
      <QueryBody
        query={items}
        loadingLabel={t.equipment.loadingEquipment}
        isEmpty={() => rows.length === 0}
        empty={t.equipment.noItemsYet}
      >
        {() => (
          <Timeline
            aria-label={t.equipment.reservationsCalendar}
            rows={rows}
            bars={bars}
            from={week.from}
            to={week.to}
            precision="day"
            timeZone={zone}
            clock={clock}
            labelWidth={170}
            minCellWidth={88}
            onBarClick={(id) => {
              const found = list.find((one) => one.id === id);
              if (found) onSelect(found);
            }}
          />
        )}
      </QueryBody>
      {reservations.isSuccess && bars.length === 0 && (
        <Text c="dimmed" size="sm">
          {t.equipment.nothingThisWeek}
        </Text>
      )}
    </Stack>
  );
}
