import { type CampaignDaypart, campaigns as definition } from '@airgrid/schema';
import { asCalendarDay } from '../../collections/calendar-day.js';
import {
  CREATES_IN_OWN_ORGANIZATION,
  EDITOR,
  MEMBER,
  STAYS_IN_ORGANIZATION,
} from '../../collections/role-rules.js';
import {
  type CollectionModule,
  FieldProblem,
  FieldProblems,
  type HookContext,
} from '../../records/collection-module.js';
import { findRotationSpots } from './campaigns-repository.js';

// Campaigns (issue 40): members read them, staff (editors and above) keep them. Only a draft
// may be deleted: a booked campaign has placements, and aired ones are its proof of play.
// Every write is checked here as the placement engine will read it (packages/domain's
// placement README): dayparts it can read, weights for the spots of the rotation, the
// sponsor's own spots; and a booked campaign has what it takes to be placed. Each problem is
// said on its field, all of them at once.

type Values = Record<string, unknown>;

/** At most this many dayparts: two a day covers every grid stations asked for. */
const MAX_DAYPARTS = 14;
/** The largest weight a spot of the rotation may have (1 is an even share). */
const MAX_WEIGHT = 100;

const DAYPART_EXAMPLE =
  'Each daypart needs days and a from and to time, e.g. weekdays 18:00–21:00.';
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** What is wrong with one daypart (numbered from 1), or null. */
function daypartProblem(daypart: unknown, number: number): string | null {
  if (!isObject(daypart)) return `Daypart ${number} is not one. ${DAYPART_EXAMPLE}`;
  const { days, from, to } = daypart;
  if (!Array.isArray(days) || days.length === 0)
    return `Daypart ${number} has no days. ${DAYPART_EXAMPLE}`;
  if (!days.every((day) => Number.isInteger(day) && day >= 1 && day <= 7))
    return `Daypart ${number}: days are 1 (Monday) to 7 (Sunday). ${DAYPART_EXAMPLE}`;
  if (new Set(days).size !== days.length) return `Daypart ${number} names a day twice.`;
  if (typeof from !== 'string' || !CLOCK.test(from))
    return `Daypart ${number}: the from time must be HH:MM, 00:00 to 23:59. ${DAYPART_EXAMPLE}`;
  if (typeof to !== 'string' || !(CLOCK.test(to) || to === '24:00'))
    return `Daypart ${number}: the to time must be HH:MM, 00:00 to 24:00. ${DAYPART_EXAMPLE}`;
  return null;
}

/** Reads the dayparts (none: any time) as the engine will, days in order; or the problem. */
function checkDayparts(values: Values, problems: FieldProblem[]): void {
  const raw = values.dayparts;
  if (isEmpty(raw)) {
    values.dayparts = [];
    return;
  }
  const problem = (message: string) =>
    problems.push(new FieldProblem('dayparts', 'validation_invalid_dayparts', message));
  if (!Array.isArray(raw)) return void problem(`Dayparts are a list. ${DAYPART_EXAMPLE}`);
  if (raw.length > MAX_DAYPARTS)
    return void problem(
      `At most ${MAX_DAYPARTS} dayparts (this has ${raw.length}): one daypart can cover several days.`,
    );
  for (const [index, daypart] of raw.entries()) {
    const found = daypartProblem(daypart, index + 1);
    if (found) return void problem(found);
  }
  values.dayparts = (raw as CampaignDaypart[]).map(
    ({ days, from, to }): CampaignDaypart => ({
      days: [...days].sort((a, b) => a - b),
      from,
      to,
    }),
  );
}

/** A multiple relation's ids. */
const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The rotation's spot ids. */
const adsOf = (values: Values): string[] => idsOf(values.ads);

/** Weights: a positive number per spot of the rotation; keys of other spots are dropped. */
function checkWeights(values: Values, problems: FieldProblem[]): void {
  const raw = values.weights;
  if (isEmpty(raw)) {
    values.weights = {};
    return;
  }
  const message = `Each spot’s weight is a number above 0, up to ${MAX_WEIGHT} (1 for an even share, 2 for twice as often).`;
  if (!isObject(raw)) {
    problems.push(new FieldProblem('weights', 'validation_invalid_weights', message));
    return;
  }
  const ads = new Set(adsOf(values));
  const kept = Object.entries(raw).filter(([spot]) => ads.has(spot));
  if (
    !kept.every(
      ([, weight]) =>
        typeof weight === 'number' && Number.isFinite(weight) && weight > 0 && weight <= MAX_WEIGHT,
    )
  ) {
    problems.push(new FieldProblem('weights', 'validation_invalid_weights', message));
    return;
  }
  values.weights = Object.fromEntries(kept);
}

/**
 * The moves a campaign's status may make: a draft is booked (or kept a draft), a booked one
 * paused or ended, a paused one resumed or ended. An ended campaign stays ended (its placements
 * are the record of what was sold), and nothing goes back to draft once booked.
 */
