import { describe, expect, it } from 'vitest';
import { statementName } from './postgres-prepared-statements.js';

describe('statementName', () => {
  it('gives one text the same name every time, and another text another name', () => {
    const first = statementName('select id from shows where id = $1 -- a', 1);
    expect(first).toBeDefined();
    expect(statementName('select id from shows where id = $1 -- a', 1)).toBe(first);
    expect(statementName('select id from shows where id = $1 -- b', 1)).not.toBe(first);
  });

  it('leaves statements without parameters unnamed', () => {
    expect(statementName('begin', 0)).toBeUndefined();
  });

  it('leaves select * unnamed, whose columns a migration elsewhere may change', () => {
    expect(statementName('select * from users where lower(email) = $1', 1)).toBeUndefined();
    // The decision is remembered: the second time is a lookup, with the same answer.
    expect(statementName('select * from users where lower(email) = $1', 1)).toBeUndefined();
  });
});
