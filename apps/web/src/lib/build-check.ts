import type { BuildManifest } from '@airgrid/schema';

/** How often the app asks whether a newer build is deployed (seed §9). */
export const BUILD_POLL_MS = 3_600_000;
/** The first check runs this long after the app is ready, unless the connection is very slow. */
export const FIRST_CHECK_DELAY_MS = 1000;
/** A reload within this window is not repeated, so a stale cache cannot cause a reload loop. */
export const RELOAD_GUARD_MS = 10_000;

const RELOADED_AT_KEY = 'airgrid:reloaded-at';

/** True when the server's manifest names a build other than the running one. */
export function isNewBuild(runningId: string, manifest: unknown): boolean {
  if (typeof manifest !== 'object' || manifest === null) return false;
  const id = (manifest as Partial<BuildManifest>).id;
  return typeof id === 'string' && id !== '' && id !== runningId;
}

interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** The first check is skipped on a very slow or data-saving connection (the hourly one is not). */
export function shouldCheckEarly(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

/** Whether a reload is allowed now: not if the app reloaded itself in the last 10 s. */
export function mayReload(storage: Pick<Storage, 'getItem'>, now: number): boolean {
  const last = Number(storage.getItem(RELOADED_AT_KEY));
  return !Number.isFinite(last) || last <= 0 || now - last > RELOAD_GUARD_MS;
}

/** Reloads the page for a new build, noting the time so the guard above can work. */
export function reloadForNewBuild(
  storage: Pick<Storage, 'setItem'> = sessionStorage,
  location: Pick<Location, 'reload'> = window.location,
): void {
  try {
    storage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Without storage the guard cannot work, but the reload the user asked for still can.
  }
  location.reload();
}

/** Fetches the manifest, bypassing caches; null when it cannot be read. */
export async function fetchBuildManifest(): Promise<unknown> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
