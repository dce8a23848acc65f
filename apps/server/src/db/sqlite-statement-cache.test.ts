import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.js';

describe('withStatementCache', () => {
  it('prepares each SQL text once and reuses it', () => {
    const database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(first.all([])).toEqual([{ one: 1 }]);
    database.close();
  });

  it('drops the least recently used statement when full', () => {
    const database = new SQLite(':memory:');
    const cached = withStatementCache(database, 2);
    const a = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(a);
    database.close();
  });

  it('keeps working after the schema changes', () => {
    const database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    cached.prepare('create table t (a integer)').run([]);
    cached.prepare('insert into t (a) values (?)').run([1]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    cached.prepare('alter table t add column b text').run([]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    database.close();
  });

  it('binds booleans as 1 and 0, in every kind of call', () => {
    const database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    cached.prepare('create table t (a integer, b text)').run([]);
    cached.prepare('insert into t (a, b) values (?, ?)').run([true, 'x']);
    cached.prepare('insert into t (a, b) values (?, ?)').run([false, 'y']);
    expect(cached.prepare('select b from t where a = ?').all([true])).toEqual([{ b: 'x' }]);
    expect([...cached.prepare('select b from t where a = ?').iterate([false])]).toEqual([
      { b: 'y' },
    ]);
    database.close();
  });
});
