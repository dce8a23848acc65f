import type { CollectionDefinition } from '@airgrid/schema';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Clock } from '../clock.js';
import type { CollectionModule, Rule } from '../collections/collection-module.js';
import { ApiError } from '../errors/api-error.js';
import type { Group } from './filter/filter-ast.js';
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

/** What a requester may see of the records they are sent. */
export function viewerOf(request: RecordRequest): Viewer {
  return {
    isSuperuser: request.isSuperuser,
    ...(request.auth
      ? { authId: String(request.auth.record.id), authCollectionId: request.auth.collection.id }
      : {}),
  };
}

export class RecordAccess {
  readonly #modules = new Map<string, CollectionModule>();
  readonly #parsed = new Map<string, Group>();

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

  /** Compiles an API rule for the collection (full access: hidden fields and any relation). */
  rule(
    text: string,
    definition: CollectionDefinition,
    request: RecordRequest,
  ): RawBuilder<SqlBool> {
    return compileFilter(this.parse(text), definition, this.compileOptions(request, 'rule'));
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
