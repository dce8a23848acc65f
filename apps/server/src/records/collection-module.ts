import type { CollectionDefinition } from '@airgrid/schema';
import type { Transaction } from '../db/tables.js';

/**
 * An API rule in PocketBase's filter language: `null` = superusers only, `''` = anyone,
 * otherwise an expression the target record (and the request) must satisfy.
 */
export type Rule = string | null;

interface CollectionRules {
  listRule: Rule;
  viewRule: Rule;
  createRule: Rule;
  updateRule: Rule;
  deleteRule: Rule;
  /** Auth collections: who may authenticate ('' = anyone with the password). */
  authRule?: Rule;
  /** Auth collections: who may change another record's email, password and verified flag. */
  manageRule?: Rule;
}

export interface HookContext {
  /** The transaction the write runs in: hooks that write more rows use it. */
  trx: Transaction;
  /** The requester's auth record (API values), or null for guests and superusers. */
  auth: Readonly<Record<string, unknown>> | null;
  isSuperuser: boolean;
  now: number;
  /**
   * Says a hook changed another record through `trx`: its update event goes to subscribers
   * once the write commits, like the record's own.
   */
  changed(collection: string, id: string): Promise<void>;
}

/** Thrown by hooks for a field-level problem: becomes a 400 with `data[field]`. */
export class FieldProblem extends Error {
  constructor(
    readonly field: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Thrown by hooks that find several field problems at once: each becomes its `data[field]`. */
export class FieldProblems extends Error {
  constructor(readonly problems: readonly FieldProblem[]) {
    super(problems.map((problem) => problem.message).join(' '));
  }
}

/** What a create's first step may know: no transaction, so no reads or writes. */
export type PrepareContext = Pick<HookContext, 'auth' | 'isSuperuser' | 'now'>;

interface CollectionHooks {
  /**
   * Runs first on every create: stamps, defaults and checks that need no database (it may throw
   * FieldProblem). The rule and relation checks see what it set. A create with nothing else to
   * run in a transaction can then be one statement (decision 0021).
   */
  prepareCreate?(values: Record<string, unknown>, context: PrepareContext): void;
  /** Adjusts or checks the values about to be inserted (after validation), in the transaction. */
  beforeCreate?(values: Record<string, unknown>, context: HookContext): Promise<void> | void;
  /** Whether `beforeCreate` has work for these values (default: always). */
  needsBeforeCreate?(values: Readonly<Record<string, unknown>>): boolean;
  /** Adjusts or checks the merged values about to be saved over `existing`. */
  beforeUpdate?(
    values: Record<string, unknown>,
    existing: Readonly<Record<string, unknown>>,
    context: HookContext,
  ): Promise<void> | void;
  /** Runs inside the delete's transaction before the record (and its dependents) go. */
  beforeDelete?(
    existing: Readonly<Record<string, unknown>>,
    context: HookContext,
  ): Promise<void> | void;
  /** Runs inside the transaction after the insert. */
  afterCreate?(
    record: Readonly<Record<string, unknown>>,
    context: HookContext,
  ): Promise<void> | void;
}

/** One collection: its fields (from @airgrid/schema), its API rules and its hooks. */
export interface CollectionModule {
  definition: CollectionDefinition;
  rules: CollectionRules;
  hooks?: CollectionHooks;
}
