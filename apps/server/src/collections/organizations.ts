import { isValidTimeZone } from '@airgrid/domain';
import { organizations as definition } from '@airgrid/schema';
import { type CollectionModule, FieldProblem } from './collection-module.js';
import { ADMIN } from './role-rules.js';

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

/**
 * Stations. A signed-in user without one creates it and becomes its owner in the same
 * transaction; members read theirs; admins edit it; only the owner deletes it.
 */
export const organizations: CollectionModule = {
  definition,
  rules: {
    listRule: OWN,
    viewRule: OWN,
    createRule:
      '@request.auth.id != "" && @request.auth.organization = "" && @request.auth.collectionName = "users"',
    updateRule: `${OWN} && ${ADMIN}`,
    deleteRule: `${OWN} && @request.auth.role = "owner"`,
  },
  hooks: {
    beforeCreate: checkTimeZone,
    beforeUpdate: checkTimeZone,
    async afterCreate(record, { trx, auth, now }) {
      if (!auth || typeof auth.id !== 'string') return;
      await trx
        .updateTable('users')
        .set({
          organization: String(record.id),
          role: 'owner',
          updated: new Date(now).toISOString().replace('T', ' '),
        })
        .where('id', '=', auth.id)
        .execute();
    },
    async beforeDelete(existing, { trx }) {
      // Its channels, shows and timeslots go with it (cascade), and so does their deletion date.
      await trx
        .deleteFrom('_schedule_deletions')
        .where('organization', '=', String(existing.id))
        .execute();
    },
  },
};
