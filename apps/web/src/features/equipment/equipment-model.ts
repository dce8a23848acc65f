import {
  addDays,
  formatBytes,
  fromRecordDate,
  instantToLocal,
  localToInstant,
  mondayOfWeek,
  readLocalTime,
  toRecordDate,
} from '@airgrid/domain';
import {
  type EquipmentRecord,
  type EquipmentStatus,
  equipment as equipmentDefinition,
  findField,
  isEditorRole,
  type ReservationRecord,
  type ReservationStatus,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { isOverdue } from '../../shared/equipment/reservation-facts';
import type { ImageLimits } from '../../ui/image-input';

export {
  certificationExpiry,
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
  kit: string;
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
    kit: '',
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
    kit: item.kit ?? '',
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
    kit: values.kit.trim(),
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
  /** The items reserved together (a kit's, or chosen one by one). */
  equipment: string[];
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
  if (values.equipment.length === 0) errors.equipment = t.equipment.chooseAnItem;
  if (staff && values.member === '') errors.member = t.equipment.chooseAMember;
  const starts = readSpanEnd(values.starts, zone);
  const ends = readSpanEnd(values.ends, zone);
  if (!starts.ok) errors.starts = starts.error;
  if (!ends.ok) errors.ends = ends.error;
  if (starts.ok && ends.ok && ends.at <= starts.at) errors.ends = t.equipment.endAfterStart;
  return errors;
}

/**
 * What Reserve sends (after `checkReservationForm` found nothing): one reservation per item,
 * all sharing `booking` when there are several (a kit), written in one batch.
 */
export function reservationBodies(
  values: ReservationFormValues,
  zone: string,
  meId: string,
  booking: string,
) {
  const starts = readSpanEnd(values.starts, zone);
  const ends = readSpanEnd(values.ends, zone);
  return [...new Set(values.equipment)].map((equipment, _index, all) => ({
    equipment,
    member: values.member || meId,
    starts: starts.ok ? starts.date : '',
    ends: ends.ok ? ends.date : '',
    note: values.note.trim(),
    booking: all.length > 1 ? booking : '',
  }));
}

/** A booking id for reservations made together: 15 random lowercase letters and digits. */
export function newBookingId(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 15 }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
    '',
  );
}

// ——— Kits ———

/** Whether an item can be reserved at all (the server refuses retired and maintenance). */
export function isReservable(item: Pick<EquipmentRecord, 'status'>): boolean {
  return item.status !== 'retired' && item.status !== 'maintenance';
}

