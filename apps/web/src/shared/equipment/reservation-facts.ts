import { type Clock, formatTime, formatUsDate, fromRecordDate } from '@airgrid/domain';
import {
  type CertificationRecord,
  RESERVATION_HOLDS,
  type ReservationRecord,
  type ReservationStatus,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';

// How reservations and certifications read wherever they are shown (the equipment area, a
// member's page): their statuses, which are current, overdue or past, their spans and days in
// the station's zone, and where a certification's expiry stands.

const DAY_MS = 24 * 3600 * 1000;
/** A certification expiring within this many days is "expires soon". */
const EXPIRES_SOON_DAYS = 30;

export function reservationStatusLabel(status: string): string {
  const t = messages();
  const labels: Record<ReservationStatus, string> = {
    requested: t.equipment.reservationRequested,
    confirmed: t.equipment.reservationConfirmed,
    out: t.equipment.reservationOut,
    returned: t.equipment.reservationReturned,
    cancelled: t.equipment.reservationCancelled,
  };
  return labels[status as ReservationStatus] ?? status;
}

export const RESERVATION_STATUS_COLORS: Readonly<Record<ReservationStatus, string>> = {
  requested: 'yellow',
  confirmed: 'teal',
  out: 'blue',
  returned: 'gray',
  cancelled: 'gray',
};

/** Checked out and due back before now. */
export function isOverdue(
  reservation: Pick<ReservationRecord, 'status' | 'ends'>,
  now: number,
): boolean {
  const ends = fromRecordDate(reservation.ends);
  return reservation.status === 'out' && ends !== null && ends < now;
}

export type ReservationView = 'current' | 'overdue' | 'past';

/**
 * The reservations a view lists: `current`, those that still hold their item (requested,
 * confirmed, or out) and have not ended, or are out; `overdue`, out past their end; `past`,
 * returned, cancelled, or ended without going out. Current and overdue soonest first, past
 * latest first.
 */
export function reservationsIn<T extends Pick<ReservationRecord, 'status' | 'starts' | 'ends'>>(
  reservations: readonly T[],
  view: ReservationView,
  now: number,
): T[] {
  const ends = (one: T) => fromRecordDate(one.ends) ?? 0;
  const starts = (one: T) => fromRecordDate(one.starts) ?? 0;
  const current = (one: T) =>
    one.status === 'out' || (RESERVATION_HOLDS.includes(one.status) && ends(one) > now);
  const chosen = reservations.filter((one) =>
    view === 'overdue' ? isOverdue(one, now) : view === 'current' ? current(one) : !current(one),
  );
  return chosen.sort((a, b) =>
    view === 'past' ? starts(b) - starts(a) : starts(a) - starts(b) || ends(a) - ends(b),
  );
}

/**
 * A span in the station's zone as its two ends: "05/01/2026 9:00 AM" and "5:00 PM" within a
 * day, else with both dates; null when either end is missing.
 */
export function spanParts(
  starts: string,
  ends: string,
  zone: string,
  clock: Clock,
): [string, string] | null {
  const from = fromRecordDate(starts);
  const to = fromRecordDate(ends);
  if (from === null || to === null) return null;
  const start = `${formatUsDate(from, zone)} ${formatTime(from, zone, clock)}`;
  const sameDay = formatUsDate(from, zone) === formatUsDate(to, zone);
  const end = sameDay
    ? formatTime(to, zone, clock)
    : `${formatUsDate(to, zone)} ${formatTime(to, zone, clock)}`;
  return [start, end];
}

/** A span in the station's zone: "05/01/2026 9:00 AM – 5:00 PM", or '' without both ends. */
export function formatSpan(starts: string, ends: string, zone: string, clock: Clock): string {
  const parts = spanParts(starts, ends, zone, clock);
  return parts ? `${parts[0]} – ${parts[1]}` : '';
}

export type Expiry =
  | { state: 'never' }
  | { state: 'valid'; at: number }
  | { state: 'soon'; at: number; days: number }
  | { state: 'expired'; at: number };

/** Where a certification stands now: never expires, valid, expires soon, or expired. */
export function certificationExpiry(
  certification: Pick<CertificationRecord, 'expires'>,
  now: number,
): Expiry {
  const at = fromRecordDate(certification.expires);
  if (at === null) return { state: 'never' };
  if (at <= now) return { state: 'expired', at };
  const days = Math.ceil((at - now) / DAY_MS);
  if (days <= EXPIRES_SOON_DAYS) return { state: 'soon', at, days };
  return { state: 'valid', at };
}

/** A record date as the station's calendar writes it, or '' for none. */
export function formatDay(recordDate: string, zone: string): string {
  const at = fromRecordDate(recordDate);
  return at === null ? '' : formatUsDate(at, zone);
}
