import { toRecordDate } from '@airgrid/domain';
import { captions as definition } from '@airgrid/schema';
import { editorWrites } from '../../collections/role-rules.js';
import {
  type CollectionModule,
  FieldProblem,
  type HookContext,
} from '../../records/collection-module.js';
import { checkCues } from './caption-cues.js';
import { refreshShowCaptionStatus } from './captions-repository.js';

/** The cues as the track keeps them, or the field's problem. */
function tidyCues(values: Record<string, unknown>) {
  const cues = checkCues(values.cues);
  if (typeof cues === 'string') throw new FieldProblem('cues', 'validation_invalid_cues', cues);
  values.cues = cues;
}

async function followShow(
  show: string,
  change: { id: string; status: string | null },
  { trx, now, changed }: HookContext,
) {
  await refreshShowCaptionStatus(trx, show, change, toRecordDate(now));
  await changed('shows', show);
}

/**
 * Caption tracks: members read them; editors write them. Each write keeps the cues tidy and the
 * show's caption status (none, partial, complete) in step with its tracks.
 */
export const captions: CollectionModule = {
  definition,
  rules: editorWrites(),
  hooks: {
    async beforeCreate(values, context) {
      tidyCues(values);
      await followShow(
        String(values.show),
        { id: String(values.id), status: String(values.status) },
        context,
      );
    },
    async beforeUpdate(values, existing, context) {
      tidyCues(values);
      const change = { id: String(existing.id), status: String(values.status) };
      await followShow(String(values.show), change, context);
      if (values.show !== existing.show)
        await followShow(String(existing.show), { id: String(existing.id), status: null }, context);
    },
    async beforeDelete(existing, context) {
      await followShow(String(existing.show), { id: String(existing.id), status: null }, context);
    },
  },
};
