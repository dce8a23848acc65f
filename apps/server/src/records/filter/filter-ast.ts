// The syntax tree of PocketBase's filter language (fexpr): what the parser produces and the SQL
// compiler consumes. See API-CONTRACT §3.1 for the lexical rules.

/** Comparison operators, including the "any of" (`?`) variants. */
export const OPERATORS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  '~',
  '!~',
  '?=',
  '?!=',
  '?>',
  '?>=',
  '?<',
  '?<=',
  '?~',
  '?!~',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type Join = '&&' | '||';

/** An operand: a field path or macro, a quoted text, a number, or a function call. */
export type Operand =
  | { kind: 'identifier'; name: string }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'function'; name: string; args: Operand[] };

export interface Comparison {
  kind: 'comparison';
  left: Operand;
  operator: Operator;
  right: Operand;
}

export interface Group {
  kind: 'group';
  /** The items in source order; `join` on the first item is ignored. */
  items: GroupItem[];
}

export interface GroupItem {
  join: Join;
  expr: Comparison | Group;
}

/** A filter's syntax error: becomes a 400 with the message. */
export class FilterSyntaxError extends Error {
  override name = 'FilterSyntaxError';
}
