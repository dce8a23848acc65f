/**
 * A recurrence (its zone, start, duration, exceptions, or the window asked for) that cannot be
 * expanded. The message is meant for the person who entered the data.
 */
export class RecurrenceError extends Error {
  override name = 'RecurrenceError';
}
