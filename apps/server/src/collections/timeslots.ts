import { snapToQuarterHour } from '@airgrid/domain';
import { timeslots as definition } from '@airgrid/schema';
import type { CollectionModule } from './collection-module.js';
import { editorWrites } from './role-rules.js';

function snapDuration(values: Record<string, unknown>) {
  if (typeof values.durationSec === 'number')
    values.durationSec = snapToQuarterHour(values.durationSec);
}

/** Airings: members read the schedule, editors and above change it; durations snap to 15 minutes. */
export const timeslots: CollectionModule = {
  definition,
  rules: editorWrites(),
  hooks: { beforeCreate: snapDuration, beforeUpdate: snapDuration },
};
