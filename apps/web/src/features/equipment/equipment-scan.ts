import { formatUsDate, fromRecordDate } from '@airgrid/domain';
import type { EquipmentRecord, ReservationRecord } from '@airgrid/schema';

// Check-out by scanning a label (issue 20; decision 0033): what a scanned or typed code names,
// and which of the item's reservations the hand-over is for. Pure, so the rules are tested
// without a camera.

/**
 * A code as read: the label's address `{APP_URL}/equipment?item={id}` gives the item's id;
 * anything else is a code to look up (an id, a barcode, a serial). Outer spaces are dropped.
 */
export function readScanCode(text: string): { item: string } | { code: string } | null {
  const code = text.trim();
  if (code === '') return null;
  if (/^https?:\/\//i.test(code)) {
    try {
      const item = new URL(code).searchParams.get('item')?.trim();
      if (item) return { item };
    } catch {
      // Not an address after all: look it up as typed.
    }
  }
  return { code };
}

/**
 * The item a code names: the label address's id, else an item whose id, barcode or serial is
 * the code (barcodes and serials compared without case).
 */
export function findItemByCode<T extends Pick<EquipmentRecord, 'id' | 'barcode' | 'serial'>>(
  items: readonly T[],
  text: string,
): T | undefined {
  const read = readScanCode(text);
  if (!read) return undefined;
  if ('item' in read) return items.find((item) => item.id === read.item);
  const code = read.code.toLocaleLowerCase();
  return (
    items.find((item) => item.id === read.code) ??
    items.find((item) => item.barcode !== '' && item.barcode.toLocaleLowerCase() === code) ??
    items.find((item) => item.serial !== '' && item.serial.toLocaleLowerCase() === code)
  );
}

export type Handover<T> = { reservation: T; kind: 'checkOut' | 'checkIn' } | null;

/**
 * What a scanned item's hand-over is: check in the reservation it is out on; else check out
 * the confirmed one covering now, or failing that the confirmed one nearest now that starts or
 * ends today in the station's zone; else nothing.
 */
export function handoverFor<
  T extends Pick<ReservationRecord, 'equipment' | 'status' | 'starts' | 'ends'>,
>(reservations: readonly T[], item: string, now: number, zone: string): Handover<T> {
  const mine = reservations.filter((one) => one.equipment === item);
  const out = mine.find((one) => one.status === 'out');
  if (out) return { reservation: out, kind: 'checkIn' };
  const span = (one: T) => ({
    starts: fromRecordDate(one.starts) ?? 0,
    ends: fromRecordDate(one.ends) ?? 0,
  });
  const confirmed = mine.filter((one) => one.status === 'confirmed');
  const covering = confirmed.find((one) => span(one).starts <= now && now < span(one).ends);
  if (covering) return { reservation: covering, kind: 'checkOut' };
  const today = formatUsDate(now, zone);
  const [nearest] = confirmed
    .filter((one) => {
      const { starts, ends } = span(one);
      return (
        ends > now && (formatUsDate(starts, zone) === today || formatUsDate(ends, zone) === today)
      );
    })
    .sort((a, b) => Math.abs(span(a).starts - now) - Math.abs(span(b).starts - now));
  return nearest ? { reservation: nearest, kind: 'checkOut' } : null;
}

/** The barcode formats to look for: those wanted that the browser's detector reads. */
const WANTED_FORMATS = [
  'qr_code',
  'code_128',
  'code_39',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'data_matrix',
] as const;

export function formatsToDetect(supported: readonly string[]): string[] {
  return WANTED_FORMATS.filter((format) => supported.includes(format));
}

/** Why the camera could not start, from the error getUserMedia threw. */
export function cameraProblem(error: unknown): 'denied' | 'none' | 'failed' {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'none';
  return 'failed';
}
