import { toRecordDate } from '@airgrid/domain';
import { allFields, type CollectionDefinition } from '@airgrid/schema';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Dialect } from '../db/column-types.js';
import type { Database } from '../db/tables.js';
import { ApiError, type FieldError } from '../errors/api-error.js';
import { authCreate, authUpdate } from './auth-records.js';
import { deleteWithDependents } from './cascade.js';
import {
  type CollectionModule,
  FieldProblem,
  FieldProblems,
  type HookContext,
} from './collection-module.js';
import { crashPoint } from './crash-point.js';
import { badRequestOnQueryError, uniqueOrFieldError } from './driver-errors.js';
import { expandRecords } from './expand.js';
import {
  fileNamesOf,
  hasFileFields,
  inspectUploads,
  replacedFiles,
  storeFirst,
  withUploads,
} from './file-changes.js';
import { type ListQuery, type ListResult, pageNumber, pageSize, skipsTotal } from './list-query.js';
import { hashPassword } from './passwords.js';
import { realtimeView } from './realtime-view.js';
import { RecordAccess, type RecordRequest, viewerOf } from './record-access.js';
import { exportRecord, type RecordValues, recordToRow, rowToRecord } from './record-codec.js';
import { eventRecord, type RecordEvent } from './record-events.js';
import type { AfterCommit, RecordFiles, UploadedFile } from './record-files.js';
import { newRecordId } from './record-id.js';
import { resolveInput, validateRecord, zeroValue } from './record-input.js';
import * as repository from './record-repository.js';
import {
  changedKeys,
  checkRelations,
  organizationChanged,
  relationConditions,
  relationValues,
} from './relation-checks.js';
import { sqlDialect } from './sql-dialect.js';
import {
  runAfterCommit,
  runWrite,
  takeBackOnFailure,
  type Undo,
  type WriteUnit,
  type WriteWork,
} from './write-unit.js';

// The generic record engine behind /api/collections/{collection}/records: rules, hooks,
// validation and transactions, with PocketBase's statuses and messages (API-CONTRACT §2, §4).
// This is its face; the parts are beside it: record-access.ts (rules, filters, sort),
// expand.ts, realtime-view.ts, cascade.ts, relation-checks.ts, auth-records.ts,
// file-changes.ts, write-unit.ts, driver-errors.ts, list-query.ts, and the SQL in
// record-repository.ts.

export type { ListQuery, ListResult } from './list-query.js';
export { type RecordRequest, serverRequest } from './record-access.js';

