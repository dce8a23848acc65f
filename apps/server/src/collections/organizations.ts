import { checkRules, isValidTimeZone } from '@airgrid/domain';
import {
  ACCENT_COLOR_PATTERN,
  ARCHIVE_RETENTION_MESSAGE,
  DEFAULT_CURRENCY,
  organizations as definition,
  isArchiveRetention,
} from '@airgrid/schema';
import { ApiError } from '../errors/api-error.js';
import {
  type CollectionModule,
  FieldProblem,
  type HookContext,
} from '../records/collection-module.js';
import { stampArchivedFlag } from './archive-stamp.js';
import { lockMemberships } from './memberships-repository.js';
import {
  forgetFormerSlugs,
  isFormerSlugOfAnother,
  keepFormerSlug,
} from './organization-slugs-repository.js';
import { takeOwnership } from './organizations-repository.js';
import { ADMIN } from './role-rules.js';
import { forgetScheduleDeletions } from './schedule-deletions-repository.js';

/** The answer to a user who creates an organization while already in one. */
export const ALREADY_A_MEMBER = 'You already belong to an organization.';

const OWN = '@request.auth.id != "" && id = @request.auth.organization';

function checkTimeZone(values: Record<string, unknown>) {
  if (typeof values.timeZone === 'string' && !isValidTimeZone(values.timeZone)) {
    throw new FieldProblem(
      'timeZone',
      'validation_invalid_time_zone',
      'Must be an IANA time zone, e.g. America/New_York.',
    );
  }
}

const BRANDING_SHAPE = 'Branding must be an object such as {"accentColor": "#1a6b3c"}.';

/** `branding` is an object; its `accentColor`, when set, is "#rrggbb" (the public pages use it). */
function checkBranding(values: Record<string, unknown>) {
  let branding = values.branding;
  if (branding === undefined || branding === null || branding === '') return;
  if (typeof branding === 'string') {
    try {
      branding = JSON.parse(branding);
    } catch {
      throw new FieldProblem('branding', 'validation_invalid_branding', BRANDING_SHAPE);
    }
  }
  if (branding === null) return;
  if (typeof branding !== 'object' || Array.isArray(branding))
    throw new FieldProblem('branding', 'validation_invalid_branding', BRANDING_SHAPE);
  const accent = (branding as Record<string, unknown>).accentColor;
  if (accent === undefined || accent === '') return;
  if (typeof accent !== 'string' || !ACCENT_COLOR_PATTERN.test(accent)) {
    throw new FieldProblem(
      'branding',
      'validation_invalid_accent_color',
      'The accent colour must be a hex colour like #1a6b3c.',
    );
  }
}

/** `settings.archiveRetentionDays`, when set, is a whole number of days the archive allows. */
function checkSettings(values: Record<string, unknown>) {
  let settings = values.settings;
  if (typeof settings === 'string' && settings !== '') {
    try {
      settings = JSON.parse(settings);
    } catch {
      return; // the json field's own check answers for malformed JSON
    }
  }
  if (typeof settings !== 'object' || settings === null) return;
  const days = (settings as { archiveRetentionDays?: unknown }).archiveRetentionDays;
  if (days !== undefined && !isArchiveRetention(days)) {
    throw new FieldProblem('settings', 'validation_invalid_retention', ARCHIVE_RETENTION_MESSAGE);
  }
}

function checkValues(values: Record<string, unknown>) {
  // The select field has refused any currency not offered; blank is the default's.
  values.currency ||= DEFAULT_CURRENCY;
  checkTimeZone(values);
  checkBranding(values);
  checkSettings(values);
}

/**
 * The website follows the seed's `url` rule (issue 17), as the form checks it, besides the url
 * field's own check. Only a new or changed value: one stored before the rule keeps working.
 */
function checkWebsite(
  values: Record<string, unknown>,
  existing?: Readonly<Record<string, unknown>>,
) {
  const website = values.website;
  if (typeof website !== 'string' || website === '' || website === existing?.website) return;
  const failure = checkRules(website, 'url', 'website');
  if (failure)
    throw new FieldProblem('website', `validation_${failure.rule}`, sentence(failure.message));
}

function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The answer to a slug another station used to have: its old links still lead there. */
export const SLUG_HELD =
  'Another station used this slug, and its old links still lead there. Choose another slug.';

/** A slug that is another organization's former slug is not free (its redirects would break). */
async function checkSlugFree(
  values: Record<string, unknown>,
  own: string | null,
  { trx }: HookContext,
) {
  if (typeof values.slug !== 'string' || values.slug === '') return;
  if (await isFormerSlugOfAnother(trx, values.slug, own))
    throw new FieldProblem('slug', 'validation_slug_held', SLUG_HELD);
}

/**
 * Stations. A signed-in user without one creates it and becomes its owner in the same
 * transaction; members read theirs; admins edit it; only the owner archives, restores or
 * deletes it (an archived one is deleted for good after its retention: features/archive).
 */
export const organizations: CollectionModule = {
  definition,
  rules: {
    listRule: OWN,
    viewRule: OWN,
    createRule:
      '@request.auth.id != "" && @request.auth.organization = "" && @request.auth.collectionName = "users"',
    // Admins edit it; archiving or restoring it is the owner's alone.
    updateRule: `${OWN} && ${ADMIN} && (@request.body.archived:isset = false || @request.auth.role = "owner")`,
    deleteRule: `${OWN} && @request.auth.role = "owner"`,
  },
  hooks: {
    async beforeCreate(values, context) {
      checkValues(values);
      stampArchivedFlag(values, null, context.now);
      checkWebsite(values);
      await checkSlugFree(values, null, context);
    },
    async beforeUpdate(values, existing, context) {
      checkValues(values);
      stampArchivedFlag(values, existing, context.now);
      checkWebsite(values, existing);
      const id = String(existing.id);
      await checkSlugFree(values, id, context);
      // The old slug keeps answering: its public pages and feeds redirect to the new one.
      if (typeof values.slug === 'string' && values.slug !== existing.slug)
        await keepFormerSlug(context.trx, id, String(existing.slug), values.slug, context.now);
    },
    async afterCreate(record, { trx, auth, now, changed }) {
      if (!auth || typeof auth.id !== 'string') return;
      // The create rule saw the requester without an organization, but before this transaction:
      // parallel creates all pass it. Only the first to get here may take the user; the others
      // update nothing, and throwing rolls their organization back.
      if (!(await takeOwnership(trx, auth.id, String(record.id), now)))
        throw new ApiError(400, ALREADY_A_MEMBER);
      // The user is now the owner: their event tells every node (and its cached tokens) so.
      await changed('users', auth.id);
    },
    async beforeDelete(existing, { trx }) {
      // Its members are cleared before its row goes: take the row first, as a member leaving
      // does (memberships-repository.ts), so the two never lock in opposite orders.
      await lockMemberships(trx, String(existing.id));
      // Its channels, shows and timeslots go with it (cascade), and so does their deletion date.
      await forgetScheduleDeletions(trx, String(existing.id));
      await forgetFormerSlugs(trx, String(existing.id));
    },
  },
};
