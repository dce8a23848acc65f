import { addDays, type Clock, formatDuration, formatTime, localToInstant } from '@airgrid/domain';
import { messages } from '../../i18n/messages';

// The recurrences list and the copy form apart from React: what an exception says, and the
// dates a copy goes to.

/** "Tue, Mar 17 7:00 PM": an airing's local start (YYYY-MM-DDTHH:mm) as people read it. */
function airingLabel(local: string, zone: string, clock: Clock): string {
  const instant = localToInstant(local, zone);
  const date = new Date(`${local.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `${date} ${formatTime(instant, zone, clock)}`;
}

/** What one exception of a recurrence does to its airing, in words. */
export function describeException(
  key: string,
  override: Record<string, unknown>,
  zone: string,
  clock: Clock,
  showTitle: (id: string) => string,
): string {
  const t = messages();
  const airing = airingLabel(key, zone, clock);
  if (override.cancelled === true) return t.timeslots.airingSkipped(airing);
  const parts: string[] = [];
  if (typeof override.startLocal === 'string') {
    parts.push(t.timeslots.movedToStartLocal(airingLabel(override.startLocal, zone, clock)));
  }
  if (typeof override.durationSec === 'number') {
    parts.push(
      t.timeslots.runsDurationSec(formatDuration(override.durationSec, 'length', { units: true })),
    );
  }
  if (typeof override.show === 'string') parts.push(t.timeslots.airsShow(showTitle(override.show)));
  return t.timeslots.airingOverride(airing, parts.join(', ') || t.timeslots.changed);
}

export type CopyLength = 'day' | 'week';

/** The first day of each copy: `count` of them from `first`, a day or a week apart. */
export function copyTargets(first: string, count: number, length: CopyLength): string[] {
  const step = length === 'week' ? 7 : 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(first, index * step));
}

/** The last day a copy of `length` starting on `from` covers. */
export function copyEnd(from: string, length: CopyLength): string {
  return length === 'week' ? addDays(from, 6) : from;
}
