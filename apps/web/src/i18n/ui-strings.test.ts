import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import {
  isJsxAttribute,
  isJsxExpression,
  isJsxText,
  isNoSubstitutionTemplateLiteral,
  isStringLiteral,
} from 'typescript/unstable/ast/is';
import { API } from 'typescript/unstable/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every text a user sees or hears comes from the catalog (messages(), en.ts; decision 0024),
// so a second language is one file. This guard parses each component (TypeScript's own parser,
// through its API) and lists the hard-coded UI text left: JSX text with a letter in it, and a
// string literal with a letter in it given to a prop a user reads or hears.

const src = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(src, '..');

/** Props whose value a user reads or hears (a screen reader reads aria-label, alt, title). */
const TEXT_PROPS = new Set(['label', 'description', 'placeholder', 'title', 'aria-label', 'alt']);

/**
 * Files still allowed hard-coded text, each with why. Shrinks as areas move to the catalog;
 * a file listed here that has no hard-coded text left fails the test, so it is taken off.
 */
const ALLOWED: Record<string, string> = {};

const hasLetter = (text: string) => /\p{L}/u.test(text);

/** `.tsx` files under src, relative to it, tests excluded. */
function components(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return components(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')
      ? [path.relative(src, full).split(path.sep).join('/')]
      : [];
  });
}

/** `file:line "text"` for each hard-coded UI text in the file. */
function hardCodedText(file: string, sourceFile: SourceFile): string[] {
  const found: string[] = [];
  const report = (node: Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push(`${file}:${line + 1} ${JSON.stringify(text.trim().replace(/\s+/g, ' '))}`);
  };
  const literal = (node: Node | undefined): string | undefined => {
    if (!node) return undefined;
    if (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (isJsxExpression(node)) return literal(node.expression);
    return undefined;
  };
  const visit = (node: Node): void => {
    if (isJsxText(node) && hasLetter(node.text)) report(node, node.text);
    if (isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(sourceFile))) {
      const value = literal(node.initializer);
      if (value !== undefined && hasLetter(value)) report(node, value);
    }
    node.forEachChild(visit);
  };
  visit(sourceFile);
  return found;
}

describe('UI strings', () => {
  let api: API;
  const findings = new Map<string, string[]>();

  beforeAll(() => {
    api = new API({ cwd: web });
    const snapshot = api.updateSnapshot({ openProjects: [path.join(web, 'tsconfig.json')] });
    const program = snapshot.getProjects()[0]?.program;
    if (!program) throw new Error('apps/web/tsconfig.json did not load');
    for (const file of components()) {
      const sourceFile = program.getSourceFile(path.join(src, file));
      if (!sourceFile) throw new Error(`${file} is not in apps/web's program`);
      findings.set(file, hardCodedText(file, sourceFile));
    }
  }, 60_000);

  afterAll(() => api?.close());

  it('finds the text in a component', () => {
    expect(findings.size).toBeGreaterThan(50);
  });

  it('has no hard-coded UI text outside the allow-list', () => {
    const left = [...findings].filter(([file]) => !(file in ALLOWED)).flatMap(([, found]) => found);
    expect(left, 'put these in i18n/en.ts and read them through messages()').toEqual([]);
  });

  it('allows only files that still have hard-coded text', () => {
    const done = Object.keys(ALLOWED).filter((file) => findings.get(file)?.length === 0);
    expect(done, 'no hard-coded text left: take these off ALLOWED').toEqual([]);
  });
});
