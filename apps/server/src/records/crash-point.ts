// Fault injection for the crash tests (docs/decisions/0014-files-and-commits.md): with
// AIRGRID_CRASH_AT=<point>, the process kills itself with SIGKILL when it reaches that point, as
// a power cut would. Read once at start-up; unset in production, where this is one comparison.

/** The points a write passes where a crash must leave records and files in agreement. */
export type CrashPoint = 'files-stored' | 'record-committed';

const armed = process.env.AIRGRID_CRASH_AT;

export function crashPoint(point: CrashPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
