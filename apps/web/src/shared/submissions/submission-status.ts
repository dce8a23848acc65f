import type { SubmissionStatus } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

// A submission's status as every page shows it (the review queue, a member's page, the
// producer's status link): the same words and colours.

/** A submission's status in words, with its colour: words and a colour. */
export function submissionStatusBadge(status: SubmissionStatus): { label: string; color: string } {
  const t = messages().reviewQueue;
  switch (status) {
    case 'approved':
      return { label: t.approved, color: 'green' };
    case 'rejected':
      return { label: t.rejected, color: 'red' };
    case 'changes':
      return { label: t.changesRequested, color: 'yellow' };
    default:
      return { label: t.pending, color: 'blue' };
  }
}
