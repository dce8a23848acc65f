import type { ChangeMode } from '@airgrid/domain';

// The workspace's overlap mode, remembered per browser across reloads.

const OVERLAP_MODE_KEY = 'airgrid.timeslots.overlapMode';

/** The stored mode, or push when nothing (or something unknown) is stored. */
export function parseOverlapMode(stored: string | null): ChangeMode {
  return stored === 'no-overlap' ? 'no-overlap' : 'push';
}

export function loadOverlapMode(): ChangeMode {
  try {
    return parseOverlapMode(window.localStorage.getItem(OVERLAP_MODE_KEY));
  } catch {
    return 'push';
  }
}

export function saveOverlapMode(mode: ChangeMode): void {
  try {
    window.localStorage.setItem(OVERLAP_MODE_KEY, mode);
  } catch {
    // Storage refused (private mode, quota): the mode lasts for this visit only.
  }
}
