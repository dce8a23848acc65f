import { readBreakPoints, roundUpToQuarterHour } from '@airgrid/domain';
import { shows as definition } from '@airgrid/schema';
import { stampArchive } from '../../collections/archive-stamp.js';
import { EDITOR, MEMBER, STAYS_IN_ORGANIZATION } from '../../collections/role-rules.js';
import { noteScheduleDeletion } from '../../collections/schedule-deletions-repository.js';
import { clearMediaFacts, type MediaHolder, probeNewMedia } from '../../jobs/media-holders.js';
import { type CollectionModule, FieldProblem } from '../../records/collection-module.js';

// Producers manage the shows they produce, and cannot hand them to someone else.
const OWN_SHOW = '@request.auth.role = "producer" && producer = @request.auth.id';
const KEEPS_PRODUCER =
  '(@request.body.producer:isset = false || @request.body.producer = @request.auth.id)';

const stampShowArchive = stampArchive((values) => values.status === 'archived');

/** The runtime ffprobe read (seconds), if the media was read. */
function runtimeOf(values: Record<string, unknown>): number | null {
  const info = values.mediaInfo as { durationSec?: unknown } | null | undefined;
  return typeof info?.durationSec === 'number' ? info.durationSec : null;
}

/**
 * Break points sent (issue 40) are kept in order, to the millisecond, inside the media as far as
 * it was read; untouched ones stay as they are, even if new media ends before one.
 */
function checkBreakPoints(
  values: Record<string, unknown>,
  existing: Readonly<Record<string, unknown>> | null,
): void {
  if (existing && JSON.stringify(values.breakPoints) === JSON.stringify(existing.breakPoints))
    return;
  const reading = readBreakPoints(values.breakPoints, runtimeOf(values));
  if (!reading.ok)
    throw new FieldProblem('breakPoints', 'validation_invalid_value', reading.message);
  values.breakPoints = reading.points;
}

/** The catalogue: members read it; editors manage every show, producers their own. */
export const shows: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: `${MEMBER} && (${EDITOR} || (@request.auth.role = "producer" && producer = @request.auth.id))`,
    updateRule: `${MEMBER} && ${STAYS_IN_ORGANIZATION} && (${EDITOR} || (${OWN_SHOW} && ${KEEPS_PRODUCER}))`,
    deleteRule: `${MEMBER} && (${EDITOR} || ${OWN_SHOW})`,
  },
  hooks: {
    prepareCreate(values, { now }) {
      stampShowArchive(values, null, now);
      clearMediaFacts(values);
      checkBreakPoints(values, null);
    },
    // New media is read by ffprobe in the background (features/media): its runtime and
    // streams. Only a show created with its media has a probe to queue; the others are one
    // statement.
    needsBeforeCreate: (values) => Boolean(values.media),
    beforeCreate: (values, context) => probeNewMedia('shows', values, null, context),
    beforeUpdate: async (values, existing, context) => {
      stampShowArchive(values, existing, context.now);
      await probeNewMedia('shows', values, existing, context);
      checkBreakPoints(values, existing);
    },
    beforeDelete: noteScheduleDeletion,
  },
};

/**
 * What the media probe keeps on a show (features/media): a frame of a video as the thumbnail
 * it lacks, and for a show with no length yet, the slot its media needs. The runtime itself
 * stays in `mediaInfo`: the show's length is the slot the station gave it (decision 0036).
 */
export const showMedia: MediaHolder = {
  frameField: 'thumbnail',
  valuesFrom(info, show) {
    const runtime = Math.round(info.durationSec);
    return runtime > 0 && !(Number(show.durationSec) > 0)
      ? { durationSec: roundUpToQuarterHour(runtime) }
      : {};
  },
};
