import type { CollectionDefinition } from '@airgrid/schema';
import { findField, ROLES, type Role } from '@airgrid/schema';
import type { Rule } from '../../records/collection-module.js';
import type { Comparison, Group, Operand } from '../../records/filter/filter-ast.js';
import { parseFilter } from '../../records/filter/filter-parser.js';

// A collection's API rules (PocketBase filter expressions) said in words for each kind of
// requester, for the API document. The rule is evaluated as far as the requester decides it
// (signed in or not, their role, whether they have a station), and what is left depends on
// the record or the request's body, which is then said in words.

/** Who asks: a guest, a signed-in user with no station yet, or a member with their role. */
export type Requester = 'guest' | 'no-station' | Role;

export const REQUESTERS: readonly Requester[] = ['guest', 'no-station', ...ROLES];

export const REQUESTER_NAMES: Record<Requester, string> = {
  guest: 'Guest',
  'no-station': 'Signed in, no station',
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  producer: 'Producer',
  viewer: 'Viewer',
};

/** What a requester is allowed: always, never, or when the words hold. */
export type Access = { kind: 'always' } | { kind: 'never' } | { kind: 'when'; words: string };

type Value = { known: true; value: string } | { known: false; nonEmpty: boolean };

/** What the requester's own auth fields are, as far as their kind decides them. */
function authValue(requester: Requester, name: string): Value | undefined {
  const guest = requester === 'guest';
  switch (name) {
    case '@request.auth.id':
      return guest ? { known: true, value: '' } : { known: false, nonEmpty: true };
    case '@request.auth.role':
      return { known: true, value: guest || requester === 'no-station' ? '' : requester };
    case '@request.auth.organization':
      return guest || requester === 'no-station'
        ? { known: true, value: '' }
        : { known: false, nonEmpty: true };
    case '@request.auth.collectionName':
      return { known: true, value: guest ? '' : 'users' };
    case '@request.auth.collectionId':
      return guest ? { known: true, value: '' } : { known: false, nonEmpty: true };
    default:
      return undefined;
  }
}

function constant(operand: Operand): string | undefined {
  if (operand.kind === 'text') return operand.value;
  if (operand.kind === 'number') return String(operand.value);
  if (operand.kind === 'identifier' && (operand.name === 'true' || operand.name === 'false'))
    return operand.name;
  return undefined;
}

/** The requester, and the collection whose required fields are never empty. */
interface Context {
  requester: Requester;
  collection: CollectionDefinition;
}

function valueOfOperand(operand: Operand, { requester, collection }: Context): Value | undefined {
  const fixed = constant(operand);
  if (fixed !== undefined) return { known: true, value: fixed };
  if (operand.kind !== 'identifier') return undefined;
  if (operand.name.startsWith('@')) return authValue(requester, operand.name);
  const field = findField(collection, operand.name);
  return field?.required ? { known: false, nonEmpty: true } : undefined;
}

/** That a record's field is empty, or that it is set: conditions that may contradict. */
interface Fact {
  field: string;
  empty: boolean;
}

/** A three-valued result: decided, or the words of the condition left (and its fact). */
type Outcome = boolean | { words: string; join?: '&&' | '||'; fact?: Fact };

/** `field = ""` or `field != ""`, where the empty side may be the requester's own value. */
function factOf(comparison: Comparison, context: Context): Fact | undefined {
  const { left, operator, right } = comparison;
  if (operator !== '=' && operator !== '!=') return undefined;
  const [field, other] =
    left.kind === 'identifier' && !left.name.startsWith('@') && constant(left) === undefined
      ? [left.name, right]
      : right.kind === 'identifier' && !right.name.startsWith('@') && constant(right) === undefined
        ? [right.name, left]
        : [];
  if (!field || !other) return undefined;
  const value = valueOfOperand(other, context);
  if (!value?.known || value.value !== '') return undefined;
  return { field, empty: operator === '=' };
}

function decide(comparison: Comparison, context: Context): boolean | undefined {
  const { operator } = comparison;
  if (operator !== '=' && operator !== '!=') return undefined;
  const left = valueOfOperand(comparison.left, context);
  const right = valueOfOperand(comparison.right, context);
  if (!left || !right) return undefined;
  let equal: boolean | undefined;
  if (left.known && right.known) equal = left.value === right.value;
  else if (left.known && left.value === '' && !right.known && right.nonEmpty) equal = false;
  else if (right.known && right.value === '' && !left.known && left.nonEmpty) equal = false;
  if (equal === undefined) return undefined;
  return operator === '=' ? equal : !equal;
}

