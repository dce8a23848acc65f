import { fromRecordDate, instantToLocal, readLocalTime, toRecordDate } from '@airgrid/domain';
import {
  type EquipmentRecord,
  type EquipmentStatus,
  isEditorRole,
  type ReservationRecord,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';

export {
  certificationExpiry,
  EXPIRES_SOON_DAYS,
  type Expiry,
  formatDay,
  formatSpan,
  isOverdue,
  RESERVATION_STATUS_COLORS,
  type ReservationView,
  reservationStatusLabel,
  reservationsIn,
  spanParts,
} from '../../shared/equipment/reservation-facts';

// The equipment area's pure rules (decision 0033): who may do what to a reservation, which
// are overdue, how a certification's expiry reads, how spans and dates read in the station's
// zone, and what the forms send. The server's rules decide; these only hide what it would
// refuse and say the rest the same way.

/** Staff (editors and above) keep the inventory, the kinds and the grants, and hand items over. */
export function isStaff(role: unknown): boolean {
  return isEditorRole(role);
}

/** Everyone but viewers may request a reservation (for themselves; staff for anyone). */
export function canReserve(role: unknown): boolean {
  return typeof role === 'string' && role !== '' && role !== 'viewer';
}

export function equipmentStatusLabel(status: string): string {
  const t = messages();
  const labels: Record<EquipmentStatus, string> = {
    available: t.equipment.statusAvailable,
    out: t.equipment.statusOut,
    maintenance: t.equipment.statusMaintenance,
    retired: t.equipment.statusRetired,
  };
  return labels[status as EquipmentStatus] ?? status;
}

export const EQUIPMENT_STATUS_COLORS: Readonly<Record<EquipmentStatus, string>> = {
  available: 'green',
  out: 'blue',
  maintenance: 'orange',
  retired: 'gray',
};

/** The statuses staff set by hand: `out` follows check-out and check-in. */
export const SETTABLE_STATUSES: readonly EquipmentStatus[] = [
  'available',
  'maintenance',
  'retired',
];

// ——— Inventory ———

export type StatusFilter = EquipmentStatus | 'all';

/** The items whose status matches and whose name (or category, serial) holds the search. */
export function filterItems<
  T extends Pick<EquipmentRecord, 'name' | 'status' | 'category' | 'serial'>,
>(items: readonly T[], status: StatusFilter, search: string): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return items
    .filter((item) => status === 'all' || item.status === status)
    .filter(
      (item) =>
        needle === '' ||
        [item.name, item.category, item.serial].some((text) =>
          text.toLocaleLowerCase().includes(needle),
        ),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface ItemFormValues {
  name: string;
  category: string;
  serial: string;
  barcode: string;
  location: string;
  status: EquipmentStatus;
  certificationRequired: string;
  replacementValue: number | string;
  notes: string;
}

export function newItemValues(): ItemFormValues {
  return {
    name: '',
    category: '',
    serial: '',
    barcode: '',
    location: '',
    status: 'available',
    certificationRequired: '',
    replacementValue: '',
    notes: '',
  };
}

export function itemFormValues(item: EquipmentRecord): ItemFormValues {
  return {
    name: item.name,
    category: item.category,
    serial: item.serial,
    barcode: item.barcode,
    location: item.location,
    status: item.status || 'available',
    certificationRequired: item.certificationRequired,
    replacementValue: item.replacementValue || '',
    notes: item.notes,
  };
}

export function checkItemForm(values: ItemFormValues): Record<string, string> {
  const t = messages();
  const errors: Record<string, string> = {};
  if (values.name.trim() === '') errors.name = t.equipment.nameRequired;
  if (typeof values.replacementValue === 'number' && values.replacementValue < 0)
    errors.replacementValue = t.equipment.valueNotNegative;
  return errors;
}

/** What Save sends: trimmed text, and no value as 0. */
export function itemBody(values: ItemFormValues) {
  return {
    ...values,
    name: values.name.trim(),
    category: values.category.trim(),
    serial: values.serial.trim(),
    barcode: values.barcode.trim(),
    location: values.location.trim(),
    replacementValue: typeof values.replacementValue === 'number' ? values.replacementValue : 0,
  };
}

// ——— Reservations ———

export interface Me {
  id: string;
  role: string;
}

export type ReservationAction = 'confirm' | 'checkOut' | 'checkIn' | 'cancel';

/**
 * What `me` may do to a reservation now, in the order the row offers them. Staff move it along
 * requested → confirmed → out → returned and cancel before it goes out; a member cancels their
 * own before it goes out (the server's NEXT table in collections/equipment.ts).
 */
export function reservationActions(
  reservation: Pick<ReservationRecord, 'status' | 'member'>,
  me: Me,
): ReservationAction[] {
  const { status } = reservation;
  if (isStaff(me.role)) {
    if (status === 'requested') return ['confirm', 'cancel'];
    if (status === 'confirmed') return ['checkOut', 'cancel'];
    if (status === 'out') return ['checkIn'];
    return [];
  }
  const own = reservation.member === me.id && me.id !== '';
  return own && (status === 'requested' || status === 'confirmed') ? ['cancel'] : [];
}

/** A record date as a datetime-local input shows it, on the station's wall clock. */
export function localInput(recordDate: string, zone: string): string {
  const at = fromRecordDate(recordDate);
  return at === null ? '' : instantToLocal(at, zone);
}

/** A new reservation's span: from the next full hour in the station's zone, for four hours. */
export function defaultSpan(now: number, zone: string): { starts: string; ends: string } {
  const hour = 3600 * 1000;
  const next = Math.ceil((now + 1) / hour) * hour;
  return { starts: instantToLocal(next, zone), ends: instantToLocal(next + 4 * hour, zone) };
}

export interface ReservationFormValues {
  equipment: string;
  member: string;
  /** Wall-clock "YYYY-MM-DDTHH:mm" in the station's zone. */
  starts: string;
  ends: string;
  note: string;
}

/** A datetime-local value as a record date, or why it cannot be one. */
function readSpanEnd(
  local: string,
  zone: string,
): { ok: true; date: string; at: number } | { ok: false; error: string } {
  const t = messages();
  if (local.trim() === '') return { ok: false, error: t.equipment.timeRequired };
  const reading = readLocalTime(local, zone);
  if (!reading.ok) {
    return {
      ok: false,
      error: reading.reason === 'skipped' ? t.equipment.timeSkipped : t.equipment.timeInvalid,
    };
  }
  return { ok: true, date: toRecordDate(reading.epochMs), at: reading.epochMs };
}

export function checkReservationForm(
  values: ReservationFormValues,
  zone: string,
  staff: boolean,
): Record<string, string> {
  const t = messages();
  const errors: Record<string, string> = {};
  if (values.equipment === '') errors.equipment = t.equipment.chooseAnItem;
  if (staff && values.member === '') errors.member = t.equipment.chooseAMember;
  const starts = readSpanEnd(values.starts, zone);
  const ends = readSpanEnd(values.ends, zone);
  if (!starts.ok) errors.starts = starts.error;
  if (!ends.ok) errors.ends = ends.error;
  if (starts.ok && ends.ok && ends.at <= starts.at) errors.ends = t.equipment.endAfterStart;
  return errors;
}

/** What Reserve sends (after `checkReservationForm` found nothing). */
export function reservationBody(values: ReservationFormValues, zone: string, meId: string) {
  const starts = readSpanEnd(values.starts, zone);
  const ends = readSpanEnd(values.ends, zone);
  return {
    equipment: values.equipment,
    member: values.member || meId,
    starts: starts.ok ? starts.date : '',
    ends: ends.ok ? ends.date : '',
    note: values.note.trim(),
  };
}

// ——— Certifications ———

export interface GrantFormValues {
  member: string;
  kind: string;
  /** "YYYY-MM-DD" on the station's calendar. */
  granted: string;
  /** "YYYY-MM-DD", or '' for never. */
  expires: string;
  note: string;
}

/** A date input's day as a record date: the start of that day in the station's zone. */
export function dayStart(isoDate: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const reading = readLocalTime(`${isoDate}T00:00`, zone);
  return reading.ok ? toRecordDate(reading.epochMs) : null;
}

export function checkGrantForm(values: GrantFormValues, zone: string): Record<string, string> {
  const t = messages();
  const errors: Record<string, string> = {};
  if (values.member === '') errors.member = t.equipment.chooseAMember;
  if (values.kind === '') errors.kind = t.equipment.chooseAKind;
  const granted = dayStart(values.granted, zone);
  if (granted === null) errors.granted = t.equipment.dateRequired;
  if (values.expires !== '') {
    const expires = dayStart(values.expires, zone);
    if (expires === null) errors.expires = t.equipment.dateInvalid;
    else if (granted !== null && expires <= granted) errors.expires = t.equipment.expiresAfterGrant;
  }
  return errors;
}

export function grantBody(values: GrantFormValues, zone: string) {
  return {
    member: values.member,
    kind: values.kind,
    granted: dayStart(values.granted, zone) ?? '',
    expires: values.expires === '' ? '' : (dayStart(values.expires, zone) ?? ''),
    note: values.note.trim(),
  };
}

/** A member's name as the lists show it. */
export function personName(member: { name?: string; email?: string } | undefined): string {
  const t = messages();
  return member?.name || member?.email || t.equipment.unknownMember;
}

/**
 * A refused save as a form shows it: the server's message for each of the form's fields under
 * it, and those for fields the form lacks (a member's Reserve form has no member field, where
 * the certification refusal lands) above it in the server's own words, without the field's
 * name or the generic "Failed to create record."; the generic one only when nothing else says why.
 */
export function explainRefusal(
  fieldErrors: Readonly<Record<string, string>>,
  generic: string | null,
  fields: readonly string[],
): { errors: Record<string, string>; formError: string | null } {
  const errors: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (fields.includes(field)) errors[field] = message;
    else rest.push(message);
  }
  if (rest.length > 0) return { errors, formError: rest.join(' ') };
  return { errors, formError: Object.keys(errors).length > 0 ? null : generic };
}
