// A hand-written single-pass parser for PocketBase's filter language (fexpr v0.6). It never
// recurses on parentheses (an explicit stack does), and function calls recurse at most
// MAX_FUNCTION_DEPTH deep, so no input can exhaust the call stack; every character is looked at a
// bounded number of times, so parsing is linear in the input's length.

import {
  type Comparison,
  FilterSyntaxError,
  type Group,
  type Join,
  OPERATORS,
  type Operand,
  type Operator,
} from './filter-ast.js';

const MAX_COMPARISONS = 200;
const MAX_GROUP_DEPTH = 32;
const MAX_FUNCTION_DEPTH = 3;

const INCOMPLETE = 'invalid or incomplete filter expression';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const BANG = 0x21;
const DOUBLE_QUOTE = 0x22;
const HASH = 0x23;
const AMPERSAND = 0x26;
const SINGLE_QUOTE = 0x27;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const SLASH = 0x2f;
const COLON = 0x3a;
const LESS = 0x3c;
const EQUALS = 0x3d;
const GREATER = 0x3e;
const QUESTION = 0x3f;
const AT = 0x40;
const BACKSLASH = 0x5c;
const UNDERSCORE = 0x5f;
const PIPE = 0x7c;
const TILDE = 0x7e;
const END = -1;

// No ambiguity between the optional parts, so the match cannot backtrack.
const NUMBER_LITERAL = /^-?[0-9]+(?:\.[0-9]+)?$/;

/** Parses a filter into a flat, precedence-free `Group`, or throws a `FilterSyntaxError`. */
export function parseFilter(input: string): Group {
  return new Parser(input).parse();
}

interface OpenGroup {
  parent: Group;
  join: Join;
  start: number;
}

class Parser {
  private readonly input: string;
  private pos = 0;
  private comparisons = 0;

  constructor(input: string) {
    this.input = input;
  }

  parse(): Group {
    this.skipTrivia();
    if (this.pos >= this.input.length) throw new FilterSyntaxError('empty filter expression');

    const root: Group = { kind: 'group', items: [] };
    const open: OpenGroup[] = [];
    let current = root;
    let join: Join = '&&';
    for (;;) {
      this.skipTrivia();
      if (this.code() === OPEN_PAREN) {
        if (open.length >= MAX_GROUP_DEPTH) {
          throw new FilterSyntaxError(`too deeply nested parentheses (max ${MAX_GROUP_DEPTH})`);
        }
        open.push({ parent: current, join, start: this.pos });
        current = { kind: 'group', items: [] };
        join = '&&';
        this.pos++;
        continue;
      }

      current.items.push({ join, expr: this.comparison() });

      for (;;) {
        this.skipTrivia();
        if (this.code() !== CLOSE_PAREN) break;
        const group = open.pop();
        if (group === undefined) throw this.unexpected('&& or ||');
        // The group joins its parent only once closed, which is still in source order: nothing
        // else can be added to the parent while the group is open.
        group.parent.items.push({ join: group.join, expr: current });
        current = group.parent;
        this.pos++;
      }

      if (this.pos >= this.input.length) {
        const unclosed = open.at(-1);
        if (unclosed !== undefined) throw incomplete(`missing ')' for '(' at ${unclosed.start}`);
        return root;
      }
      join = this.join();
    }
  }

  private comparison(): Comparison {
    const left = this.operand(0);
    this.skipTrivia();
    const operator = this.operator();
    this.skipTrivia();
    const right = this.operand(0);
    this.comparisons++;
    if (this.comparisons > MAX_COMPARISONS) {
      throw new FilterSyntaxError(`too many comparisons (max ${MAX_COMPARISONS})`);
    }
    return { kind: 'comparison', left, operator, right };
  }

