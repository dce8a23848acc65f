import { formatDuration } from '@airgrid/domain';
import type { MediaInfo, SubmissionRecord } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { mediaSummary } from '../../shared/media/media-summary';
import { WAITING_FILTER } from '../../shared/submissions/waiting-submissions';

export { submissionStatusBadge } from '../../shared/submissions/submission-status';

// The review queue's pure side: which submissions a view lists, how each status reads, and
// the facts a reviewer checks before a show airs.

export const SUBMISSIONS_VIEWS = ['waiting', 'approved', 'rejected', 'all'] as const;
export type SubmissionsView = (typeof SUBMISSIONS_VIEWS)[number];

/** The record API filter of a view: waiting holds the pending and those sent back. */
export function submissionsFilter(view: SubmissionsView): string {
  switch (view) {
    case 'waiting':
      return WAITING_FILTER;
    case 'approved':
      return 'status = "approved"';
    case 'rejected':
      return 'status = "rejected"';
    default:
      return '';
  }
}

/** Broadcast loudness target (ATSC A/85: −24 LKFS) and how far from it is still fine. */
export const LOUDNESS_TARGET_LUFS = -24;
const LOUDNESS_TOLERANCE_LU = 2;

/** The loudness line, with a word when it is off the broadcast target; null when unmeasured. */
export function loudnessFact(
  info: Partial<MediaInfo> | null | undefined,
): { text: string; off: 'loud' | 'quiet' | null } | null {
  const loudness = info?.loudness;
  if (!loudness) return null;
  const t = messages().reviewQueue;
  const text = t.loudness(loudness.integratedLufs.toFixed(1), loudness.truePeakDb.toFixed(1));
  const gap = loudness.integratedLufs - LOUDNESS_TARGET_LUFS;
  const off = gap > LOUDNESS_TOLERANCE_LU ? 'loud' : gap < -LOUDNESS_TOLERANCE_LU ? 'quiet' : null;
  return { text, off };
}

/** What the reviewer reads of the media: the file's facts, or the link, or that it is coming. */
export function mediaFacts(submission: SubmissionRecord): string {
  const t = messages().reviewQueue;
  if (submission.awaitingFile) return t.fileStillArriving;
  if (submission.media) return mediaSummary(submission.mediaInfo) ?? t.fileBeingRead;
  return submission.mediaUrl ? t.sentAsALink : t.noMedia;
}

/** The running time the producer gave or the file has, or '' when neither says. */
export function runningTimeOf(submission: Pick<SubmissionRecord, 'durationSec'>): string {
  return submission.durationSec > 0
    ? formatDuration(submission.durationSec, 'length', { units: true })
    : '';
}

/** Whether a decision can still be made: approved and rejected are final. */
export function isOpen(submission: Pick<SubmissionRecord, 'status'>): boolean {
  return submission.status === 'pending' || submission.status === 'changes';
}
