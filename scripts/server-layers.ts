import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The server's layers (docs/architecture.md), lowest first. A module may import its own unit
// and any unit of a lower row; never a unit of its own row or a higher one. An area (a folder
// of features/) is a unit of its own: areas sit on one row, so they never import each other.
// server-layers.test.ts checks every import of apps/server/src against this table.
export const SERVER_LAYERS: readonly (readonly string[])[] = [
  ['clock.ts', 'assets.ts', 'request-types.ts', 'config.ts', 'errors'],
  ['db', 'http'],
  ['records'],
  ['outbound'],
  ['auth'],
  ['files', 'collections', 'jobs', 'public-reads', 'realtime', 'notifications'],
  ['uploads', 'cluster'],
  ['area.ts'],
  ['features/*'],
  ['features/index.ts', 'demo'],
  ['main.ts'],
  ['cli.ts'],
];

/** The unit a path under apps/server/src belongs to: a top folder, an area, or a root file. */
export function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return file;
  if (parts[0] === 'features') return parts.length === 2 ? file : `features/${parts[1]}`;
  return parts[0] ?? file;
}

function rowOf(unit: string): number {
  const row = SERVER_LAYERS.findIndex((units) =>
    units.some((listed) =>
      listed === 'features/*'
        ? unit.startsWith('features/') && unit !== 'features/index.ts'
        : listed === unit,
    ),
  );
  return row;
}

export interface Violation {
  from: string;
  to: string;
  message: string;
}

/** What is wrong with `from` importing `to` (both paths under apps/server/src), if anything. */
export function checkImport(from: string, to: string): Violation | null {
  const source = unitOf(from);
  const target = unitOf(to);
  if (source === target) return null;
  const sourceRow = rowOf(source);
  const targetRow = rowOf(target);
  const say = (message: string): Violation => ({ from, to, message });
  if (sourceRow < 0)
    return say(`${source} is not in the layer table (scripts/server-layers.ts): add it to a row.`);
  if (targetRow < 0)
    return say(`${target} is not in the layer table (scripts/server-layers.ts): add it to a row.`);
  if (targetRow < sourceRow) return null;
  const area = (unit: string) => unit.startsWith('features/') && unit !== 'features/index.ts';
  if (area(source) && area(target))
    return say(
      `Areas never import each other (${source} → ${target}): move the shared piece into the core ` +
        '(as public-reads/guide-repository.ts is), or hand it over through area.ts’s Core.',
    );
  if (area(target) || target === 'features/index.ts')
    return say(
      `The core never imports an area (${source} → ${target}): declare the interface you need in ` +
        'the core and let the area implement it, or move the piece into the core.',
    );
  return say(
    `${source} sits ${targetRow === sourceRow ? 'beside' : 'below'} ${target} in the layer table ` +
      '(scripts/server-layers.ts): move what both need into the lower one, or have main.ts pass it in.',
  );
}

/** Every relative import of the server's modules (tests left out), as [from, to] paths. */
export function serverImports(sourceRoot: string): [string, string][] {
  const edges: [string, string][] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(sourceRoot, folder), { withFileTypes: true })) {
      const file = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(path.join(sourceRoot, file), 'utf8');
        for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
          const target = path.posix
            .normalize(path.posix.join(path.posix.dirname(file), spec ?? ''))
            .replace(/\.js$/, '.ts');
          if (!target.startsWith('..')) edges.push([file, target]);
        }
      }
    }
  };
  walk('');
  return edges;
}
