import type { Clock } from '@airgrid/domain';
import {
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { useAction } from '../../ui/forms/use-action';
import classes from './equipment.module.css';
import {
  canReserve,
  groupByBooking,
  isOverdue,
  isStaff,
  type Me,
  personName,
  type ReservationView,
  reservationActions,
  reservationsIn,
  spanParts,
} from './equipment-model';
import {
  equipmentKeys,
  equipmentQueries,
  type ReservationRow,
  updateReservation,
} from './equipment-queries';
import { HandoverNotes, QueryBody, ReservationStatusBadge } from './equipment-ui';
import { HandoverModal } from './handover-modal';
import { ReservationsCalendar } from './reservations-calendar';
import { ReserveModal } from './reserve-modal';

/**
 * Reservations: upcoming and current, overdue, or past (staff see all, a member their own: the
 * API's rules filter). Row actions follow the status; Reserve opens the request form.
 */
export function ReservationsTab({ organization, me }: { organization: string; me: Me }) {
  const t = messages();
  const clock = useClockSetting();
  const zone = useQuery(equipmentQueries.zone(organization)).data ?? 'UTC';
  const reservations = useQuery(equipmentQueries.reservations(organization));
  const [view, setView] = useState<ReservationView>('current');
  const [layout, setLayout] = useState<'list' | 'calendar'>('list');
  const [selected, setSelected] = useState<ReservationRow | null>(null);
  const [reserving, setReserving] = useState(false);
  const [handover, setHandover] = useState<{
    reservation: ReservationRow;
    kind: 'checkOut' | 'checkIn';
  } | null>(null);
  const now = Date.now();
  const overdue = reservationsIn(reservations.data ?? [], 'overdue', now).length;
  const staff = isStaff(me.role);
  // A phone gets cards: a table's status and actions would sit off the screen's edge.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" w={narrow ? '100%' : undefined}>
          <SegmentedControl
            aria-label={t.equipment.layout}
            fullWidth={narrow}
            w={narrow ? '100%' : undefined}
            value={layout}
            onChange={(value) => setLayout(value as 'list' | 'calendar')}
            data={[
              { value: 'list', label: t.equipment.list },
              { value: 'calendar', label: t.equipment.calendar },
            ]}
          />
          {layout === 'list' && (
            <SegmentedControl
              aria-label={t.equipment.show}
              fullWidth={narrow}
              w={narrow ? '100%' : undefined}
              value={view}
              onChange={(value) => setView(value as ReservationView)}
              data={[
                {
                  value: 'current',
                  label: narrow ? t.equipment.upcoming : t.equipment.upcomingAndCurrent,
                },
                {
                  value: 'overdue',
                  label: overdue > 0 ? t.equipment.overdueCount(overdue) : t.equipment.overdue,
                },
                { value: 'past', label: t.equipment.past },
              ]}
            />
          )}
        </Group>
        {canReserve(me.role) && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setReserving(true)}>
            {t.equipment.reserve}
          </Button>
        )}
      </Group>
      {layout === 'calendar' ? (
        <ReservationsCalendar
          organization={organization}
          zone={zone}
          clock={clock}
          onSelect={setSelected}
        />
      ) : (
        <QueryBody
          query={reservations}
          loadingLabel={t.equipment.loadingReservations}
          isEmpty={(list) => reservationsIn(list, view, now).length === 0}
          empty={
            view === 'overdue'
              ? t.equipment.nothingOverdue
              : view === 'past'
                ? t.equipment.noPastReservations
                : staff
                  ? t.equipment.noReservationsStaff
                  : t.equipment.noReservations
          }
        >
          {(list) => {
            const shown = reservationsIn(list, view, now);
            return narrow ? (
              <Stack gap="sm" role="list" aria-label={t.equipment.reservations}>
                {groupByBooking(shown).flatMap((group) =>
                  group.map((reservation, index) => (
                    <Paper
                      key={reservation.id}
                      withBorder
                      p="sm"
                      role="listitem"
                      data-reservation={reservation.id}
                      data-booking={reservation.booking || undefined}
                      className={group.length > 1 ? classes.inBookingCard : undefined}
                    >
                      <Stack gap={6}>
                        {group.length > 1 && index === 0 && (
                          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                            {t.equipment.reservedTogether(group.length)}
                          </Text>
                        )}
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <ItemCell reservation={reservation} zone={zone} clock={clock} />
                          <ReservationStatusBadge
                            status={reservation.status}
                            overdue={isOverdue(reservation, now)}
                          />
                        </Group>
                        <MemberCell reservation={reservation} me={me} />
                        <SpanCell reservation={reservation} zone={zone} clock={clock} withZone />
                        <RowActions
                          reservation={reservation}
                          me={me}
                          onHandover={(kind) => setHandover({ reservation, kind })}
                        />
                      </Stack>
                    </Paper>
                  )),
                )}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" aria-label={t.equipment.reservations}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.equipment.item}</Table.Th>
                      <Table.Th>{t.equipment.member}</Table.Th>
                      <Table.Th>{t.equipment.whenInZone(zone)}</Table.Th>
                      <Table.Th>{t.equipment.status}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t.equipment.actions}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {groupByBooking(shown).map((group) => (
                      <Fragment key={group[0]?.id}>
                        {group.length > 1 && (
                          <Table.Tr data-booking={group[0]?.booking} className={classes.bookingRow}>
                            <Table.Td colSpan={5}>
                              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                                {t.equipment.reservedTogether(group.length)}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        )}
                        {group.map((reservation) => (
                          <Table.Tr
                            key={reservation.id}
                            data-reservation={reservation.id}
                            data-booking={reservation.booking || undefined}
                            className={group.length > 1 ? classes.inBooking : undefined}
                          >
                            <Table.Td>
                              <ItemCell reservation={reservation} zone={zone} clock={clock} />
                            </Table.Td>
                            <Table.Td>
                              <MemberCell reservation={reservation} me={me} />
                            </Table.Td>
                            <Table.Td>
                              <SpanCell reservation={reservation} zone={zone} clock={clock} />
                            </Table.Td>
                            <Table.Td>
                              <ReservationStatusBadge
                                status={reservation.status}
                                overdue={isOverdue(reservation, now)}
                              />
                            </Table.Td>
                            <Table.Td>
                              <RowActions
                                reservation={reservation}
                                me={me}
                                onHandover={(kind) => setHandover({ reservation, kind })}
                              />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            );
          }}
        </QueryBody>
      )}
      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={t.equipment.reservationOf(
          selected?.expand?.equipment?.name ?? t.equipment.unknownItem,
        )}
      >
        {selected && (
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <ItemCell reservation={selected} zone={zone} clock={clock} />
              <ReservationStatusBadge status={selected.status} overdue={isOverdue(selected, now)} />
            </Group>
            <MemberCell reservation={selected} me={me} />
            <SpanCell reservation={selected} zone={zone} clock={clock} withZone />
            <RowActions
              reservation={selected}
              me={me}
              onHandover={(kind) => {
                setSelected(null);
                setHandover({ reservation: selected, kind });
              }}
              onDone={() => setSelected(null)}
            />
          </Stack>
        )}
      </Modal>
      <ReserveModal
        opened={reserving}
        onClose={() => setReserving(false)}
        organization={organization}
        me={me}
        zone={zone}
      />
      <HandoverModal
        opened={handover !== null}
        onClose={() => setHandover(null)}
        reservation={handover?.reservation}
        kind={handover?.kind ?? 'checkOut'}
      />
    </Stack>
  );
}

/** The item, the member's note, and the condition written at each hand-over. */
function ItemCell({
  reservation,
  zone,
  clock,
}: {
  reservation: ReservationRow;
  zone: string;
  clock: Clock;
}) {
  const t = messages();
  return (
    <div>
      <Text fw={600} size="sm">
        {reservation.expand?.equipment?.name ?? t.equipment.unknownItem}
      </Text>
      {reservation.note && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {reservation.note}
        </Text>
      )}
      <HandoverNotes reservation={reservation} zone={zone} clock={clock} />
    </div>
  );
}

function MemberCell({ reservation, me }: { reservation: ReservationRow; me: Me }) {
  const t = messages();
  return (
    <Text size="sm">
      {personName(reservation.expand?.member)}
      {reservation.member === me.id && (
        <Text span size="sm" c="dimmed">
          {' '}
          {t.equipment.you}
        </Text>
      )}
    </Text>
  );
}

/** The span, each end kept on one line; on a card, the zone after it. */
function SpanCell({
  reservation,
  zone,
  clock,
  withZone = false,
}: {
  reservation: ReservationRow;
  zone: string;
  clock: Clock;
  withZone?: boolean;
}) {
  const parts = spanParts(reservation.starts, reservation.ends, zone, clock);
  if (!parts) return null;
  return (
    <Text size="sm">
      <span className={classes.nowrap}>{parts[0]}</span> –{' '}
      <span className={classes.nowrap}>{parts[1]}</span>
      {withZone && (
        <Text span size="xs" c="dimmed">
          {' '}
          {zone}
        </Text>
      )}
    </Text>
  );
}

/** Confirm, Check out, Check in, Cancel: what the status and the role allow. */
function RowActions({
  reservation,
  me,
  onHandover,
  onDone,
}: {
  reservation: ReservationRow;
  me: Me;
  onHandover: (kind: 'checkOut' | 'checkIn') => void;
  /** After a confirm or a cancel went through (the calendar's modal closes). */
  onDone?: () => void;
}) {
  const t = messages();
  const action = useAction();
  const item = reservation.expand?.equipment?.name ?? t.equipment.unknownItem;
  const actions = reservationActions(reservation, me);
  if (actions.length === 0) return null;
  const confirm = () =>
    action.run(
      {
        save: () => updateReservation(reservation.id, { status: 'confirmed' }),
        invalidate: [equipmentKeys.all],
        success: () => t.equipment.reservationConfirmedToast(item),
        onSaved: onDone,
        failure: { summary: t.equipment.notConfirmed, group: 'reservation-confirm' },
      },
      'confirm',
    );
  const cancel = () =>
    modals.openConfirmModal({
      title: t.equipment.cancelReservationOf(item),
      children: <Text size="sm">{t.equipment.cancelExplained}</Text>,
      labels: { confirm: t.equipment.cancelReservation, cancel: t.equipment.keepIt },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        action.run(
          {
            save: () => updateReservation(reservation.id, { status: 'cancelled' }),
            invalidate: [equipmentKeys.all],
            success: () => t.equipment.reservationCancelledToast(item),
            onSaved: onDone,
            failure: { summary: t.equipment.notCancelled, group: 'reservation-cancel' },
          },
          'cancel',
        ),
    });
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {actions.includes('confirm') && (
        <Button
          size="compact-sm"
          onClick={confirm}
          loading={action.pending === 'confirm'}
          aria-label={t.equipment.confirmReservationOf(item)}
        >
          {t.equipment.confirm}
        </Button>
      )}
      {actions.includes('checkOut') && (
        <Button
          size="compact-sm"
          onClick={() => onHandover('checkOut')}
          aria-label={t.equipment.checkOutItem(item)}
        >
          {t.equipment.checkOut}
        </Button>
      )}
      {actions.includes('checkIn') && (
        <Button
          size="compact-sm"
          onClick={() => onHandover('checkIn')}
          aria-label={t.equipment.checkInItem(item)}
        >
          {t.equipment.checkIn}
        </Button>
      )}
      {actions.includes('cancel') && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={cancel}
          loading={action.pending === 'cancel'}
          aria-label={t.equipment.cancelReservationOf(item)}
        >
          {t.equipment.cancelShort}
        </Button>
      )}
    </Group>
  );
}
