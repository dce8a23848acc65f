import { bucketStart, fromRecordDate, MINUTE_MS } from '@airgrid/domain';
import type { GuideRepository } from '../../public-reads/guide-repository.js';
import type { AiredEntry, AnalyticsRepository } from './analytics-repository.js';

// Which programme an event belongs to (decision 0052): at ingest, the programme the schedule
// has on air at the beat's instant, from the guide's own window of timeslots, read once per
// channel per minute; before a bucket is rolled up, on a channel Airgrid airs, what the as-run
// log says aired then (spots included).

/** A programme on the schedule: [start, end) and its show. */
interface Slot {
  start: number;
  end: number;
  show: string;
}

/** Channels whose minute is remembered at once; a burst of forged ids cannot grow it further. */
const MAX_CHANNELS = 10_000;

export class ScheduleAttribution {
  /** Per channel: the minute read and its programmes (a promise, so one read serves a burst). */
  readonly #minutes = new Map<string, { minute: number; slots: Promise<Slot[]> }>();

  constructor(private readonly guide: GuideRepository) {}

  /** The show on the channel's schedule at the instant, or "" for none. */
  async showAt(channel: string, at: number): Promise<string> {
    const minute = bucketStart(at, MINUTE_MS);
    let known = this.#minutes.get(channel);
    if (!known || known.minute !== minute) {
      if (this.#minutes.size >= MAX_CHANNELS) this.#minutes.clear();
      const slots = this.guide.window([channel], minute, minute + MINUTE_MS).then((timeslots) =>
        timeslots.map((slot) => {
          const start = fromRecordDate(slot.start) ?? 0;
          return { start, end: start + slot.durationSec * 1000, show: slot.show.id };
        }),
      );
      // A failed read is not remembered: the next beat asks again.
      slots.catch(() => this.#minutes.delete(channel));
      known = { minute, slots };
      this.#minutes.set(channel, known);
    }
    const slots = await known.slots;
    return slots.find((slot) => slot.start <= at && at < slot.end)?.show ?? '';
  }
}

/** What an as-run entry attributes: its show and spot. */
function attributionOf(entry: AiredEntry): { show: string; ad: string } {
  if (entry.kind === 'spot') return { show: entry.slotShow, ad: entry.ad };
  if (entry.kind === 'slate') return { show: '', ad: '' };
  return { show: entry.show, ad: '' };
}

/**
 * Attributes the events of [from, to) on the channels Airgrid airs to what their as-run log
 * says aired at each instant; stretches the log does not cover keep the schedule's attribution.
 */
export async function attributeFromAsRun(
  repository: AnalyticsRepository,
  from: number,
  to: number,
): Promise<void> {
  for (const channel of await repository.playoutChannelsWithEvents(from, to)) {
    for (const entry of await repository.airedBetween(channel, from, to)) {
      const { show, ad } = attributionOf(entry);
      await repository.attribute(
        channel,
        Math.max(from, entry.start),
        Math.min(to, entry.end),
        show,
        ad,
      );
    }
  }
}
