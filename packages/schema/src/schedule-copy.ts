// The wire shape of POST /api/v1/schedule/copy: copying a day or a week of the schedule to other
// dates. The server (features/schedule/copy-*) answers with these; the web app reads them.

/** What the app sends. `dryRun` only checks; `skipCollisions` copies all but the collisions. */
export interface CopyScheduleBody {
  /** The first local date copied (YYYY-MM-DD). */
  from: string;
  /** The last local date copied, the same as `from` for one day. */
  to: string;
  /** The channels copied; all of the organization's when left out. */
  channels?: string[];
  /** The local dates the copy starts on. */
  targets: string[];
  dryRun?: boolean;
  skipCollisions?: boolean;
}

/** A copy that would land on an existing timeslot. */
export interface CopyCollision {
  channel: string;
  channelName: string;
  /** The local date of the copy it belongs to. */
  target: string;
  title: string;
  start: string;
  durationSec: number;
  /** The id of the timeslot already there. */
  timeslot: string;
  /** The title of the timeslot already there. */
  blocking: string;
  message: string;
}

/** What the copy answers: the copies, and the collisions found first. */
export interface CopyResult {
  dryRun: boolean;
  /** Airings the copy makes (or would make), collisions left out. */
  copies: number;
  created: number;
  skipped: number;
  collisions: CopyCollision[];
}
