// Airtime in a report's period: what of each airing falls inside [from, to). An airing that
// began before the period counts the part after its start; one running past the end, the part
// before it. Instants are epoch milliseconds; airtime is in whole or fractional seconds.

/** An airing as reports read it: its channel, its show, when it starts and how long it is. */
export interface Airing {
  channel: string;
  show: string;
  /** Epoch ms. */
  start: number;
  durationSec: number;
}

/** Seconds of [start, start + durationSec) inside [from, to); 0 when they do not meet. */
export function overlapSec(start: number, durationSec: number, from: number, to: number): number {
  const end = start + durationSec * 1000;
  const overlap = Math.min(end, to) - Math.max(start, from);
  return overlap > 0 ? overlap / 1000 : 0;
}

/** Each airing with its seconds inside the period; airings wholly outside are dropped. */
export function airingsInRange<A extends Airing>(
  airings: readonly A[],
  from: number,
  to: number,
): (A & { inRangeSec: number })[] {
  return airings.flatMap((airing) => {
    const inRangeSec = overlapSec(airing.start, airing.durationSec, from, to);
    return inRangeSec > 0 ? [{ ...airing, inRangeSec }] : [];
  });
}

/** A part of a whole, 0–1; 0 when the whole is empty. */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
