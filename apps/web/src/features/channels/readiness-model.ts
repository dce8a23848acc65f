import { formatDuration, formatTime, formatUsDate } from '@airgrid/domain';
import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';

// The channel page's "Ready to air" card apart from React (issue 39, item 4): each problem the
// server found (GET /api/v1/channels/{channel}/playout/readiness) as a row: when, on the
// channel's clock; the show; what is wrong; what to do.

export type Readiness = EndpointReply<Endpoints['GET /api/v1/channels/:channel/playout/readiness']>;
type Issue = Readiness['issues'][number];

/** The windows the card switches between, in hours. */
export type ReadinessWindow = '24' | '168';

export interface ReadinessRow {
  key: string;
  /** "01/06/2031 6:00 AM – 6:15 AM" on the channel's clock. */
  when: string;
  /** The show to open (the timeslot's, or the one ending early before a gap). */
  show: { id: string; title: string } | null;
  problem: string;
  action: string;
  /** red: nothing airs; orange: it may not be ready; yellow: it airs, not as scheduled. */
  color: 'red' | 'orange' | 'yellow';
  /** 0–100 while packaging. */
  progress: number | null;
}

const length = (seconds: number) => formatDuration(seconds, 'length', { units: true });
const runtime = (seconds: number) => formatDuration(seconds, 'runtime', { units: true });

function when(issue: Issue, zone: string): string {
  const start = Date.parse(issue.start);
  const end = Date.parse(issue.end);
  return `${formatUsDate(start, zone)} ${formatTime(start, zone)} – ${formatTime(end, zone)}`;
}

function gapProblem(issue: Issue): string {
  const t = messages().channels;
  const seconds = (Date.parse(issue.end) - Date.parse(issue.start)) / 1000;
  const parts = [
    issue.endsEarly
      ? t.readinessGapAfter(length(seconds), issue.endsEarly.show.title)
      : t.readinessGap(length(seconds)),
  ];
  const cancelled = issue.cancelled ?? [];
  if (cancelled.length > 0) {
    parts.push(t.readinessGapCancelled(cancelled.map((slot) => slot.show.title).join(', ')));
  }
  const filler = issue.fillerSec ?? 0;
  const slate = issue.slateSec ?? 0;
  parts.push(
    slate === 0
      ? t.readinessFillerCovers
      : filler > 0
        ? t.readinessFillerThenSlate(length(filler), length(slate))
        : t.readinessSlateOnly(length(slate)),
  );
  return parts.join(' ');
}

function describe(issue: Issue): Pick<ReadinessRow, 'problem' | 'action' | 'color' | 'progress'> {
  const t = messages().channels;
  switch (issue.kind) {
    case 'no-media':
      return {
        problem: t.readinessNoMedia,
        action: t.readinessUploadMedia,
        color: 'red',
        progress: null,
      };
    case 'not-packaged':
      if (issue.state === 'failed') {
        return {
          problem: t.readinessPackagingFailed(issue.error ?? ''),
          action: t.readinessUploadAgain,
          color: 'red',
          progress: null,
        };
      }
      return {
        problem:
          issue.state === 'packaging'
            ? t.readinessPackaging(issue.progress ?? 0)
            : issue.state === 'queued'
              ? t.readinessQueued
              : t.readinessWaiting,
        action: t.readinessWaitForPackaging,
        color: 'orange',
        progress: issue.state === 'packaging' ? (issue.progress ?? 0) : null,
      };
    case 'too-long':
      return {
        problem: t.readinessTooLong(runtime(issue.cutSec ?? 0)),
        action: t.readinessLengthenSlot,
        color: 'yellow',
        progress: null,
      };
    case 'gap':
      return {
        problem: gapProblem(issue),
        action: t.readinessFillGap,
        color: 'yellow',
        progress: null,
      };
  }
}

/** The reply's problems as the card's rows, in time order. */
export function readinessRows(readiness: Readiness): ReadinessRow[] {
  return readiness.issues.map((issue) => ({
    key: `${issue.kind}:${issue.timeslot ?? issue.start}`,
    when: when(issue, readiness.timeZone),
    show: issue.show ?? issue.endsEarly?.show ?? null,
    ...describe(issue),
  }));
}

/** The card's summary line: all clear, or how many problems in the window. */
export function readinessSummary(readiness: Readiness, window: ReadinessWindow): string {
  const t = messages().channels;
  const span = window === '24' ? t.readinessNext24Hours : t.readinessNext7Days;
  return readiness.counts.total === 0
    ? t.readinessAllClear(span)
    : t.readinessProblems(readiness.counts.total, span);
}

/** Whether something is being packaged: the card looks again sooner. */
export function packagingUnderWay(readiness: Readiness | undefined): boolean {
  return (readiness?.issues ?? []).some(
    (issue) => issue.kind === 'not-packaged' && issue.state !== 'failed',
  );
}
