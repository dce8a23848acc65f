import { shows, users } from '@airgrid/schema';
import { Kysely, PostgresDialect, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COLLECTION_MODULES } from '../features/index.js';
import { RecordAccess, type RecordRequest } from './record-access.js';
import { sqlDialect } from './sql-dialect.js';

// Compiles without a database: Kysely needs a dialect to turn SQL into text, never a pool.
const compiler = new Kysely<unknown>({
  dialect: new PostgresDialect({ pool: async () => ({}) as never }),
});
const textOf = (rule: RawBuilder<unknown>) => rule.compile(compiler);

const access = () => new RecordAccess(sqlDialect('postgres'), { now: () => 0 }, COLLECTION_MODULES);

function request(
  record: Record<string, unknown>,
  body: Record<string, unknown> = {},
): RecordRequest {
  return {
    auth: { collection: users, record },
    isSuperuser: false,
    body,
    query: {},
    headers: {},
    method: 'POST',
    context: 'default',
  };
}

const AUTH_ONLY = '@request.auth.id != "" && organization = @request.auth.organization';
const READS_BODY =
  '@request.body.producer:isset = false || @request.body.producer = @request.auth.id';

describe('RecordAccess.rule', () => {
  it('compiles a rule that reads only the auth record once per frozen record', () => {
    const records = access();
    const owner = Object.freeze({ id: 'u1', organization: 'o1', role: 'owner' });
    const first = records.rule(AUTH_ONLY, shows, request(owner));
    const again = records.rule(AUTH_ONLY, shows, request(owner, { title: 'Other body' }));
    expect(again).toBe(first);
    const other = Object.freeze({ id: 'u2', organization: 'o2', role: 'owner' });
    const theirs = records.rule(AUTH_ONLY, shows, request(other));
    expect(textOf(theirs).parameters).toEqual(['u2', 'u2', 'o2']);
    expect(textOf(first).parameters).toEqual(['u1', 'u1', 'o1']);
  });

  it('compiles per request a rule that reads the body, or for a record that may still change', () => {
    const records = access();
    const owner = Object.freeze({ id: 'u1', organization: 'o1', role: 'owner' });
    const withProducer = records.rule(READS_BODY, shows, request(owner, { producer: 'u1' }));
    const without = records.rule(READS_BODY, shows, request(owner));
    expect(textOf(withProducer)).not.toEqual(textOf(without));
    const mutable = { id: 'u1', organization: 'o1', role: 'owner' };
    const before = records.rule(AUTH_ONLY, shows, request(mutable));
    mutable.organization = 'o2';
    const after = records.rule(AUTH_ONLY, shows, request(mutable));
    expect(textOf(after).parameters).toContain('o2');
    expect(textOf(before).parameters).toContain('o1');
  });
});
