import { randomBytes } from 'node:crypto';
import { toRecordDate } from '@airgrid/domain';
import { allFields, type CollectionDefinition, isMultiple } from '@airgrid/schema';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.js';
import type { Clock } from '../clock.js';
import {
  type CollectionModule,
  FieldProblem,
  FieldProblems,
  type HookContext,
  type Rule,
} from '../collections/collection-module.js';
import type { Dialect } from '../db/column-types.js';
import type { Database } from '../db/tables.js';
import { ApiError, type FieldError } from '../errors/api-error.js';
import { crashPoint } from '../files/crash-point.js';
import { pickFields } from './fields-picker.js';
import type { Group } from './filter/filter-ast.js';
import { FilterSyntaxError } from './filter/filter-ast.js';
import {
  type CompileOptions,
  compileFilter,
  compileSortTerm,
  type RequestContext,
} from './filter/filter-compiler.js';
import { parseFilter } from './filter/filter-parser.js';
import {
  exportRecord,
  type RecordValues,
  recordToRow,
  rowToRecord,
  type Viewer,
} from './record-codec.js';
import { eventRecord, type RecordEvent, type RecordEventSink } from './record-events.js';
import type { AfterCommit, NewFile, RecordFiles, UploadedFile } from './record-files.js';
import { newRecordId } from './record-id.js';
import { resolveInput, validateRecord, zeroValue } from './record-input.js';
import * as repository from './record-repository.js';
import { assertResponseSize, ExpandBudget } from './response-budget.js';
import { type SqlDialect, sqlDialect } from './sql-dialect.js';
import { organizationColumn, scopedRelations, writeScope } from './tenancy.js';

// The generic record engine behind /api/collections/{collection}/records: rules, hooks,
// validation and transactions, with PocketBase's statuses and messages (API-CONTRACT §2, §4).

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 1000;
const MAX_FILTER_LENGTH = 3500;
const MAX_SORT_FIELDS = 8;

const ONLY_SUPERUSERS = 'Only superusers can perform this action.';
const MAX_EXPAND_DEPTH = 6;
const MAX_BACK_RELATIONS = 1000;

type ExpandTree = Map<string, ExpandTree>;

/** `a.b,a.c,d` → {a: {b, c}, d}; paths deeper than 6 are cut. */
function parseExpand(expand: string): ExpandTree {
  const root: ExpandTree = new Map();
  for (const path of expand.split(',')) {
    let node = root;
    for (const name of path.trim().split('.').slice(0, MAX_EXPAND_DEPTH)) {
      if (!/^\w+$/.test(name)) break;
      let child = node.get(name);
      if (!child) {
        child = new Map();
        node.set(name, child);
      }
      node = child;
    }
  }
  return root;
}

function toIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  return typeof value === 'string' && value !== '' ? [value] : [];
}

export interface ListQuery {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string;
  skipTotal?: string;
}