function operandWords(operand: Operand): string {
  switch (operand.kind) {
    case 'text':
      return `"${operand.value}"`;
    case 'number':
      return String(operand.value);
    case 'function':
      return `${operand.name}(${operand.args.map(operandWords).join(', ')})`;
    case 'identifier':
      return identifierWords(operand.name);
  }
}

function identifierWords(name: string): string {
  if (name === '@request.auth.id') return 'themselves';
  if (name === '@request.auth.organization') return 'their station';
  if (name === '@request.auth.role') return 'their role';
  if (name === '@now') return 'now';
  if (name === 'true' || name === 'false') return name;
  const body = /^@request\.body\.(\w+)$/.exec(name);
  if (body) return `the sent ${body[1]}`;
  return `\`${name}\``;
}

/** The words of a comparison the requester's kind does not decide. */
function comparisonWords(comparison: Comparison): string {
  const { left, operator, right } = comparison;
  const name = left.kind === 'identifier' ? left.name : '';
  const isset = /^@request\.body\.(\w+):isset$/.exec(name);
  if (isset && operator === '=' && constant(right) === 'false') return `${isset[1]} is not sent`;
  if (isset && operator === '=' && constant(right) === 'true') return `${isset[1]} is sent`;
  if (right.kind === 'identifier' && right.name === '@request.auth.organization') {
    if (name === 'id' && operator === '=') return 'the record is their own station';
    if (name === 'organization' && operator === '=') return 'the record is their station’s';
  }
  if (right.kind === 'identifier' && right.name === '@request.auth.id' && name === 'id') {
    return operator === '=' ? 'the record is their own account' : 'the record is not their account';
  }
  if (left.kind === 'identifier' && !name.startsWith('@') && constant(right) === '') {
    if (operator === '=') return `\`${name}\` is empty`;
    if (operator === '!=') return `\`${name}\` is set`;
  }
  const op = operator === '=' ? 'is' : operator === '!=' ? 'is not' : operator;
  return `${operandWords(left)} ${op} ${operandWords(right)}`;
}

function words(comparison: Comparison, context: Context): Outcome {
  const fact = factOf(comparison, context);
  if (fact) return { words: `\`${fact.field}\` is ${fact.empty ? 'empty' : 'set'}`, fact };
  return { words: comparisonWords(comparison) };
}

function evaluate(group: Group, context: Context): Outcome {
  // && binds tighter than ||, as in the SQL the rules compile to.
  const alternatives: Outcome[][] = [[]];
  for (const [index, item] of group.items.entries()) {
    if (index > 0 && item.join === '||') alternatives.push([]);
    const outcome =
      item.expr.kind === 'group'
        ? evaluate(item.expr, context)
        : (decide(item.expr, context) ?? words(item.expr, context));
    alternatives.at(-1)?.push(outcome);
  }
  const ors: Outcome[] = alternatives.map((all) => combine(all, '&&'));
  return combine(ors, '||');
}

function combine(outcomes: Outcome[], join: '&&' | '||'): Outcome {
  const absorbing = join === '||';
  if (outcomes.some((outcome) => outcome === absorbing)) return absorbing;
  const left = outcomes.filter((outcome) => typeof outcome !== 'boolean');
  if (left.length === 0) return !absorbing;
  if (join === '&&' && contradicts(left.flatMap((outcome) => outcome.fact ?? []))) return false;
  if (left.length === 1) return left[0] as Outcome;
  const words = left.map((outcome) =>
    outcome.join && outcome.join !== join ? `(${outcome.words})` : outcome.words,
  );
  return { words: words.join(join === '&&' ? ' and ' : ' or '), join };
}

/** Whether the facts say one field is both empty and set. */
function contradicts(facts: Fact[]): boolean {
  return facts.some((fact) =>
    facts.some((other) => other.field === fact.field && other.empty !== fact.empty),
  );
}

/**
 * What a collection's rule lets this requester do. Superusers may always; `null` is theirs
 * alone.
 */
export function accessOf(
  collection: CollectionDefinition,
  rule: Rule | undefined,
  requester: Requester,
): Access {
  if (rule === null || rule === undefined) return { kind: 'never' };
  if (rule.trim() === '') return { kind: 'always' };
  const outcome = evaluate(parseFilter(rule), { requester, collection });
  if (outcome === true) return { kind: 'always' };
  if (outcome === false) return { kind: 'never' };
  return { kind: 'when', words: outcome.words };
}

/** One line for a document: "Yes", "No" or "When …". */
export function accessWords(access: Access): string {
  if (access.kind === 'always') return 'Yes';
  if (access.kind === 'never') return 'No';
  return `When ${access.words}`;
}
