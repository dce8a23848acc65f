import {
  bool,
  type CollectionDefinition,
  json,
  number,
  relation,
  select,
  text,
} from '@airgrid/schema';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresDialect, type SqlDialect, sqliteDialect } from '../sql-dialect.js';
import { type CompileOptions, compileFilter, compileSortTerm } from './filter-compiler.js';
import { parseFilter } from './filter-parser.js';

// The SQL the compiler writes for each dialect object, compiled without a database: what
// differs between SQLite and PostgreSQL comes from records/sql-dialect.ts, nowhere else. The
// filters' meaning on real databases is tested in records/*.integration.test.ts.

const docs: CollectionDefinition = {
  id: 'pbc_docs',
  name: 'docs',
  type: 'base',
  fields: [
    text('title'),
    number('pages'),
    bool('done'),
    json('meta'),
    select('tags', ['a', 'b', 'c'], { maxSelect: 3 }),
    relation('author', 'people'),
  ],
};
const people: CollectionDefinition = {
  id: 'pbc_people',
  name: 'people',
  type: 'base',
  fields: [text('name')],
};

const databases = {
  sqlite: new Kysely<unknown>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

function options(dialect: SqlDialect): CompileOptions {
  const collections = new Map([
    ['docs', docs],
    ['people', people],
  ]);
  return {
    dialect,
    collection: (name) => {
      const definition = collections.get(name);
      return definition && { definition, listRule: '' };
    },
    request: {
      auth: null,
      isSuperuser: true,
      body: {},
      query: {},
      headers: {},
      method: 'GET',
      context: 'default',
    },
    now: Date.UTC(2026, 10, 25, 12),
    mode: 'rule',
    parse: parseFilter,
  };
}

/** The SQL and parameters of a filter compiled for one dialect. */
function compiled(dialect: SqlDialect, filter: string) {
  const condition = compileFilter(parseFilter(filter), docs, options(dialect));
  const { sql, parameters } = condition.compile(databases[dialect.name]);
  return { sql, parameters };
}

function sorted(dialect: SqlDialect, term: string) {
  return compileSortTerm(term, docs, options(dialect)).compile(databases[dialect.name]).sql;
}

describe('compileFilter with the SQLite dialect', () => {
  const dialect = sqliteDialect;

  it('binds values as they are, with no casts', () => {
    const { sql, parameters } = compiled(dialect, 'title = "News" && pages > 3');
    expect(sql).toBe('("m"."title" = ? and "m"."pages" > ?)');
    expect(parameters).toEqual(['News', 3]);
  });

  it('uses LIKE with a backslash escape for ~', () => {
    const { sql, parameters } = compiled(dialect, 'title ~ "50%_off" && title !~ "x"');
    expect(sql).toContain(`"m"."title" like ? escape '\\'`);
    expect(sql).toContain(`"m"."title" not like ? escape '\\'`);
    expect(parameters).toEqual(['50%_off', '%x%']);
  });

  it('iterates JSON arrays with json_each and measures them with json_array_length', () => {
    expect(compiled(dialect, 'tags:each ?= "a"').sql).toContain(
      'left join json_each("m"."tags") as "j1" on 1 = 1',
    );
    expect(compiled(dialect, 'tags:length > 1').sql).toContain('json_array_length("m"."tags")');
  });

  it('reads JSON paths with json_extract', () => {
    const { sql, parameters } = compiled(dialect, 'meta.a.0 = "x"');
    expect(sql).toContain('json_extract("m"."meta", ?)');
    expect(parameters[0]).toBe('$.a[0]');
  });

  it('writes != against a literal as IS NOT, and empty JSON as its text forms', () => {
    expect(compiled(dialect, 'title != "x"').sql).toBe('("m"."title" is not ?)');
    expect(compiled(dialect, 'meta = ""').sql).toContain(`in ('[]', 'null', '""', '')`);
  });

  it('compares a boolean with a text column as 1 or 0, and mixed columns without casts', () => {
    expect(compiled(dialect, 'title = true').parameters).toEqual([1]);
    expect(compiled(dialect, 'title = pages').sql).toBe(
      `(coalesce("m"."title", '') = coalesce("m"."pages", ''))`,
    );
  });

  it('orders by rowid', () => {
    expect(sorted(dialect, '-@rowid')).toBe('"m"."rowid" desc');
  });
});

describe('compileFilter with the PostgreSQL dialect', () => {
  const dialect = postgresDialect;

  it('casts every bound value to its type', () => {
    const { sql, parameters } = compiled(dialect, 'title = "News" && pages > 3 && done = true');
    expect(sql).toBe(
      '("m"."title" = cast($1 as text) and "m"."pages" > cast($2 as double precision) and "m"."done" = cast($3 as boolean))',
    );
    expect(parameters).toEqual(['News', 3, true]);
  });

  it('uses ILIKE with a backslash escape for ~', () => {
    const { sql } = compiled(dialect, 'title ~ "x" && title !~ "y"');
    expect(sql).toContain(`"m"."title" ilike cast($1 as text) escape '\\'`);
    expect(sql).toContain(`"m"."title" not ilike cast($2 as text) escape '\\'`);
  });

  it('iterates JSON arrays with jsonb_array_elements_text and measures them with jsonb_array_length', () => {
    expect(compiled(dialect, 'tags:each ?= "a"').sql).toContain(
      'left join lateral jsonb_array_elements_text("m"."tags") as "j1"(value) on true',
    );
    expect(compiled(dialect, 'tags:length > 1').sql).toContain('jsonb_array_length("m"."tags")');
  });

  it('reads JSON paths with #>>', () => {
    const { sql, parameters } = compiled(dialect, 'meta.a.0 = "x"');
    expect(sql).toContain('("m"."meta" #>> $1)');
    expect(parameters[0]).toBe('{a,0}');
  });

  it('writes != against a literal as IS DISTINCT FROM, and empty JSON as jsonb values', () => {
    expect(compiled(dialect, 'title != "x"').sql).toBe(
      '("m"."title" is distinct from cast($1 as text))',
    );
    expect(compiled(dialect, 'meta = ""').sql).toContain(
      `in ('[]'::jsonb, 'null'::jsonb, '""'::jsonb)`,
    );
  });

  it('compares a boolean with a text column as text, and mixed columns cast to text', () => {
    expect(compiled(dialect, 'title = true').parameters).toEqual(['true']);
    expect(compiled(dialect, 'title = pages').sql).toBe(
      `(coalesce("m"."title", '') = coalesce(cast("m"."pages" as text), ''))`,
    );
    expect(compiled(dialect, 'pages = pages').sql).toBe(
      `(coalesce("m"."pages", 0) = coalesce("m"."pages", 0))`,
    );
  });

  it('orders by the _rowid identity column', () => {
    expect(sorted(dialect, '@rowid')).toBe('"m"."_rowid" asc');
  });
});

describe('the dialect objects', () => {
  it('test a JSON array for an element in each database’s way', () => {
    const column = { sqlite: 'json_each', postgres: '@>' };
    for (const dialect of [sqliteDialect, postgresDialect]) {
      const holds = dialect.jsonArrayHolds(sql.ref('tags'), 'x').compile(databases[dialect.name]);
      expect(holds.sql).toContain(column[dialect.name]);
      expect(holds.parameters).toEqual([dialect === postgresDialect ? '["x"]' : 'x']);
    }
  });

  it('type values for a one-row table only on PostgreSQL', () => {
    expect(sqliteDialect.typed('[]', 'json').compile(databases.sqlite).sql).toBe('?');
    expect(postgresDialect.typed('[]', 'json').compile(databases.postgres).sql).toBe(
      'cast($1 as jsonb)',
    );
  });
});
