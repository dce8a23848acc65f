import { messages } from '../../i18n/messages';

// A length to the second, for what the 15-minute grid rounds off (a Cablecast run's exact
// length, a sync's duration): both the timeslots and the integrations areas show it.

/** "58 min 30 s", "4 s", "2 min", "0 min": whole seconds, nothing negative. */
export function exactLength(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return messages().timeslots.minutesAndSeconds(Math.floor(total / 60), total % 60);
}
