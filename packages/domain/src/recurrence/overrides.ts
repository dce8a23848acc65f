// Per-instance overrides: the `exceptions` json of a recurrence record.
import { parseLocalMinute } from './civil.js';
import { RecurrenceError } from './errors.js';

/**
 * What happens to one instance of a recurrence, keyed in {@link RecurrenceExceptions} by the
 * instance's original local start ('YYYY-MM-DDTHH:mm', the occurrence key).
 *
 * - `{ cancelled: true }`: the instance does not air.
 * - `{ startLocal?, durationSec?, show? }`: the instance airs, moved to another wall-clock start
 *   (in the recurrence's zone) and/or with another duration, and/or with another show (a `shows`
 *   record id) in place of the recurrence's show. At least one of them.
 *
 * A moved instance keeps its key, so it stays "the same instance" for later edits, for COUNT
 * and for "this and following" splits, which go by the original start.
 */
export type InstanceOverride =
  | { cancelled: true }
  | { cancelled?: false; startLocal?: string; durationSec?: number; show?: string };

/**
 * The `exceptions` json of a recurrence: overrides by occurrence key, e.g.
 * `{ "2026-03-13T19:00": { "cancelled": true },
 *    "2026-04-10T19:00": { "startLocal": "2026-04-11T20:00", "durationSec": 3600 },
 *    "2026-05-08T19:00": { "show": "k3b8x2m1p0q9r7s" } }`
 */
export type RecurrenceExceptions = Record<string, InstanceOverride>;

const OVERRIDE_FIELDS = new Set(['cancelled', 'startLocal', 'durationSec', 'show']);

export const MIN_DURATION_SEC = 900;

/**
 * Reads and checks an `exceptions` value (an object, its JSON text, or empty). Throws a
 * {@link RecurrenceError} whose message names the instance and field at fault.
 */
export function parseExceptions(value: unknown): RecurrenceExceptions {
  if (value === null || value === undefined || value === '') return {};
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      throw new RecurrenceError('Exceptions must be a JSON object of overrides by instance start');
    }
  }
  // A json field stores "no value" as null ("null" in its text form).
  if (data === null) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new RecurrenceError(
      'Exceptions must be an object of overrides by instance start, e.g. {"2026-03-13T19:00": {"cancelled": true}}',
    );
  }
  const result: RecurrenceExceptions = {};
  for (const [key, override] of Object.entries(data)) {
    result[key] = parseOverride(key, override);
  }
  return result;
}

function parseOverride(key: string, value: unknown): InstanceOverride {
  if (!parseLocalMinute(key)) {
    throw new RecurrenceError(
      `Exception "${key}" must be keyed by the instance's local start, YYYY-MM-DDTHH:mm`,
    );
  }
  const where = `Exception ${key}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RecurrenceError(`${where} must be an object such as {"cancelled": true}`);
  }
  const fields = value as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!OVERRIDE_FIELDS.has(name)) {
      throw new RecurrenceError(
        `${where}: "${name}" is not an override field; use cancelled, startLocal, durationSec or show`,
      );
    }
  }
  const { cancelled, startLocal, durationSec, show } = fields;
  if (cancelled !== undefined && typeof cancelled !== 'boolean') {
    throw new RecurrenceError(`${where}: cancelled must be true or false`);
  }
  if (cancelled === true) {
    if (startLocal !== undefined || durationSec !== undefined || show !== undefined) {
      throw new RecurrenceError(`${where}: a cancelled instance cannot also be moved or replaced`);
    }
    return { cancelled: true };
  }
  const override: InstanceOverride = {};
  if (startLocal !== undefined) {
    if (typeof startLocal !== 'string' || !parseLocalMinute(startLocal)) {
      throw new RecurrenceError(
        `${where}: startLocal must be a local date and time, YYYY-MM-DDTHH:mm`,
      );
    }
    override.startLocal = startLocal;
  }
  if (durationSec !== undefined) {
    if (!Number.isInteger(durationSec) || (durationSec as number) < MIN_DURATION_SEC) {
      throw new RecurrenceError(
        `${where}: durationSec must be a whole number of seconds, at least ${MIN_DURATION_SEC}`,
      );
    }
    override.durationSec = durationSec as number;
  }
  if (show !== undefined) {
    if (typeof show !== 'string' || show.trim() === '') {
      throw new RecurrenceError(`${where}: show must be the id of a show`);
    }
    override.show = show;
  }
  if (Object.keys(override).length === 0) {
    throw new RecurrenceError(
      `${where} changes nothing: set cancelled, startLocal, durationSec or show`,
    );
  }
  return override;
}

/** True when the override cancels its instance. */
export function isCancelled(override: InstanceOverride | undefined): boolean {
  return override?.cancelled === true;
}

/** How one instance of a recurrence airs now, as the timeslot it became says. */
export interface InstanceAiring {
  /** Local start in the recurrence's zone, YYYY-MM-DDTHH:mm. */
  startLocal: string;
  durationSec: number;
  show: string;
  cancelled: boolean;
}

/**
 * The override that makes the instance keyed `key` air as `airing`, or null when the airing is
 * exactly what the rule gives (the key's start, the rule's duration and show): an instance
 * moved back to its place needs no exception. Only the fields that differ are written, so a
 * later change to the rule's duration or show still reaches an instance that was only moved.
 */
export function overrideFor(
  key: string,
  rule: { durationSec: number; show: string },
  airing: InstanceAiring,
): InstanceOverride | null {
  if (airing.cancelled) return { cancelled: true };
  const override: InstanceOverride = {};
  if (airing.startLocal !== key) override.startLocal = airing.startLocal;
  if (airing.durationSec !== rule.durationSec) override.durationSec = airing.durationSec;
  if (airing.show !== rule.show) override.show = airing.show;
  return Object.keys(override).length > 0 ? override : null;
}

/** The exceptions with `key` set to `override`, or without `key` when the override is null. */
export function withOverride(
  exceptions: RecurrenceExceptions,
  key: string,
  override: InstanceOverride | null,
): RecurrenceExceptions {
  const { [key]: _previous, ...rest } = exceptions;
  return override ? { ...rest, [key]: override } : rest;
}
