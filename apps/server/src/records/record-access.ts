import type { CollectionDefinition } from '@airgrid/schema';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors/api-error.js';
import type { CollectionModule, Rule } from './collection-module.js';
import type { Group, Operand } from './filter/filter-ast.js';
import { FilterSyntaxError } from './filter/filter-ast.js';
import {
  type CompileOptions,
  compileFilter,
  compileSortTerm,
  type RequestContext,
} from './filter/filter-compiler.js';
import { parseFilter } from './filter/filter-parser.js';
import type { Viewer } from './record-codec.js';
import type { SqlDialect } from './sql-dialect.js';

// Who may do what to which records: the collections and their API rules, compiled to SQL for
// this database, and a client's filter and sort, held to what the client may use
// (API-CONTRACT §2.2, §3).

const ONLY_SUPERUSERS = 'Only superusers can perform this action.';
const MAX_FILTER_LENGTH = 3500;
const MAX_SORT_FIELDS = 8;

/** Who is asking, and about what: the compiler's request context plus viewer details. */
export interface RecordRequest extends RequestContext {}

/**
 * The server acting on its own behalf (a job, the daily purge, a notification): rules pass;
 * hooks, cascades and realtime events still run.
 */
export function serverRequest(method: 'POST' | 'PATCH' | 'DELETE'): RecordRequest {
  return {
    auth: null,
    isSuperuser: true,
    body: {},
    query: {},
    headers: {},
    method,
    context: 'default',
  };
}

/** What a requester may see of the records they are sent. */
export function viewerOf(request: RecordRequest): Viewer {
  return {
    isSuperuser: request.isSuperuser,
    ...(request.auth
      ? { authId: String(request.auth.record.id), authCollectionId: request.auth.collection.id }
      : {}),
  };
}

/** True when the operand reads nothing of the request but its auth record. */
function readsOnlyAuth(operand: Operand): boolean {
  if (operand.kind === 'function') return operand.args.every(readsOnlyAuth);
  if (operand.kind !== 'identifier' || !operand.name.startsWith('@')) return true;
  return operand.name.startsWith('@request.auth.') || operand.name.startsWith('@collection.');
}

/**
 * True when a rule's SQL depends on the request only through its auth record: no body, query,
 * headers, method, context or datetime macro (`@now` moves with the clock).
 */
function dependsOnlyOnAuth(group: Group): boolean {
  return group.items.every(({ expr }) =>
    expr.kind === 'group'
      ? dependsOnlyOnAuth(expr)
      : readsOnlyAuth(expr.left) && readsOnlyAuth(expr.right),
  );
}

export class RecordAccess {
  readonly #modules = new Map<string, CollectionModule>();
  readonly #parsed = new Map<string, Group>();
  /** Per rule text: whether its SQL depends on the request only through the auth record. */
  readonly #authOnly = new Map<string, boolean>();
  /**
   * Compiled rules by the auth record they were compiled for, then by collection and rule.
   * The auth cache hands one frozen record to every request of a token for up to a second
   * (decision 0021), so a client's repeated writes compile each rule once, not per request.
   */
  readonly #byAuthRecord = new WeakMap<object, Map<string, RawBuilder<SqlBool>>>();

  constructor(
    /** What the SQL says differently on this database, chosen once. */
    readonly dialect: SqlDialect,
    private readonly clock: Clock,
    modules: readonly CollectionModule[],
  ) {
    for (const module of modules) {
      this.#modules.set(module.definition.name, module);
      this.#modules.set(module.definition.id, module);
    }
  }

  /** The collection by name or id, or a 404 "Missing collection context.". */
  module(nameOrId: string): CollectionModule {
    const module = this.#modules.get(nameOrId);
    if (!module) throw new ApiError(404, 'Missing collection context.');
    return module;
  }

  findModule(nameOrId: string): CollectionModule | undefined {
    return this.#modules.get(nameOrId);
  }

