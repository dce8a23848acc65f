import { campaigns as definition } from '@airgrid/schema';
import {
  CREATES_IN_OWN_ORGANIZATION,
  EDITOR,
  MEMBER,
  STAYS_IN_ORGANIZATION,
} from '../../collections/role-rules.js';
import { type CollectionModule, FieldProblem } from '../../records/collection-module.js';

// Campaigns (issue 40): members read them, staff (editors and above) keep them. Only a draft
// may be deleted: a booked campaign has placements, and aired ones are its proof of play.

type Values = Record<string, unknown>;

/** A date field's value as its calendar day (`YYYY-MM-DD 00:00:00.000Z`), or '' for none. */
function asDay(value: unknown): string {
  return typeof value === 'string' && value !== '' ? `${value.slice(0, 10)} 00:00:00.000Z` : '';
}

/** Defaults, and what every write must hold. */
function checkCampaign(values: Values, existing: Values | null): void {
  values.status ||= existing?.status || 'draft';
  values.goalPer ||= existing?.goalPer || 'week';
  if (!values.priority) values.priority = existing?.priority || 5;
  values.flightStart = asDay(values.flightStart);
  values.flightEnd = asDay(values.flightEnd);
  const { flightStart, flightEnd } = values as { flightStart: string; flightEnd: string };
  if (flightStart && flightEnd && flightEnd < flightStart) {
    throw new FieldProblem(
      'flightEnd',
      'validation_invalid_date_range',
      `Must be on or after the flight's first day (${flightStart.slice(0, 10)}).`,
    );
  }
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
    prepareCreate(values) {
      checkCampaign(values, null);
    },
    beforeUpdate(values, existing) {
      checkCampaign(values, existing);
    },
  },
};
