import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import { ApiError } from '../errors/api-error.js';
import { expandRecords } from './expand.js';
import { pickFields } from './fields-picker.js';
import { type RecordAccess, type RecordRequest, viewerOf } from './record-access.js';
import { exportRecord, recordToRow } from './record-codec.js';
import type { RecordEvent } from './record-events.js';
import * as repository from './record-repository.js';
import { assertResponseSize } from './response-budget.js';

/**
 * What a realtime subscriber receives of an event, or null when they may not see it: the
 * collection's listRule (or viewRule for a one-record topic) and the topic's filter, checked
 * against the record as the event carries it, then expand and fields (API-CONTRACT §6.4).
 */
export async function realtimeView(
  db: Kysely<Database>,
  access: RecordAccess,
  event: RecordEvent,
  singleRecord: boolean,
  query: Readonly<Record<string, string>>,
  request: RecordRequest,
): Promise<unknown> {
  const module = access.findModule(event.collection);
  if (!module) return null;
  const { definition, rules } = module;
  const rule = singleRecord ? rules.viewRule : rules.listRule;
  if (rule === null && !request.isSuperuser) return null;
  const conditions: RawBuilder<SqlBool>[] = [];
  try {
    if (!request.isSuperuser && rule) conditions.push(access.rule(rule, definition, request));
    if (query.filter?.trim())
      conditions.push(access.clientFilter(query.filter, definition, request));
  } catch (error) {
    // A filter the subscriber may not use, or cannot be read, means nothing is sent.
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (conditions.length) {
    const row = recordToRow(definition, event.record, access.dialect.name);
    const allowed = await repository.valuesSatisfy(
      db,
      access.dialect,
      definition,
      row,
      sql.join(conditions, sql` and `) as RawBuilder<SqlBool>,
    );
    if (!allowed) return null;
  }
  const record = exportRecord(definition, event.record, viewerOf(request));
  try {
    await expandRecords(db, access, definition.name, [record], query.expand, request);
    const view = pickFields(record, query.fields, false);
    assertResponseSize(view);
    return view;
  } catch (error) {
    // An expand past its budget is the subscriber's request: they are sent nothing.
    if (error instanceof ApiError) return null;
    throw error;
  }
}