  /** Every collection once. */
  uniqueModules(): CollectionModule[] {
    return [...new Set(this.#modules.values())];
  }

  /** A null rule (or none) is for superusers only: 403 for anyone else. */
  requireRule(rule: Rule | undefined, request: RecordRequest) {
    if ((rule === null || rule === undefined) && !request.isSuperuser)
      throw new ApiError(403, ONLY_SUPERUSERS);
  }

  /**
   * Compiles an API rule for the collection (full access: hidden fields and any relation). A
   * rule that reads only the auth record is compiled once per frozen auth record (a frozen
   * record cannot change under the SQL compiled from it); any other is compiled per request.
   */
  rule(
    text: string,
    definition: CollectionDefinition,
    request: RecordRequest,
  ): RawBuilder<SqlBool> {
    const compile = () =>
      compileFilter(this.parse(text), definition, this.compileOptions(request, 'rule'));
    const record = request.auth?.record;
    if (!record || !Object.isFrozen(record) || !this.dependsOnlyOnAuth(text)) return compile();
    let rules = this.#byAuthRecord.get(record);
    if (!rules) {
      rules = new Map();
      this.#byAuthRecord.set(record, rules);
    }
    const key = `${definition.name}\0${text}`;
    let compiled = rules.get(key);
    if (!compiled) {
      compiled = compile();
      rules.set(key, compiled);
    }
    return compiled;
  }

  /** Compiles a client's `filter`: no hidden fields, only collections they may list. */
  clientFilter(text: string, definition: CollectionDefinition, request: RecordRequest) {
    if (text.length > MAX_FILTER_LENGTH)
      throw new ApiError(400, 'Max filter length limit reached.');
    if (!request.isSuperuser) {
      if (text.includes('@collection.'))
        throw new ApiError(403, 'Only superusers can filter by @collection.');
      if (text.includes('@request.'))
        throw new ApiError(403, 'Only superusers can filter by @request.');
    }
    return this.badRequestOnError(() =>
      compileFilter(parseFilter(text), definition, this.compileOptions(request, 'client')),
    );
  }

  /** Compiles a client's `sort` into ORDER BY terms (at most 8). */
  sort(text: string | undefined, definition: CollectionDefinition, request: RecordRequest) {
    if (!text?.trim()) return [];
    const terms = text
      .split(',')
      .map((term) => term.trim())
      .filter(Boolean);
    if (terms.length > MAX_SORT_FIELDS)
      throw new ApiError(400, `Too many sort fields (max ${MAX_SORT_FIELDS}).`);
    return terms.map((term) => {
      if (term.length > 255) throw new ApiError(400, 'Invalid sort field.');
      if (!request.isSuperuser && (term.includes('@collection.') || term.includes('@request.'))) {
        throw new ApiError(
          403,
          `Only superusers can filter by ${term.includes('@collection.') ? '@collection.' : '@request.'}`,
        );
      }
      return this.badRequestOnError(() =>
        compileSortTerm(term, definition, this.compileOptions(request, 'client')),
      );
    });
  }

  private badRequestOnError<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof FilterSyntaxError)
        throw new ApiError(400, `Invalid filter or sort: ${error.message}`);
      throw error;
    }
  }

  /** Rules are few and fixed: each is parsed once. */
  private parse(text: string): Group {
    let group = this.#parsed.get(text);
    if (!group) {
      group = parseFilter(text);
      this.#parsed.set(text, group);
    }
    return group;
  }

  private dependsOnlyOnAuth(text: string): boolean {
    let only = this.#authOnly.get(text);
    if (only === undefined) {
      only = dependsOnlyOnAuth(this.parse(text));
      this.#authOnly.set(text, only);
    }
    return only;
  }

  private compileOptions(request: RecordRequest, mode: CompileOptions['mode']): CompileOptions {
    return {
      dialect: this.dialect,
      collection: (name) => {
        const module = this.#modules.get(name);
        return module && { definition: module.definition, listRule: module.rules.listRule };
      },
      request,
      now: this.clock.now(),
      mode,
      parse: (text) => this.parse(text),
    };
  }
}