const STATUS_MOVES: Readonly<Record<string, readonly string[]>> = {
  draft: ['draft', 'booked', 'ended'],
  booked: ['booked', 'paused', 'ended'],
  paused: ['paused', 'booked', 'ended'],
  ended: ['ended'],
};

function checkStatusMove(values: Values, existing: Values | null, problems: FieldProblem[]) {
  const from = String(existing?.status || '');
  const to = String(values.status);
  if (!existing || from === '' || STATUS_MOVES[from]?.includes(to)) return;
  problems.push(
    new FieldProblem(
      'status',
      'validation_invalid_status_change',
      from === 'ended'
        ? 'An ended campaign stays ended: make a new campaign for another flight.'
        : `A ${from} campaign cannot become ${to}: ${
            to === 'draft' ? 'pause it instead' : 'choose another status'
          }.`,
    ),
  );
}

/** Defaults, and what every write must hold that needs no other record. */
function checkCampaign(values: Values, existing: Values | null): FieldProblem[] {
  values.status ||= existing?.status || 'draft';
  values.goalPer ||= existing?.goalPer || 'week';
  if (!values.priority) values.priority = existing?.priority || 5;
  values.flightStart = asCalendarDay(values.flightStart);
  values.flightEnd = asCalendarDay(values.flightEnd);
  const problems: FieldProblem[] = [];
  const { flightStart, flightEnd } = values as { flightStart: string; flightEnd: string };
  if (flightStart && flightEnd && flightEnd < flightStart) {
    problems.push(
      new FieldProblem(
        'flightEnd',
        'validation_invalid_date_range',
        `Must be on or after the flight's first day (${flightStart.slice(0, 10)}).`,
      ),
    );
  }
  checkStatusMove(values, existing, problems);
  checkDayparts(values, problems);
  checkWeights(values, problems);
  if (values.status === 'booked') {
    if (idsOf(values.channels).length === 0) {
      problems.push(
        new FieldProblem(
          'channels',
          'validation_booked_needs_channel',
          'A booked campaign airs on at least one channel: choose its channels.',
        ),
      );
    }
    if (!(Number(values.goalSpots) > 0)) {
      problems.push(
        new FieldProblem(
          'goalSpots',
          'validation_booked_needs_goal',
          'A booked campaign needs a goal: how many spots a day, a week or over the flight.',
        ),
      );
    }
    if (adsOf(values).length === 0) problems.push(needsActiveSpot());
  }
  return problems;
}

function needsActiveSpot(): FieldProblem {
  return new FieldProblem(
    'ads',
    'validation_booked_needs_spot',
    'A booked campaign needs at least one active spot in its rotation (a spot with its media in, made active in Ads).',
  );
}

/**
 * The rotation's spots, read: each is the campaign's sponsor's, a spot newly added is not
 * archived (one archived since it was added stays, and is not placed), and a booked campaign
 * has at least one that can air.
 */
async function checkRotation(
  values: Values,
  existing: Values | null,
  { trx }: HookContext,
): Promise<FieldProblem[]> {
  const ids = adsOf(values);
  if (ids.length === 0) return [];
  const before = new Set(existing ? adsOf(existing) : []);
  const spots = await findRotationSpots(trx, ids);
  const said: string[] = [];
  for (const spot of spots) {
    if (spot.sponsor !== values.sponsor) {
      said.push(
        `“${spot.title}” is not this sponsor’s spot: a campaign rotates only its sponsor’s spots.`,
      );
    } else if (spot.status === 'archived' && !before.has(spot.id)) {
      said.push(`“${spot.title}” is archived: restore it in Ads, or leave it out.`);
    }
  }
  if (said.length > 0)
    return [new FieldProblem('ads', 'validation_invalid_rotation', said.join(' '))];
  const airs = spots.some((spot) => spot.status === 'active' && spot.media !== '');
  return values.status === 'booked' && !airs ? [needsActiveSpot()] : [];
}

/** Throws what was found, one problem per field (a field's first). */
function refuse(problems: readonly FieldProblem[]): void {
  const byField = new Map<string, FieldProblem>();
  for (const problem of problems)
    if (!byField.has(problem.field)) byField.set(problem.field, problem);
  const found = [...byField.values()];
  if (found.length === 1 && found[0]) throw found[0];
  if (found.length > 1) throw new FieldProblems(found);
}

export const campaigns: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: `${CREATES_IN_OWN_ORGANIZATION} && ${EDITOR}`,
    updateRule: `${MEMBER} && ${EDITOR} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: `${MEMBER} && ${EDITOR} && status = "draft"`,
  },
  hooks: {
    // What needs no other record is said first, so a refused create says it all at once.
    prepareCreate(values) {
      refuse(checkCampaign(values, null));
    },
    // Only a rotation has spots to read.
    needsBeforeCreate: (values) => adsOf(values).length > 0,
    async beforeCreate(values, context) {
      const problems = await checkRotation(values, null, context);
      // The booked check without spots was said already (prepareCreate).
      refuse(problems);
    },
    async beforeUpdate(values, existing, context) {
      const problems = checkCampaign(values, existing);
      problems.push(...(await checkRotation(values, existing, context)));
      refuse(problems);
    },
  },
};
