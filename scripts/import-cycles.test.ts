import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No module of either app imports itself back through others (issue 37 found routes.tsx ↔
// route-access.ts and use-auth.ts ↔ clock-setting.ts): a cycle makes a module's exports
// undefined while the other loads, and ties two pieces that should stand apart. Type imports
// count too: they tie the code as much as values do.

const root = fileURLToPath(new URL('..', import.meta.url));

/** Source modules under `dir` (tests left out), relative to the repo. */
function modules(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return modules(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The module a relative specifier names: `./x.js` (the server) or `./x` (the web app). */
function resolve(from: string, spec: string): string | null {
  const base = path.posix.join(path.posix.dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(path.join(root, candidate))) return candidate;
  return null;
}

function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(dir)) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const targets = [...source.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)]
      .map(([, spec]) => resolve(file, spec ?? ''))
      .filter((target): target is string => target !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's modules (Tarjan's strongly connected components of more than one module). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle, and none in a chain', () => {
    const cycle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(cycle)).toEqual([['a', 'b', 'c']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  // Each reads every module of a tree (about 1,500 files in all): on a loaded two-core machine
  // that outlasted the default 5 s once.
  it.each(['apps/server/src', 'apps/web/src', 'packages/schema/src', 'packages/domain/src'])(
    'has none in %s',
    { timeout: 30_000 },
    (dir) => {
      expect(cyclesOf(importGraph(dir))).toEqual([]);
    },
  );
});