/** The kit names in use, each once, in order (compared without case or outer spaces). */
export function kitNames(items: readonly Pick<EquipmentRecord, 'kit'>[]): string[] {
  const names = new Map<string, string>();
  for (const item of items) {
    const name = (item.kit ?? '').trim();
    if (name !== '' && !names.has(name.toLocaleLowerCase()))
      names.set(name.toLocaleLowerCase(), name);
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}

/** The kit's items that can be reserved, by name. */
export function kitItems<T extends Pick<EquipmentRecord, 'kit' | 'status' | 'name'>>(
  items: readonly T[],
  kit: string,
): T[] {
  const key = kit.trim().toLocaleLowerCase();
  if (key === '') return [];
  return items
    .filter((item) => (item.kit ?? '').trim().toLocaleLowerCase() === key && isReservable(item))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The rows a list shows, a booking's reservations together where its first one stands: each
 * group is one reservation alone, or the several made together (same non-empty `booking`).
 */
export function groupByBooking<T extends Pick<ReservationRecord, 'id' | 'booking'>>(
  rows: readonly T[],
): T[][] {
  const groups: T[][] = [];
  const byBooking = new Map<string, T[]>();
  for (const row of rows) {
    const booking = row.booking ?? '';
    const group = booking === '' ? undefined : byBooking.get(booking);
    if (group) {
      group.push(row);
      continue;
    }
    const fresh = [row];
    groups.push(fresh);
    if (booking !== '') byBooking.set(booking, fresh);
  }
  return groups;
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

/** What a refused batch answers (API-CONTRACT §8.1): the failing request's own response. */
interface BatchRefusalBody {
  data?: { requests?: Record<string, { response?: { status?: unknown } }> };
}

/**
 * The failing request's own response inside a refused batch (`{status, message, data}`), so a
 * form shows its field messages ("Overlaps Alex’s reservation of …") as for a single write; null
 * when the body is not a batch refusal.
 */
export function batchInnerResponse(body: unknown): Record<string, unknown> | null {
  const requests = (body as BatchRefusalBody | null)?.data?.requests;
  if (!requests || typeof requests !== 'object') return null;
  const [first] = Object.values(requests);
  const response = first?.response;
  return response && typeof response === 'object' ? (response as Record<string, unknown>) : null;
}

// ——— Calendar ———

/** A bar's colour by the reservation's status (white text stays at 4.5:1 on each). */
export const RESERVATION_BAR_COLORS: Readonly<Record<ReservationStatus | 'overdue', string>> = {
  requested: '#8f5f00',
  confirmed: '#0f766e',
  out: '#1d4ed8',
  overdue: '#b91c1c',
  returned: '#57606a',
  cancelled: '#57606a',
};

/** The calendar's week: Monday 00:00 to the next Monday in the station's zone. */
export function calendarWeek(monday: string, zone: string): { from: number; to: number } {
  return {
    from: localToInstant(`${monday}T00:00`, zone),
    to: localToInstant(`${addDays(monday, 7)}T00:00`, zone),
  };
}

/** The Monday of the week holding `now` in the zone, or `weeks` weeks from it. */
export function weekMonday(now: number, zone: string, weeks = 0): string {
  return addDays(mondayOfWeek(now, zone), 7 * weeks);
}

export interface CalendarBar {
  id: string;
  rowId: string;
  start: number;
  durationSec: number;
  label: string;
  color: string;
}

/**
 * The week's bars: every reservation but the cancelled ones that touches [from, to), one bar
 * each on its item's row, coloured by its status (overdue in red), labelled with `label`.
 */
export function calendarBars<
  T extends Pick<ReservationRecord, 'id' | 'equipment' | 'status' | 'starts' | 'ends'>,
>(
  reservations: readonly T[],
  window: { from: number; to: number },
  now: number,
  label: (reservation: T) => string,
): CalendarBar[] {
  const bars: CalendarBar[] = [];
  for (const one of reservations) {
    if (one.status === 'cancelled') continue;
    const start = fromRecordDate(one.starts);
    const end = fromRecordDate(one.ends);
    if (start === null || end === null || end <= window.from || start >= window.to) continue;
    bars.push({
      id: one.id,
      rowId: one.equipment,
      start,
      durationSec: Math.max(60, Math.round((end - start) / 1000)),
      label: label(one),
      color: RESERVATION_BAR_COLORS[isOverdue(one, now) ? 'overdue' : one.status],
    });
  }
  return bars.sort((a, b) => a.start - b.start);
}

/**
 * The calendar's rows: the items that can be reserved, and any other with a bar this week (a
 * retired item's past reservation), by name.
 */
export function calendarRows<T extends Pick<EquipmentRecord, 'id' | 'name' | 'status' | 'kit'>>(
  items: readonly T[],
  bars: readonly Pick<CalendarBar, 'rowId'>[],
): { id: string; label: string; sublabel?: string }[] {
  const withBars = new Set(bars.map((bar) => bar.rowId));
  return items
    .filter((item) => item.status !== 'retired' || withBars.has(item.id))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((item) => ({
      id: item.id,
      label: item.name,
      ...(item.kit ? { sublabel: item.kit } : {}),
    }));
}

// ——— Photo ———

const photoField = findField(equipmentDefinition, 'photo');

/** The item photo's limits, from the schema's `photo` field (checked again by the server). */
export const PHOTO_LIMITS: ImageLimits = {
  accept: photoField?.type === 'file' ? photoField.mimeTypes.join(',') : 'image/*',
  get hint() {
    const max = photoField?.type === 'file' ? photoField.maxImageSize : undefined;
    const types = (photoField?.type === 'file' ? photoField.mimeTypes : [])
      .map((type) => (type === 'image/svg+xml' ? 'SVG' : (type.split('/')[1] ?? '').toUpperCase()))
      .join(', ');
    return max ? messages().equipment.photoHint(types, max.width, max.height) : types;
  },
  fileProblem: (file) => {
    const t = messages();
    if (photoField?.type !== 'file') return null;
    const type = file.type.split(';')[0]?.trim() ?? '';
    if (photoField.mimeTypes.length > 0 && !photoField.mimeTypes.includes(type))
      return t.equipment.photoType(JSON.stringify(file.name));
    if (photoField.maxSize > 0 && file.size > photoField.maxSize)
      return t.common.fileTooLarge(JSON.stringify(file.name), formatBytes(photoField.maxSize));
    return null;
  },
  sizeProblem: (file, size) => {
    const t = messages();
    if (size === 'unreadable')
      return file.type === 'image/svg+xml' ? null : t.common.notAnImage(JSON.stringify(file.name));
    const max = photoField?.type === 'file' ? photoField.maxImageSize : undefined;
    if (size && max && (size.width > max.width || size.height > max.height))
      return t.equipment.photoTooBig(size.width, size.height, max.width, max.height);
    return null;
  },
};
