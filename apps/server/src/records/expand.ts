import { type CollectionDefinition, isMultiple } from '@airgrid/schema';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import { badRequestOnQueryError } from './driver-errors.js';
import { type RecordAccess, type RecordRequest, viewerOf } from './record-access.js';
import { exportRecord, rowToRecord } from './record-codec.js';
import * as repository from './record-repository.js';
import { ExpandBudget } from './response-budget.js';

// `expand` (API-CONTRACT §2.6): relation fields and back-relations (`{collection}_via_{field}`),
// nested with dots up to 6 levels. Each related record passes its collection's viewRule; what
// the requester cannot see, or what is missing, is left out. One query per relation and level
// (one per record for a back-relation), all counted against the request's ExpandBudget.

const MAX_EXPAND_DEPTH = 6;
const MAX_BACK_RELATIONS = 1000;

type ExpandTree = Map<string, ExpandTree>;

/** Adds `expand` to exported records of the collection, as the requester may see them. */
export async function expandRecords(
  db: Kysely<Database>,
  access: RecordAccess,
  collectionName: string,
  items: Record<string, unknown>[],
  expand: string | undefined,
  request: RecordRequest,
): Promise<void> {
  if (expand === undefined) return;
  const tree = parseExpand(expand);
  const { definition } = access.module(collectionName);
  const budget = new ExpandBudget();
  await expandLevel(
    db,
    access,
    definition,
    items,
    tree,
    { ...request, context: 'expand' },
    1,
    budget,
  );
}

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

/** A relation value's ids: one, several or none. */
export function toIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/**
 * Expands one level of the tree. PocketBase expands each path on its own and a path that fails
 * further down (an unknown name, a collection only superusers may view) sets nothing, not even
 * its first levels: so a relation stays only if one of its paths succeeds all the way. A level
 * with no records succeeds, as PocketBase never looks at its names. Returns whether any path
 * of `tree` succeeded.
 */
async function expandLevel(
  db: Kysely<Database>,
  access: RecordAccess,
  definition: CollectionDefinition,
  items: Record<string, unknown>[],
  tree: ExpandTree,
  request: RecordRequest,
  depth: number,
  budget: ExpandBudget,
): Promise<boolean> {
  for (const item of items) item.expand ??= {};
  if (items.length === 0) return true;
  let anySucceeded = false;
  for (const [name, subtree] of tree) {
    const related = await expandOne(db, access, definition, items, name, request, budget);
    if (!related) continue;
    const succeeded =
      subtree.size === 0 ||
      depth >= MAX_EXPAND_DEPTH ||
      (await expandLevel(
        db,
        access,
        related.definition,
        related.records,
        subtree,
        request,
        depth + 1,
        budget,
      ));
    if (succeeded) anySucceeded = true;
    else for (const item of items) delete (item.expand as Record<string, unknown>)[name];
  }
  return anySucceeded;
}

async function expandOne(
  db: Kysely<Database>,
  access: RecordAccess,
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
      ? access.findModule(field.collection)
      : back
        ? access.findModule(back[1] ?? '')
        : undefined;
  if (!target || (target.rules.viewRule === null && !request.isSuperuser)) return undefined;
  const rule =
    !request.isSuperuser && target.rules.viewRule
      ? access.rule(target.rules.viewRule, target.definition, request)
      : sql<SqlBool>`1 = 1`;
  const exportRow = (row: Record<string, unknown>) =>
    exportRecord(target.definition, rowToRecord(target.definition, row), viewerOf(request));

  if (field?.type === 'relation') {
    const ids = [...new Set(items.flatMap((item) => toIds(item[name])))];
    const rows = await badRequestOnQueryError(() =>
      repository.findByIds(db, target.definition, ids, rule),
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
      db,
      access.dialect,
      target.definition,
      backField.name,
      isMultiple(backField),
      String(item.id),
      MAX_BACK_RELATIONS,
    );
    budget.spend(ids.length);
    const rows = await badRequestOnQueryError(() =>
      repository.findByIds(db, target.definition, ids, rule),
    );
    const records = rows.map(exportRow);
    if (records.length) (item.expand as Record<string, unknown>)[name] = records;
    all.push(...records);
  }
  return { definition: target.definition, records: all };
}