  /** `depth` is how many function calls enclose the operand. */
  private operand(depth: number): Operand {
    const c = this.code();
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) return { kind: 'text', value: this.text() };
    if (c === MINUS || isDigit(c)) return { kind: 'number', value: this.number() };
    if (isIdentifierStart(c)) {
      const start = this.pos;
      const name = this.identifier();
      if (this.code() === OPEN_PAREN) return this.call(name, start, depth + 1);
      return { kind: 'identifier', name };
    }
    throw this.unexpected('an operand');
  }

  private call(name: string, start: number, depth: number): Operand {
    if (depth > MAX_FUNCTION_DEPTH) {
      throw incomplete(`function calls nested deeper than ${MAX_FUNCTION_DEPTH} at ${start}`);
    }
    this.pos++;
    const args: Operand[] = [];
    for (;;) {
      this.skipTrivia();
      // Checked before each argument, so both `f()` and a trailing comma are accepted.
      if (this.code() === CLOSE_PAREN) break;
      args.push(this.operand(depth));
      this.skipTrivia();
      if (this.code() === COMMA) {
        this.pos++;
        continue;
      }
      if (this.code() !== CLOSE_PAREN) throw this.unexpected("',' or ')'");
      break;
    }
    this.pos++;
    return { kind: 'function', name, args };
  }

  private text(): string {
    const input = this.input;
    const start = this.pos;
    const quote = input.charCodeAt(start);
    let value = '';
    let chunk = start + 1;
    for (let i = chunk; i < input.length; i++) {
      const c = input.charCodeAt(i);
      if (c === BACKSLASH && input.charCodeAt(i + 1) === quote) {
        // Drop only the backslash; the quote starts the next chunk. Any other backslash is
        // literal, as in fexpr.
        value += input.slice(chunk, i);
        chunk = i + 1;
        i++;
      } else if (c === quote) {
        this.pos = i + 1;
        return value + input.slice(chunk, i);
      }
    }
    throw incomplete(`unterminated text starting at ${start}`);
  }

  private number(): number {
    const start = this.pos;
    if (this.code() === MINUS) this.pos++;
    // Digits and dots are read as one run, so `1.2.3` is one bad number, not `1.2` then `.3`.
    for (let c = this.code(); isDigit(c) || c === DOT; c = this.code()) this.pos++;
    const literal = this.input.slice(start, this.pos);
    const value = Number(literal);
    if (!NUMBER_LITERAL.test(literal) || !Number.isFinite(value)) {
      throw incomplete(`invalid number '${literal}' at ${start}`);
    }
    return value;
  }

  private identifier(): string {
    const start = this.pos;
    // `@` and `#` are read mid-word too (as fexpr does), so that `a@b` fails as one bad word.
    while (isIdentifierStart(this.code()) || isIdentifierPart(this.code())) this.pos++;
    const name = this.input.slice(start, this.pos);
    if (!isValidIdentifier(name)) throw incomplete(`invalid identifier '${name}' at ${start}`);
    return name;
  }

  private operator(): Operator {
    const start = this.pos;
    while (isSign(this.code())) this.pos++;
    const sign = this.input.slice(start, this.pos);
    if (sign === '') throw this.unexpected('an operator');
    if (!isOperator(sign)) throw incomplete(`invalid operator '${sign}' at ${start}`);
    return sign;
  }

  private join(): Join {
    const start = this.pos;
    for (let c = this.code(); c === AMPERSAND || c === PIPE; c = this.code()) this.pos++;
    const join = this.input.slice(start, this.pos);
    if (join === '&&' || join === '||') return join;
    if (join === '') throw this.unexpected('&& or ||');
    throw incomplete(`invalid join '${join}' at ${start}`);
  }

  private skipTrivia(): void {
    const input = this.input;
    for (;;) {
      const c = this.code();
      if (c === SPACE || c === TAB || c === LF || c === CR) {
        this.pos++;
      } else if (c === SLASH && input.charCodeAt(this.pos + 1) === SLASH) {
        const end = input.indexOf('\n', this.pos + 2);
        this.pos = end === -1 ? input.length : end + 1;
      } else {
        return;
      }
    }
  }

  private code(): number {
    return this.pos < this.input.length ? this.input.charCodeAt(this.pos) : END;
  }

  private unexpected(expected: string): FilterSyntaxError {
    const found = this.input.codePointAt(this.pos);
    const what = found === undefined ? 'end of input' : `'${String.fromCodePoint(found)}'`;
    return incomplete(`expected ${expected} at ${this.pos}, found ${what}`);
  }
}

function incomplete(detail: string): FilterSyntaxError {
  return new FilterSyntaxError(`${INCOMPLETE}: ${detail}`);
}

function isOperator(sign: string): sign is Operator {
  return (OPERATORS as readonly string[]).includes(sign);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isWordChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === UNDERSCORE;
}

function isIdentifierStart(c: number): boolean {
  return isLetter(c) || c === UNDERSCORE || c === AT || c === HASH;
}

function isIdentifierPart(c: number): boolean {
  return isWordChar(c) || c === DOT || c === COLON;
}

function isSign(c: number): boolean {
  return c === EQUALS || c === BANG || c === GREATER || c === LESS || c === TILDE || c === QUESTION;
}

/** fexpr's `^[@#_]?[\w.:]*\w+$`: a `@` or `#` only in front, and a word character at the end. */
function isValidIdentifier(name: string): boolean {
  const first = name.charCodeAt(0);
  const from = first === AT || first === HASH ? 1 : 0;
  if (from >= name.length || !isWordChar(name.charCodeAt(name.length - 1))) return false;
  for (let i = from; i < name.length; i++) {
    if (!isIdentifierPart(name.charCodeAt(i))) return false;
  }
  return true;
}
