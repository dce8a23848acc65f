import { ads as definition } from '@airgrid/schema';
import { stampArchive } from '../../collections/archive-stamp.js';
import { asCalendarDay } from '../../collections/calendar-day.js';
import {
  CREATES_IN_OWN_ORGANIZATION,
  EDITOR,
  MEMBER,
  STAYS_IN_ORGANIZATION,
} from '../../collections/role-rules.js';
import { clearMediaFacts, type MediaHolder, probeNewMedia } from '../../jobs/media-holders.js';
import {
  type CollectionModule,
  FieldProblem,
  FieldProblems,
} from '../../records/collection-module.js';

// The spot library (issue 40): members read the spots, staff (editors and above) keep them.
// No one but a superuser deletes one: a spot is archived and can be restored, since
// proof-of-play records will name it. Its runtime and loudness come from its file (the
// `media-probe` job, features/media), never from a person.

type Values = Record<string, unknown>;

const stampAdArchive = stampArchive((values) => values.status === 'archived');

/**
 * What every write of a spot must hold: validity as whole days, the last on or after the
 * first; an active spot has its media (a spot with nothing to air cannot air).
 */
function checkSpot(values: Values): void {
  values.validFrom = asCalendarDay(values.validFrom);
  values.validTo = asCalendarDay(values.validTo);
  const problems: FieldProblem[] = [];
  const { validFrom, validTo } = values as { validFrom: string; validTo: string };
  if (validFrom && validTo && validTo < validFrom) {
    problems.push(
      new FieldProblem(
        'validTo',
        'validation_invalid_date_range',
        `Must be on or after the first day it may air (${validFrom.slice(0, 10)}).`,
      ),
    );
  }
  if (values.status === 'active' && !values.media) {
    problems.push(
      new FieldProblem(
        'status',
        'validation_media_required',
        'A spot becomes active once its media file is in: upload it first, or keep it a draft.',
      ),
    );
  }
  if (problems.length === 1 && problems[0]) throw problems[0];
  if (problems.length > 1) throw new FieldProblems(problems);
}

export const ads: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: `${CREATES_IN_OWN_ORGANIZATION} && ${EDITOR}`,
    updateRule: `${MEMBER} && ${EDITOR} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: null,
  },
  hooks: {
    prepareCreate(values, { now }) {
      if (!values.status) values.status = 'draft';
      if (!values.category) values.category = 'underwriting';
      checkSpot(values);
      stampAdArchive(values, null, now);
      clearMediaFacts(values);
      values.durationSec = 0;
    },
    // Only a spot created with its media has a probe to queue.
    needsBeforeCreate: (values) => Boolean(values.media),
    beforeCreate: (values, context) => probeNewMedia(definition.name, values, null, context),
    beforeUpdate: async (values, existing, context) => {
      if (!values.status) values.status = existing.status || 'draft';
      if (!values.category) values.category = existing.category || 'underwriting';
      checkSpot(values);
      stampAdArchive(values, existing, context.now);
      // New media: its runtime is read again (what was read of the old no longer holds).
      if (values.media !== existing.media) values.durationSec = 0;
      await probeNewMedia(definition.name, values, existing, context);
    },
  },
};

/**
 * What the media probe keeps on a spot: its loudness (in `mediaInfo`), and its runtime as
 * ffprobe read it, unrounded, for breaks that must add up to the frame: a video's own
 * duration (its frames' sum), else the file's.
 */
export const adMedia: MediaHolder = {
  measuresLoudness: true,
  valuesFrom: (info) => ({ durationSec: info.video?.durationSec ?? info.durationSec }),
};
