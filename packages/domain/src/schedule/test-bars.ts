import type { Bar } from './bar.js';
import { barEnd } from './bar.js';

// Shorthands for the schedule tests: bars written as wall-clock times on one UTC day.

const DAY = Date.UTC(2026, 4, 4);

/** The instant of "HH:MM" on the test day (UTC). */
export function at(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return DAY + (hours * 60 + minutes) * 60_000;
}

/** A bar from "HH:MM" lasting `minutes`. */
export function bar(id: string, from: string, minutes: number, extra: Partial<Bar> = {}): Bar {
  return { id, start: at(from), durationSec: minutes * 60, ...extra };
}

function clock(instant: number): string {
  const minutes = Math.round((instant - DAY) / 60_000);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}`;
}

/** "id HH:MM–HH:MM" for each bar, so expectations read like a schedule. */
export function spans(bars: readonly Bar[]): string[] {
  return bars.map((b) => `${b.id} ${clock(b.start)}–${clock(barEnd(b))}`);
}

/** A copy to compare the input with afterwards (bars are flat, so this is a deep copy). */
export function copyBars<B extends Bar>(bars: readonly B[]): B[] {
  return bars.map((b) => ({ ...b }));
}
