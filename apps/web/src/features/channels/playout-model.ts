import { formatDuration } from '@airgrid/domain';
import type { JobState } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { DEFAULT_BUMPER_TITLE } from '../../shared/channels/channel-model';
import { channelSource } from '../../shared/channels/playback';

// The channel page's playout cards apart from React (issue 39): the slate's state, and the
// filler rotation, an ordered list of show ids the card edits and saves whole.

/**
 * What viewers get while nothing is scheduled: the bumper on a stream source, the filler (or,
 * without any, the slate) on Airgrid playout, and the test pattern, which never stops.
 */
export function nothingOnText(channel: {
  source?: string | null;
  filler?: readonly string[] | null;
  bumperTitle?: string | null;
}): string {
  const t = messages().channels;
  const source = channelSource(channel);
  if (source === 'test-pattern') return t.nothingScheduledTestPatternAirs;
  if (source === 'playout')
    return (channel.filler ?? []).length > 0
      ? t.nothingScheduledFillerAirs
      : t.nothingScheduledSlateAirs;
  return t.nothingScheduledNowViewersSee(channel.bumperTitle || DEFAULT_BUMPER_TITLE);
}

/** What the slate card says: packaging, ready, failed, or nothing yet. */
export type SlateState =
  | { kind: 'queued' }
  | { kind: 'running'; progress: number }
  | { kind: 'failed'; error: string }
  | { kind: 'ready' }
  | { kind: 'none' };

/**
 * The slate's state from its latest 'playout-slate' job and whether a package exists in the
 * channel's profile: a job at work first (a new slate is being made), then a failure (the last
 * try did not make it), then the package.
 */
export function slateState(
  job: { state: JobState; progress?: number; error?: string } | null,
  packaged: boolean,
): SlateState {
  if (job?.state === 'queued') return { kind: 'queued' };
  if (job?.state === 'running') return { kind: 'running', progress: Math.round(job.progress ?? 0) };
  if (job?.state === 'failed') return { kind: 'failed', error: job.error ?? '' };
  return packaged ? { kind: 'ready' } : { kind: 'none' };
}

/** The line the slate card shows for a state. */
export function slateText(state: SlateState): string {
  const t = messages().channels;
  switch (state.kind) {
    case 'queued':
      return t.slateQueued;
    case 'running':
      return t.slatePackaging(state.progress);
    case 'failed':
      return t.slateFailed(state.error);
    case 'ready':
      return t.slateReady;
    case 'none':
      return t.slateNotPackaged;
  }
}

/** A show as the filler card reads it. */
export interface FillerShow {
  id: string;
  title: string;
  status?: string;
  mediaInfo?: { durationSec?: number } | null;
}

/** One row of the filler list: its show's title and runtime ('' without media). */
export interface FillerRow {
  id: string;
  title: string;
  runtime: string;
}

/** The rotation's rows in its order; a show that is gone (deleted) keeps a row to remove. */
export function fillerRows(ids: readonly string[], shows: readonly FillerShow[]): FillerRow[] {
  const byId = new Map(shows.map((show) => [show.id, show]));
  return ids.map((id) => {
    const show = byId.get(id);
    const seconds = show?.mediaInfo?.durationSec;
    return {
      id,
      title: show?.title ?? messages().channels.unknownShow,
      runtime: typeof seconds === 'number' && seconds > 0 ? formatDuration(seconds, 'runtime') : '',
    };
  });
}

/** The shows the add select offers: not archived, not in the rotation yet, by title. */
export function fillerChoices(
  shows: readonly FillerShow[],
  ids: readonly string[],
): { value: string; label: string }[] {
  const taken = new Set(ids);
  return shows
    .filter((show) => show.status !== 'archived' && !taken.has(show.id))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id))
    .map((show) => ({ value: show.id, label: show.title }));
}

/** The rotation with a show added at its end (unchanged when already there or full). */
export function addToFiller(ids: readonly string[], id: string, max: number): string[] {
  return ids.includes(id) || ids.length >= max ? [...ids] : [...ids, id];
}

/** The rotation without a show. */
export function removeFromFiller(ids: readonly string[], id: string): string[] {
  return ids.filter((one) => one !== id);
}

/** The rotation with a show moved one place up (-1) or down (+1); unchanged at either end. */
export function moveInFiller(ids: readonly string[], id: string, step: -1 | 1): string[] {
  const next = [...ids];
  const at = next.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to] as string, next[at] as string];
  return next;
}