export class RecordService {
  /** The collections, their rules compiled for this database, and the parsed-rule cache. */
  readonly #access: RecordAccess;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
    private readonly modules: readonly CollectionModule[],
    /** Where writes' events and storage work go (write-unit.ts), and the file store. */
    private readonly options: WriteUnit & {
      /** Stores and deletes uploaded files; without it, uploads are refused. */
      files?: RecordFiles;
    } = {},
  ) {
    this.#access = new RecordAccess(sqlDialect(dialect), clock, modules);
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
    await runAfterCommit(this.db, afterCommit);
    this.options.events?.publish(pending);
    return result;
  }

  /**
   * Publishes the current state of a record the server changed outside the engine (the job
   * queue's conditional updates), as its subscribers would hear of any other write.
   */
  async announce(collection: string, id: string, action: 'create' | 'update' = 'update') {
    const definition = this.findModule(collection)?.definition;
    const row = definition && (await repository.findById(this.db, definition, id));
    if (!definition || !row) return;
    const record = rowToRecord(definition, row);
    this.options.events?.publish([
      { action, collection: definition.name, record: eventRecord(record) },
    ]);
  }

  /** The collection by name or id, or a 404 "Missing collection context.". */
  module(nameOrId: string): CollectionModule {
    return this.#access.module(nameOrId);
  }

  findModule(nameOrId: string): CollectionModule | undefined {
    return this.#access.findModule(nameOrId);
  }

  /** Every collection the record API serves, in packages/schema's order (docs, operator reads). */
  collections(): readonly CollectionModule[] {
    return this.modules;
  }

  // ── reads ───────────────────────────────────────────────────────────────────────────────

  async list(
    collectionName: string,
    query: ListQuery,
    request: RecordRequest,
  ): Promise<ListResult> {
    const access = this.#access;
    const module = access.module(collectionName);
    const { definition, rules } = module;
    access.requireRule(rules.listRule, request);
    const page = pageNumber(query);
    const perPage = pageSize(query);

    const conditions: RawBuilder<SqlBool>[] = [];
    if (!request.isSuperuser && rules.listRule)
      conditions.push(access.rule(rules.listRule, definition, request));
    if (query.filter?.trim())
      conditions.push(access.clientFilter(query.filter, definition, request));
    const where = conditions.length
      ? (sql.join(conditions, sql` and `) as RawBuilder<SqlBool>)
      : sql<SqlBool>`1 = 1`;
    const orderBy = [
      ...access.sort(query.sort, definition, request),
      repository.insertionOrder(access.dialect),
    ];

    const skipTotal = skipsTotal(query);
    const [rows, total] = await badRequestOnQueryError(() =>
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
    const { definition, rules } = this.#access.module(collectionName);
    this.#access.requireRule(rules.viewRule, request);
    const where =
      !request.isSuperuser && rules.viewRule
        ? this.#access.rule(rules.viewRule, definition, request)
        : undefined;
    const row = await badRequestOnQueryError(() =>
      repository.findById(this.db, definition, id, where),
    );
    if (!row) throw new ApiError(404);
    return exportRecord(definition, rowToRecord(definition, row), viewerOf(request));
  }

  /**
   * Whether the requester may update the record with this body (its update rule holds), without
   * writing: a long upload asks before it starts rather than after its last byte.
   */
  async mayUpdate(
    collectionName: string,
    id: string,
    body: Readonly<Record<string, unknown>>,
    request: RecordRequest,
  ): Promise<boolean> {
    const { definition, rules } = this.#access.module(collectionName);
    if (request.isSuperuser)
      return (await repository.findById(this.db, definition, id)) !== undefined;
    if (rules.updateRule === null) return false;
    const where = rules.updateRule
      ? this.#access.rule(rules.updateRule, definition, { ...request, body })
      : undefined;
    const row = await badRequestOnQueryError(() =>
      repository.findById(this.db, definition, id, where),
    );
    return row !== undefined;
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

  /** Adds `expand` to exported records (API-CONTRACT §2.6; expand.ts). */
  expand(
    collectionName: string,
    items: Record<string, unknown>[],
    expand: string | undefined,
    request: RecordRequest,
  ): Promise<void> {
    return expandRecords(this.db, this.#access, collectionName, items, expand, request);
  }

  /** What a realtime subscriber receives of an event, or null (realtime-view.ts). */
  realtimeView(
    event: RecordEvent,
    singleRecord: boolean,
    query: Readonly<Record<string, string>>,
    request: RecordRequest,
  ): Promise<unknown> {
    return realtimeView(this.db, this.#access, event, singleRecord, query, request);
  }

  /** Compiles an API rule for the collection (full access: hidden fields and any relation). */
  rule(
    text: string,
    definition: CollectionDefinition,
    request: RecordRequest,
  ): RawBuilder<SqlBool> {
    return this.#access.rule(text, definition, request);
  }

  /** The names of the files a record holds, or null when there is no such record (the sweep). */
  async fileNamesOf(collectionId: string, id: string): Promise<Set<string> | null> {
    const definition = this.findModule(collectionId)?.definition;
    const row = definition && (await repository.findById(this.db, definition, id));
    if (!definition || !row) return null;
    return fileNamesOf(definition, rowToRecord(definition, row));
  }

  // ── writes ──────────────────────────────────────────────────────────────────────────────

  async create(
    collectionName: string,
    body: Readonly<Record<string, unknown>>,
    request: RecordRequest,
    files: readonly UploadedFile[] = [],
  ) {
    const module = this.#access.module(collectionName);
    const { definition, rules, hooks } = module;
    this.#access.requireRule(rules.createRule, request);
    const uploads = await inspectUploads(this.options.files, definition, files);
    const input = resolveInput(definition, withUploads(body, uploads), null, request.isSuperuser);
    const now = this.clock.now();
    const record: RecordValues = { ...zeroRecord(definition), ...input.values };
    if (!record.id) record.id = newRecordId();
    record.created = toRecordDate(now);
    record.updated = record.created;
    const errors: Record<string, FieldError> = { ...input.errors };

    if (definition.type === 'auth') authCreate(record, input, request, errors);
    const prepare = { auth: request.auth?.record ?? null, isSuperuser: request.isSuperuser, now };
    await this.runHook(() => hooks?.prepareCreate?.(record, prepare), errors);

    if (createsInOneStatement(module, input, errors, record)) {
      const ruleRequest = { ...request, body: { ...body, ...input.values } };
      const created = await this.createInOneStatement(module, record, ruleRequest);
      if (created) return created;
      // Nothing was inserted: the rule or a relation refused it. The full path below finds
      // which, and answers exactly as it always has.
    }

    if (!request.isSuperuser && rules.createRule) {
      const ruleRequest = { ...request, body: { ...body, ...input.values } };
      const condition = this.#access.rule(rules.createRule, definition, ruleRequest);
      const allowed = await badRequestOnQueryError(() =>
        repository.valuesSatisfy(
          this.db,
          this.#access.dialect,
          definition,
          recordToRow(definition, record, this.dialect),
          condition,
        ),
      );
      if (!allowed) throw new ApiError(400, 'Failed to create record.');
    }

    const storedFiles = await storeFirst(this.options.files, definition, String(record.id), input);
    return this.write(storedFiles, async (trx, emit) => {
      const context = this.hookContext(trx, request, now, emit);
      // Relations first: hooks (the overlap check, say) read the related records, so they run
      // only on relations inside the organization.
      const related = await checkRelations(trx, this.#access, definition, record, request, errors);
      const before = relationValues(definition, record);
      if (related && (hooks?.needsBeforeCreate?.(record) ?? true))
        await this.runHook(() => hooks?.beforeCreate?.(record, context), errors);
      // Earlier problems (the input's, the hook's) say more than validation's: they stay.
      Object.assign(errors, { ...validateRecord(definition, record), ...errors });
      if (related) {
        const changed = changedKeys(before, record);
        await checkRelations(trx, this.#access, definition, record, request, errors, changed);
      }
      if (Object.keys(errors).length) throw new ApiError(400, 'Failed to create record.', errors);
      if (definition.type === 'auth' && input.password)
        record.password = await hashPassword(input.password);
      await uniqueOrFieldError(definition, 'Failed to create record.', () =>
        repository.insertRow(trx, definition, recordToRow(definition, record, this.dialect)),
      );
      await hooks?.afterCreate?.(record, context);
      emit({ action: 'create', collection: definition.name, record: eventRecord(record) });
      return exportRecord(definition, record, viewerOf(request));
    });
  }

  /**
   * A create as one statement: `insert … select` from the new values where the create rule and
   * every relation check hold (see {@link createsInOneStatement} for when that is the whole
   * create). Undefined when the statement inserted nothing: the caller then takes the full
   * path, which explains the refusal with the usual status and field errors.
   */
  private async createInOneStatement(
    { definition, rules }: CollectionModule,
    record: RecordValues,
    /** The request with the body the rule sees (the client's, with the resolved values). */
    request: RecordRequest,
  ): Promise<Record<string, unknown> | undefined> {
    const access = this.#access;
    const conditions = relationConditions(access, definition, record, request);
    if (!request.isSuperuser && rules.createRule)
      conditions.unshift(access.rule(rules.createRule, definition, request));
    const condition = conditions.length
      ? (sql.join(conditions, sql` and `) as RawBuilder<SqlBool>)
      : sql<SqlBool>`1 = 1`;
    const row = recordToRow(definition, record, this.dialect);
    return runWrite(
      this.db,
      this.options,
      undefined,
      async (db, emit) => {
        const inserted = await badRequestOnQueryError(() =>
          uniqueOrFieldError(definition, 'Failed to create record.', () =>
            repository.insertIfSatisfied(db, access.dialect, definition, row, condition),
          ),
        );
        if (!inserted) return undefined;
        emit({ action: 'create', collection: definition.name, record: eventRecord(record) });
        return exportRecord(definition, record, viewerOf(request));
      },
      { oneStatement: true },
    );
  }

  async update(
    collectionName: string,
    id: string,
    body: Readonly<Record<string, unknown>>,
    request: RecordRequest,
    files: readonly UploadedFile[] = [],
  ) {
    const { definition, rules, hooks } = this.#access.module(collectionName);
    this.#access.requireRule(rules.updateRule, request);
    const stored = await badRequestOnQueryError(() => repository.findById(this.db, definition, id));
    if (!stored) throw new ApiError(404);
    const existing = rowToRecord(definition, stored);
    const uploads = await inspectUploads(this.options.files, definition, files);
    const input = resolveInput(
      definition,
      withUploads(body, uploads),
      existing,
      request.isSuperuser,
    );

    if (!request.isSuperuser && rules.updateRule) {
      const ruleRequest = { ...request, body: { ...body, ...input.values } };
      const condition = this.#access.rule(rules.updateRule, definition, ruleRequest);
      const allowed = await badRequestOnQueryError(() =>
        repository.findById(this.db, definition, id, condition),
      );
      if (!allowed) throw new ApiError(404);
    }

    const now = this.clock.now();
    const record: RecordValues = { ...existing, ...input.values, updated: toRecordDate(now) };
    const errors: Record<string, FieldError> = { ...input.errors };
    if (definition.type === 'auth') await authUpdate(existing, record, input, request, errors);

    const storedFiles = await storeFirst(this.options.files, definition, id, input);
    return this.write(storedFiles, async (trx, emit, later) => {
      const context = this.hookContext(trx, request, now, emit);
      // What changed is checked (all of it when the record changes organization), before the
      // hooks, which read the related records.
      const moved = organizationChanged(definition, existing, record)
        ? undefined
        : changedKeys(relationValues(definition, existing), record);
      const related = await checkRelations(
        trx,
        this.#access,
        definition,
        record,
        request,
        errors,
        moved,
      );
      const before = relationValues(definition, record);
      if (related)
        await this.runHook(() => hooks?.beforeUpdate?.(record, existing, context), errors);
      // Earlier problems (the input's, the hook's) say more than validation's: they stay.
      Object.assign(errors, { ...validateRecord(definition, record), ...errors });
      if (related) {
        const changed = changedKeys(before, record);
        await checkRelations(trx, this.#access, definition, record, request, errors, changed);
      }
      if (Object.keys(errors).length) throw new ApiError(400, 'Failed to update record.', errors);
      if (definition.type === 'auth' && input.password)
        record.password = await hashPassword(input.password);
      const changed = Object.fromEntries(
        Object.entries(record).filter(([key, value]) => !sameValue(existing[key], value)),
      );
      await uniqueOrFieldError(definition, 'Failed to update record.', () =>
        repository.updateRow(trx, definition, id, recordToRow(definition, changed, this.dialect)),
      );
      if (hasFileFields(definition))
        later(replacedFiles(this.options.files, definition, record, existing));
      emit({ action: 'update', collection: definition.name, record: eventRecord(record) });
      return exportRecord(definition, record, viewerOf(request));
    });
  }

  async delete(collectionName: string, id: string, request: RecordRequest): Promise<void> {
    const { definition, rules, hooks } = this.#access.module(collectionName);
    this.#access.requireRule(rules.deleteRule, request);
    const where =
      !request.isSuperuser && rules.deleteRule
        ? this.#access.rule(rules.deleteRule, definition, request)
        : undefined;
    const row = await badRequestOnQueryError(() =>
      repository.findById(this.db, definition, id, where),
    );
    if (!row) throw new ApiError(404);
    await this.write(undefined, async (trx, emit, later) => {
      if (hooks?.beforeDelete) {
        const existing = rowToRecord(definition, row);
        await hooks.beforeDelete(existing, this.hookContext(trx, request, this.clock.now(), emit));
      }
      await deleteWithDependents(
        trx,
        this.#access,
        this.options.files,
        definition,
        id,
        new Set(),
        emit,
        later,
      );
    });
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

  /** Runs a write in a transaction (or the caller's, in a batch): write-unit.ts. */
  private write<T>(stored: Undo | undefined, work: WriteWork<T>): Promise<T> {
    return runWrite(this.db, this.options, stored, work);
  }
}

/**
 * True when a create is nothing but its checks and one insert, so it can run as one statement:
 * no hooks that read or write in the transaction (`prepareCreate` has run already, and a
 * `beforeCreate` may say it has nothing to do for these values), no password to hash or token key to set
 * (auth records), no uploads (stored ahead of the transaction), and no problem found in the
 * input already (the full path reports those, after the rule check, as it always has).
 */
function createsInOneStatement(
  module: CollectionModule,
  input: ReturnType<typeof resolveInput>,
  errors: Readonly<Record<string, FieldError>>,
  record: Readonly<RecordValues>,
): boolean {
  const { definition, hooks } = module;
  return (
    (!hooks?.beforeCreate || hooks.needsBeforeCreate?.(record) === false) &&
    !hooks?.afterCreate &&
    definition.type !== 'auth' &&
    input.uploads.length === 0 &&
    Object.keys(errors).length === 0 &&
    Object.keys(validateRecord(definition, record)).length === 0
  );
}

function zeroRecord(definition: CollectionDefinition): RecordValues {
  return Object.fromEntries(allFields(definition).map((field) => [field.name, zeroValue(field)]));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