export interface ListResult {
  items: Record<string, unknown>[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

/** Who is asking, and about what: the compiler's request context plus viewer details. */
export interface RecordRequest extends RequestContext {}

export class RecordService {
  readonly #modules = new Map<string, CollectionModule>();
  readonly #parsed = new Map<string, Group>();
  /** What the SQL says differently on this database, chosen once. */
  readonly #sql: SqlDialect;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
    private readonly modules: readonly CollectionModule[],
    private readonly options: {
      /** Receives each write's events after its transaction commits. */
      events?: RecordEventSink;
      /** Set when this service runs inside a caller's transaction (a batch): events wait here. */
      pending?: RecordEvent[];
      /** Stores and deletes uploaded files; without it, uploads are refused. */
      files?: RecordFiles;
      /** With `pending`: storage work waiting for the caller's transaction to commit. */
      afterCommit?: AfterCommit[];
      /** With `pending`: files stored ahead of the caller's transaction, to take back if it fails. */
      rollback?: Undo[];
    } = {},
  ) {
    this.#sql = sqlDialect(dialect);
    for (const module of modules) {
      this.#modules.set(module.definition.name, module);
      this.#modules.set(module.definition.id, module);
    }
  }

  /**
   * Runs `work` with a service whose every read and write shares one transaction. The
   * transaction itself comes second, for repositories that read or lock in it (the schedule's
   * channel lock, say).
   */
  async transaction<T>(
    work: (records: RecordService, trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    if (this.options.pending) return work(this, this.db);
    const pending: RecordEvent[] = [];
    const afterCommit: AfterCommit[] = [];
    const rollback: Undo[] = [];
    const result = await takeBackOnFailure(rollback, () =>
      this.db.transaction().execute((trx) =>
        work(
          new RecordService(trx, this.dialect, this.clock, this.modules, {
            pending,
            afterCommit,
            rollback,
            ...(this.options.files ? { files: this.options.files } : {}),
          }),
          trx,
        ),
      ),
    );
    crashPoint('record-committed');
    await this.runAfterCommit(afterCommit);
    this.options.events?.publish(pending);
    return result;
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

  // ── reads ───────────────────────────────────────────────────────────────────────────────

  async list(
    collectionName: string,
    query: ListQuery,
    request: RecordRequest,
  ): Promise<ListResult> {
    const module = this.module(collectionName);
    const { definition, rules } = module;
    this.requireRule(rules.listRule, request);
    const page = positiveInt(query.page, 'page') ?? 1;
    const perPage = Math.min(
      positiveInt(query.perPage, 'perPage') ?? DEFAULT_PER_PAGE,
      MAX_PER_PAGE,
    );

    const conditions: RawBuilder<SqlBool>[] = [];
    if (!request.isSuperuser && rules.listRule)
      conditions.push(this.rule(rules.listRule, definition, request));
    if (query.filter?.trim()) conditions.push(this.clientFilter(query.filter, definition, request));
    const where = conditions.length
      ? (sql.join(conditions, sql` and `) as RawBuilder<SqlBool>)
      : sql<SqlBool>`1 = 1`;
    const orderBy = [
      ...this.sort(query.sort, definition, request),
      repository.insertionOrder(this.#sql),
    ];

    const skipTotal = parseBool(query.skipTotal);
    const [rows, total] = await this.run(() =>
      Promise.all([
        repository.findPage(this.db, definition, {
          where,
          orderBy,
          limit: perPage,
          offset: (page - 1) * perPage,
        }),
        skipTotal ? Promise.resolve(-1) : repository.countRows(this.db, definition, where),
      ]),
    );
    return {
      items: rows.map((row) =>
        exportRecord(definition, rowToRecord(definition, row), viewerOf(request)),
      ),
      page,
      perPage,
      totalItems: total,
      totalPages: total < 0 ? -1 : Math.ceil(total / perPage),
    };
  }

  async view(
    collectionName: string,
    id: string,
    request: RecordRequest,
  ): Promise<Record<string, unknown>> {
    const { definition, rules } = this.module(collectionName);
    this.requireRule(rules.viewRule, request);
    const where =
      !request.isSuperuser && rules.viewRule
        ? this.rule(rules.viewRule, definition, request)
        : undefined;
    const row = await this.run(() => repository.findById(this.db, definition, id, where));
    if (!row) throw new ApiError(404);
    return exportRecord(definition, rowToRecord(definition, row), viewerOf(request));
  }

  /** Loads one record by id with no rules (auth and tokens use this). */
  async findRecord(
    definition: CollectionDefinition,
    id: string,
  ): Promise<RecordValues | undefined> {
    const row = await repository.findById(this.db, definition, id);
    return row && rowToRecord(definition, row);
  }

  /** Exports a record as the given requester may see it. */
  export(definition: CollectionDefinition, record: RecordValues, request: RecordRequest) {
    return exportRecord(definition, record, viewerOf(request));
  }

  /**
   * Adds `expand` to exported records (API-CONTRACT §2.6): relation fields and back-relations
   * (`{collection}_via_{field}`), nested with dots up to 6 levels. Each related record passes its
   * collection's viewRule; what the requester cannot see, or what is missing, is left out.
   */
  async expand(
    collectionName: string,
    items: Record<string, unknown>[],
    expand: string | undefined,
    request: RecordRequest,
  ): Promise<void> {
    if (expand === undefined) return;
    const tree = parseExpand(expand);
    const { definition } = this.module(collectionName);
    const budget = new ExpandBudget();
    await this.expandLevel(definition, items, tree, { ...request, context: 'expand' }, 1, budget);
  }

  private async expandLevel(
    definition: CollectionDefinition,
    items: Record<string, unknown>[],
    tree: ExpandTree,
    request: RecordRequest,
    depth: number,
    budget: ExpandBudget,
  ): Promise<void> {
    for (const item of items) item.expand ??= {};
    for (const [name, subtree] of tree) {
      const related = await this.expandOne(definition, items, name, request, budget);
      if (related && subtree.size > 0 && depth < MAX_EXPAND_DEPTH) {
        await this.expandLevel(
          related.definition,
          related.records,
          subtree,
          request,
          depth + 1,
          budget,
        );
      }
    }
  }

  private async expandOne(
    definition: CollectionDefinition,
    items: Record<string, unknown>[],
    name: string,
    request: RecordRequest,
    budget: ExpandBudget,
  ): Promise<{ definition: CollectionDefinition; records: Record<string, unknown>[] } | undefined> {
    const field = definition.fields.find((candidate) => candidate.name === name);
    const back = /^(\w+)_via_(\w+)$/.exec(name);
    const target =
      field?.type === 'relation'
        ? this.#modules.get(field.collection)
        : back
          ? this.#modules.get(back[1] ?? '')
          : undefined;
    if (!target || (target.rules.viewRule === null && !request.isSuperuser)) return undefined;
    const rule =
      !request.isSuperuser && target.rules.viewRule
        ? this.rule(target.rules.viewRule, target.definition, request)
        : sql<SqlBool>`1 = 1`;
    const exportRow = (row: Record<string, unknown>) =>
      exportRecord(target.definition, rowToRecord(target.definition, row), viewerOf(request));

    if (field?.type === 'relation') {
      const ids = [...new Set(items.flatMap((item) => toIds(item[name])))];
      const rows = await this.run(() =>
        repository.findByIds(this.db, target.definition, ids, rule),
      );
      budget.spend(rows.length);
      const found = new Map(rows.map((row) => [String(row.id), exportRow(row)]));
      for (const item of items) {
        const records = toIds(item[name]).flatMap((id) => found.get(id) ?? []);
        if (records.length)
          (item.expand as Record<string, unknown>)[name] = isMultiple(field) ? records : records[0];
      }
      return { definition: target.definition, records: [...found.values()] };
    }

    const backField = target.definition.fields.find((candidate) => candidate.name === back?.[2]);
    if (!back || backField?.type !== 'relation' || backField.collection !== definition.name)
      return undefined;
    const all: Record<string, unknown>[] = [];
    for (const item of items) {
      const ids = await repository.referencingIds(
        this.db,
        this.#sql,
        target.definition,
        backField.name,
        isMultiple(backField),
        String(item.id),
        MAX_BACK_RELATIONS,
      );
      budget.spend(ids.length);
      const rows = await this.run(() =>
        repository.findByIds(this.db, target.definition, ids, rule),
      );
      const records = rows.map(exportRow);
      if (records.length) (item.expand as Record<string, unknown>)[name] = records;
      all.push(...records);
    }
    return { definition: target.definition, records: all };
  }

  /**
   * What a realtime subscriber receives of an event, or null when they may not see it: the
   * collection's listRule (or viewRule for a one-record topic) and the topic's filter, checked
   * against the record as the event carries it, then expand and fields (API-CONTRACT §6.4).
   */
  async realtimeView(
    event: RecordEvent,
    singleRecord: boolean,
    query: Readonly<Record<string, string>>,
    request: RecordRequest,
  ): Promise<unknown> {
    const module = this.findModule(event.collection);
    if (!module) return null;
    const { definition, rules } = module;
    const rule = singleRecord ? rules.viewRule : rules.listRule;
    if (rule === null && !request.isSuperuser) return null;
    const conditions: RawBuilder<SqlBool>[] = [];
    try {
      if (!request.isSuperuser && rule) conditions.push(this.rule(rule, definition, request));
      if (query.filter?.trim())
        conditions.push(this.clientFilter(query.filter, definition, request));
    } catch (error) {
      // A filter the subscriber may not use, or cannot be read, means nothing is sent.
      if (error instanceof ApiError) return null;
      throw error;
    }
    if (conditions.length) {
      const row = recordToRow(definition, event.record, this.dialect);
      const allowed = await repository.valuesSatisfy(
        this.db,
        this.#sql,
        definition,
        row,
        sql.join(conditions, sql` and `) as RawBuilder<SqlBool>,
      );
      if (!allowed) return null;
    }
    const record = exportRecord(definition, event.record, viewerOf(request));
    try {
      await this.expand(definition.name, [record], query.expand, request);
      const view = pickFields(record, query.fields, false);
      assertResponseSize(view);
      return view;
    } catch (error) {
      // An expand past its budget is the subscriber's request: they are sent nothing.
      if (error instanceof ApiError) return null;
      throw error;
    }
  }

  // ── writes ──────────────────────────────────────────────────────────────────────────────

  async create(
    collectionName: string,
    body: Readonly<Record<string, unknown>>,
    request: RecordRequest,
    files: readonly UploadedFile[] = [],
  ) {
    const { definition, rules, hooks } = this.module(collectionName);
    this.requireRule(rules.createRule, request);
    const uploads = await this.inspectUploads(definition, files);
    const input = resolveInput(definition, withUploads(body, uploads), null, request.isSuperuser);
    const now = this.clock.now();
    const record: RecordValues = { ...zeroRecord(definition), ...input.values };
    if (!record.id) record.id = newRecordId();
    record.created = toRecordDate(now);
    record.updated = record.created;
    const errors: Record<string, FieldError> = { ...input.errors };

    if (definition.type === 'auth') {
      if (record.verified === true && !request.isSuperuser) {
        errors.verified = {
          code: 'validation_values_mismatch',
          message: 'Only superusers can set verified.',
        };
      }
      record.tokenKey = randomBytes(24).toString('base64url');
      this.checkNewPassword(input.password, input.passwordConfirm, errors);
    }

    if (!request.isSuperuser && rules.createRule) {
      const ruleRequest = { ...request, body: { ...body, ...input.values } };
      const condition = this.rule(rules.createRule, definition, ruleRequest);
      const allowed = await this.run(() =>
        repository.valuesSatisfy(
          this.db,
          this.#sql,
          definition,
          recordToRow(definition, record, this.dialect),
          condition,
        ),
      );
      if (!allowed) throw new ApiError(400, 'Failed to create record.');
    }

    const storedFiles = await this.storeFirst(definition, String(record.id), input);
    return this.write(storedFiles, async (trx, emit) => {
      const context = this.hookContext(trx, request, now, emit);
      // Relations first: hooks (the overlap check, say) read the related records, so they run
      // only on relations inside the organization.
      const related = await this.checkRelations(trx, definition, record, request, errors);
      const before = relationValues(definition, record);
      if (related) await this.runHook(() => hooks?.beforeCreate?.(record, context), errors);
      // Earlier problems (the input's, the hook's) say more than validation's: they stay.
      Object.assign(errors, { ...validateRecord(definition, record), ...errors });
      if (related) {
        const changed = changedKeys(before, record);
        await this.checkRelations(trx, definition, record, request, errors, changed);
      }
      if (Object.keys(errors).length) throw new ApiError(400, 'Failed to create record.', errors);
      if (definition.type === 'auth' && input.password)
        record.password = await hashPassword(input.password);
      await this.uniqueOrFieldError(definition, 'Failed to create record.', () =>
        repository.insertRow(trx, definition, recordToRow(definition, record, this.dialect)),
      );
      await hooks?.afterCreate?.(record, context);
      emit({ action: 'create', collection: definition.name, record: eventRecord(record) });
      return exportRecord(definition, record, viewerOf(request));
    });
  }

  async update(
    collectionName: string,
    id: string,
    body: Readonly<Record<string, unknown>>,
    request: RecordRequest,
    files: readonly UploadedFile[] = [],
  ) {
    const { definition, rules, hooks } = this.module(collectionName);
    this.requireRule(rules.updateRule, request);
    const stored = await this.run(() => repository.findById(this.db, definition, id));
    if (!stored) throw new ApiError(404);
    const existing = rowToRecord(definition, stored);
    const uploads = await this.inspectUploads(definition, files);
    const input = resolveInput(
      definition,
      withUploads(body, uploads),
      existing,
      request.isSuperuser,
    );

    if (!request.isSuperuser && rules.updateRule) {
      const ruleRequest = { ...request, body: { ...body, ...input.values } };
      const condition = this.rule(rules.updateRule, definition, ruleRequest);
      const allowed = await this.run(() => repository.findById(this.db, definition, id, condition));
      if (!allowed) throw new ApiError(404);
    }

    const now = this.clock.now();
    const record: RecordValues = { ...existing, ...input.values, updated: toRecordDate(now) };
    const errors: Record<string, FieldError> = { ...input.errors };
    if (definition.type === 'auth') await this.authUpdate(existing, record, input, request, errors);

    const storedFiles = await this.storeFirst(definition, id, input);
    return this.write(storedFiles, async (trx, emit, later) => {
      const context = this.hookContext(trx, request, now, emit);
      // What changed is checked (all of it when the record changes organization), before the
      // hooks, which read the related records.
      const moved = organizationChanged(definition, existing, record)
        ? undefined
        : changedKeys(relationValues(definition, existing), record);
      const related = await this.checkRelations(trx, definition, record, request, errors, moved);
      const before = relationValues(definition, record);
      if (related)
        await this.runHook(() => hooks?.beforeUpdate?.(record, existing, context), errors);
      // Earlier problems (the input's, the hook's) say more than validation's: they stay.
      Object.assign(errors, { ...validateRecord(definition, record), ...errors });
      if (related) {
        const changed = changedKeys(before, record);
        await this.checkRelations(trx, definition, record, request, errors, changed);
      }
      if (Object.keys(errors).length) throw new ApiError(400, 'Failed to update record.', errors);
      if (definition.type === 'auth' && input.password)
        record.password = await hashPassword(input.password);
      const changed = Object.fromEntries(
        Object.entries(record).filter(([key, value]) => !sameValue(existing[key], value)),
      );
      await this.uniqueOrFieldError(definition, 'Failed to update record.', () =>
        repository.updateRow(trx, definition, id, recordToRow(definition, changed, this.dialect)),
      );
      if (hasFileFields(definition)) later(this.replacedFiles(definition, record, existing));
      emit({ action: 'update', collection: definition.name, record: eventRecord(record) });
      return exportRecord(definition, record, viewerOf(request));
    });
  }

  async delete(collectionName: string, id: string, request: RecordRequest): Promise<void> {
    const { definition, rules, hooks } = this.module(collectionName);
    this.requireRule(rules.deleteRule, request);
    const where =
      !request.isSuperuser && rules.deleteRule
        ? this.rule(rules.deleteRule, definition, request)
        : undefined;
    const row = await this.run(() => repository.findById(this.db, definition, id, where));
    if (!row) throw new ApiError(404);
    await this.write(undefined, async (trx, emit, later) => {
      if (hooks?.beforeDelete) {
        const existing = rowToRecord(definition, row);
        await hooks.beforeDelete(existing, this.hookContext(trx, request, this.clock.now(), emit));
      }
      await this.deleteWithDependents(trx, definition, id, new Set(), emit, later);
    });
  }

  /**
   * Deletes a record and, through relations marked cascadeDelete, its dependents. Other
   * references are cleared; a required one that is not cascading blocks the delete.
   */
  private async deleteWithDependents(
    trx: Kysely<Database>,
    definition: CollectionDefinition,
    id: string,
    seen: Set<string>,
    emit: (event: RecordEvent) => void,
    later: (work: AfterCommit) => void,
  ): Promise<void> {
    const key = `${definition.name}:${id}`;
    if (seen.has(key)) return;
    seen.add(key);
    for (const other of this.uniqueModules()) {
      for (const field of other.definition.fields) {
        if (field.type !== 'relation' || field.collection !== definition.name) continue;
        const ids = await repository.referencingIds(
          trx,
          this.#sql,
          other.definition,
          field.name,
          isMultiple(field),
          id,
        );
        for (const refId of ids) {
          if (field.cascadeDelete) {
            await this.deleteWithDependents(trx, other.definition, refId, seen, emit, later);
          } else if (field.required && !isMultiple(field)) {
            throw new ApiError(
              400,
              'Failed to delete record. Make sure that the record is not part of a required relation reference.',
            );
          } else {
            const row = await repository.findById(trx, other.definition, refId);
            if (!row) continue;
            const current = rowToRecord(other.definition, row)[field.name];
            const next = Array.isArray(current) ? current.filter((value) => value !== id) : '';
            await repository.updateRow(
              trx,
              other.definition,
              refId,
              recordToRow(other.definition, { [field.name]: next }, this.dialect),
            );
          }
        }
      }
    }
    // The event carries the record as it was, so subscribers' rules are checked against it.
    const before = await repository.findById(trx, definition, id);
    await repository.deleteRow(trx, definition, id);
    const files = this.options.files;
    if (before && files && hasFileFields(definition))
      later(() => files.removeRecord(definition.id, id));
    if (before)
      emit({
        action: 'delete',
        collection: definition.name,
        record: eventRecord(rowToRecord(definition, before)),
      });
  }

  private uniqueModules(): CollectionModule[] {
    return [...new Set(this.#modules.values())];
  }

  // ── auth records ────────────────────────────────────────────────────────────────────────

  private checkNewPassword(
    password: string | undefined,
    confirm: string | undefined,
    errors: Record<string, FieldError>,
  ) {
    if (!password) {
      errors.password = { code: 'validation_required', message: 'Cannot be blank.' };
      return;
    }
    const problem = passwordProblem(password);
    if (problem)
      errors.password = {
        code: 'validation_length_out_of_range',
        message: `The password ${problem}.`,
      };
    if (confirm !== password)
      errors.passwordConfirm = {
        code: 'validation_values_mismatch',
        message: "Values don't match.",
      };
  }

  /** Email, verified and password changes on an auth record (API-CONTRACT §2.4). */
  private async authUpdate(
    existing: RecordValues,
    record: RecordValues,
    input: ReturnType<typeof resolveInput>,
    request: RecordRequest,
    errors: Record<string, FieldError>,
  ) {
    const privileged = request.isSuperuser;
    if (record.email !== existing.email && !privileged) {
      errors.email = {
        code: 'validation_values_mismatch',
        message: 'Use the email change flow to change the email.',
      };
    }
    if (record.verified !== existing.verified && !privileged) {
      errors.verified = {
        code: 'validation_values_mismatch',
        message: 'Only superusers can change verified.',
      };
    }
    if (input.password !== undefined) {
      this.checkNewPassword(input.password, input.passwordConfirm, errors);
      if (
        !privileged &&
        !(await verifyPassword(input.oldPassword ?? '', String(existing.password ?? '')))
      ) {
        errors.oldPassword = {
          code: 'validation_invalid_old_password',
          message: 'Missing or invalid old password.',
        };
      }
    }
    // A new password or email signs out every session of this record.
    if (input.password !== undefined || record.email !== existing.email) {
      record.tokenKey = randomBytes(24).toString('base64url');
    }
  }

  // ── rules and filters ───────────────────────────────────────────────────────────────────

  private requireRule(rule: Rule | undefined, request: RecordRequest) {
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

  private clientFilter(text: string, definition: CollectionDefinition, request: RecordRequest) {
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

  private sort(text: string | undefined, definition: CollectionDefinition, request: RecordRequest) {
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
      dialect: this.#sql,
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

  // ── plumbing ────────────────────────────────────────────────────────────────────────────

  private hookContext(
    trx: Kysely<Database>,
    request: RecordRequest,
    now: number,
    emit: (event: RecordEvent) => void,
  ): HookContext {
    return {
      trx,
      auth: request.auth?.record ?? null,
      isSuperuser: request.isSuperuser,
      now,
      changed: async (collection, id) => {
        const definition = this.findModule(collection)?.definition;
        const row = definition && (await repository.findById(trx, definition, id));
        if (!definition || !row) return;
        const record = rowToRecord(definition, row);
        emit({ action: 'update', collection: definition.name, record: eventRecord(record) });
      },
    };
  }

  private async runHook(hook: () => Promise<void> | void, errors: Record<string, FieldError>) {
    try {
      await hook();
    } catch (error) {
      if (error instanceof FieldProblems) {
        for (const problem of error.problems)
          errors[problem.field] = { code: problem.code, message: problem.message };
      } else if (error instanceof FieldProblem)
        errors[error.field] = { code: error.code, message: error.message };
      else throw error;
    }
  }

  /**
   * Refuses relations to records that are missing or belong to another organization, with the
   * same field error for both, so existence elsewhere is never revealed (records/tenancy.ts).
   * `only` limits the check to these fields (an update checks what it changes). False when a
   * relation was refused.
   */
  private async checkRelations(
    db: Kysely<Database>,
    definition: CollectionDefinition,
    record: RecordValues,
    request: RecordRequest,
    errors: Record<string, FieldError>,
    only?: ReadonlySet<string>,
  ): Promise<boolean> {
    let ok = true;
    const scope = writeScope(definition, record, {
      isSuperuser: request.isSuperuser,
      organization: String(request.auth?.record.organization ?? ''),
    });
    const relations = scopedRelations(definition, (name) => this.#modules.get(name)?.definition);
    for (const { field, target, column } of relations) {
      if (errors[field.name] || (only && !only.has(field.name))) continue;
      const ids = toIds(record[field.name]);
      if (ids.length === 0) continue;
      const found = await repository.existingIds(
        db,
        target,
        ids,
        column && scope !== null ? { column, organization: scope } : undefined,
      );
      if (found.size !== new Set(ids).size) {
        ok = false;
        errors[field.name] = {
          code: 'validation_missing_rel_records',
          message: 'Failed to find all relation records with the provided ids.',
        };
      }
    }
    return ok;
  }

  /** Maps a unique-index violation to `validation_not_unique` on the field it guards. */
  private async uniqueOrFieldError(
    definition: CollectionDefinition,
    message: string,
    work: () => Promise<void>,
  ) {
    try {
      await work();
    } catch (error) {
      const field = uniqueViolationField(definition, error);
      if (field)
        throw new ApiError(400, message, {
          [field]: { code: 'validation_not_unique', message: 'Value must be unique.' },
        });
      throw error;
    }
  }

  /**
   * Runs a write in a transaction (or the caller's, in a batch) and publishes its events only
   * once that transaction has committed: a failed write publishes nothing.
   */
  private async write<T>(
    stored: Undo | undefined,
    work: (
      trx: Kysely<Database>,
      emit: (event: RecordEvent) => void,
      later: (work: AfterCommit) => void,
    ) => Promise<T>,
  ): Promise<T> {
    const events: RecordEvent[] = [];
    const emit = (event: RecordEvent) => events.push(event);
    const afterCommit: AfterCommit[] = [];
    const later = (work: AfterCommit) => afterCommit.push(work);
    const undo = stored ? [stored] : [];
    if (this.options.pending) {
      const result = await takeBackOnFailure(undo, () => work(this.db, emit, later));
      this.options.pending.push(...events);
      this.options.afterCommit?.push(...afterCommit);
      this.options.rollback?.push(...undo);
      return result;
    }
    const result = await takeBackOnFailure(undo, () =>
      this.db.transaction().execute((trx) => work(trx, emit, later)),
    );
    crashPoint('record-committed');
    // Replaced files go once the record no longer names them.
    await this.runAfterCommit(afterCommit);
    if (events.length) this.options.events?.publish(events);
    return result;
  }

  /** Runs storage work after a commit, all of it even when one fails; rethrows the first. */
  private async runAfterCommit(work: readonly AfterCommit[]): Promise<void> {
    let failure: unknown;
    for (const item of work) {
      try {
        await item(this.db);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }

  // ── files ───────────────────────────────────────────────────────────────────────────────

  /** Examines the uploads aimed at the collection's file fields (others are ignored). */
  private async inspectUploads(
    definition: CollectionDefinition,
    files: readonly UploadedFile[],
  ): Promise<NewFile[]> {
    const inspected: NewFile[] = [];
    for (const upload of files) {
      const name = /^\+?(\w+?)\+?$/.exec(upload.fieldname)?.[1];
      const field = definition.fields.find((candidate) => candidate.name === name);
      if (field?.type !== 'file') continue;
      if (!this.options.files) throw new Error('File uploads need a file store.');
      inspected.push(await this.options.files.inspect(upload, field));
    }
    return inspected;
  }

  /**
   * Stores a write's new files before its transaction begins, under names no record holds yet,
   * and returns how to take them back if the write does not commit. A crash in between leaves
   * files no record names, which the orphan sweep removes; a committed record never names a
   * file that is not stored (docs/decisions/0014-files-and-commits.md). Nothing is stored for a
   * write whose input is already refused.
   */
  private async storeFirst(
    definition: CollectionDefinition,
    id: string,
    input: ReturnType<typeof resolveInput>,
  ): Promise<Undo | undefined> {
    const files = this.options.files;
    if (!files || input.uploads.length === 0 || Object.keys(input.errors).length > 0)
      return undefined;
    try {
      await files.store(definition.id, id, input.uploads);
    } catch (error) {
      // A plain error: the handler logs it with its cause and answers a bare 500.
      throw new Error('Failed to store the uploaded files.', { cause: error });
    }
    crashPoint('files-stored');
    const names = input.uploads.map((upload) => upload.name);
    return () => files.remove(definition.id, id, names);
  }

  /** After a commit: deletes the files an update replaced or removed. */
  private replacedFiles(
    definition: CollectionDefinition,
    record: RecordValues,
    previous: RecordValues,
  ): AfterCommit {
    const files = this.options.files;
    const id = String(record.id);
    return async () => {
      if (!files) return;
      const kept = new Set(definition.fields.flatMap((field) => fileNames(record[field.name])));
      const removed = definition.fields
        .flatMap((field) => fileNames(previous[field.name]))
        .filter((name) => !kept.has(name));
      if (removed.length) await files.remove(definition.id, id, removed);
    };
  }

  /** The names of the files a record holds, or null when there is no such record (the sweep). */
  async fileNamesOf(collectionId: string, id: string): Promise<Set<string> | null> {
    const definition = this.findModule(collectionId)?.definition;
    const row = definition && (await repository.findById(this.db, definition, id));
    if (!definition || !row) return null;
    const record = rowToRecord(definition, row);
    return new Set(definition.fields.flatMap((field) => fileNames(record[field.name])));
  }

  /** Runs a query; a filter that compiles but fails in the database is still the client's 400. */
  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isQueryError(error))
        throw new ApiError(400, 'Something went wrong while processing your request.');
      throw error;
    }
  }
}

/** Takes back what was done ahead of a transaction (stored files). */
type Undo = () => Promise<void>;

/** Runs `work`; when it fails, runs every undo (each even if another fails) and rethrows. */
async function takeBackOnFailure<T>(undo: readonly Undo[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await Promise.allSettled(undo.map((item) => item()));
    throw error;
  }
}

/** The body with each upload added under its part's key, after names sent with the same key. */
function withUploads(
  body: Readonly<Record<string, unknown>>,
  uploads: readonly NewFile[],
): Record<string, unknown> {
  if (uploads.length === 0) return body as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...body };
  for (const upload of uploads) {
    const key = upload.upload.fieldname;
    const current = merged[key];
    merged[key] = [
      ...(Array.isArray(current) ? current : current === undefined ? [] : [current]),
      upload,
    ];
  }
  return merged;
}

/** The record's relation fields and their values, to see later which ones changed. */
function relationValues(
  definition: CollectionDefinition,
  record: RecordValues,
): Map<string, string> {
  const values = new Map<string, string>();
  for (const field of definition.fields)
    if (field.type === 'relation') values.set(field.name, JSON.stringify(record[field.name] ?? ''));
  return values;
}

/** The relation fields whose value differs from `before`. */
function changedKeys(before: Map<string, string>, record: RecordValues): Set<string> {
  const changed = new Set<string>();
  for (const [name, value] of before)
    if (JSON.stringify(record[name] ?? '') !== value) changed.add(name);
  return changed;
}

/** True when an update moves the record to another organization. */
function organizationChanged(
  definition: CollectionDefinition,
  existing: RecordValues,
  record: RecordValues,
): boolean {
  const column = organizationColumn(definition);
  return column !== undefined && existing[column] !== record[column];
}

function hasFileFields(definition: CollectionDefinition): boolean {
  return definition.fields.some((field) => field.type === 'file');
}

function fileNames(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

function viewerOf(request: RecordRequest): Viewer {
  return {
    isSuperuser: request.isSuperuser,
    ...(request.auth
      ? { authId: String(request.auth.record.id), authCollectionId: request.auth.collection.id }
      : {}),
  };
}

function zeroRecord(definition: CollectionDefinition): RecordValues {
  return Object.fromEntries(allFields(definition).map((field) => [field.name, zeroValue(field)]));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value.trim()))
    throw new ApiError(400, `Invalid ${name}: it must be a whole number.`);
  const number = Number.parseInt(value, 10);
  return number <= 0 ? undefined : number;
}

function parseBool(value: string | undefined): boolean {
  return value !== undefined && ['1', 't', 'true', 'T', 'TRUE', 'True'].includes(value);
}

const UNIQUE_INDEX_FIELDS: Record<string, string> = {
  email: 'email',
  token_key: 'tokenKey',
  slug: 'slug',
  organization_slug: 'slug',
};

function uniqueViolationField(
  definition: CollectionDefinition,
  error: unknown,
): string | undefined {
  const text = `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message ?? ''}`;
  if (!/unique|duplicate key/i.test(text)) return undefined;
  const index = new RegExp(`idx_${definition.name}_(\\w+)`).exec(text)?.[1];
  if (index && UNIQUE_INDEX_FIELDS[index]) return UNIQUE_INDEX_FIELDS[index];
  if (/PRIMARY|_pkey|\.id\b/.test(text)) return 'id';
  const column = new RegExp(`${definition.name}\\.(\\w+)`).exec(text)?.[1];
  return column;
}

function isQueryError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // SQLite errors from better-sqlite3, and PostgreSQL SQLSTATE classes 22 (data) and 42 (syntax).
  return (
    (typeof code === 'string' && (code.startsWith('SQLITE_ERROR') || /^(22|42)/.test(code))) ||
    (error instanceof Error && error.name === 'SqliteError')
  );
}
