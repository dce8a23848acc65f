import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/architecture.md opens with an annotated tree of the repo. These checks keep it true:
// every path the tree names exists, and every folder of the source trees is named in the page.
const root = fileURLToPath(new URL('..', import.meta.url));
const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** Where the notes start: a name sits left of this column, its description right of it. */
const NOTE_COLUMN = 32;

/** The paths the tree names, each joined with the folders above it (by indentation). */
function treePaths(markdown: string): string[] {
  const block = markdown.match(/```\n([\s\S]*?)\n```/)?.[1] ?? '';
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (line.trim() === '' || indent >= NOTE_COLUMN) continue; // a note's continuation
    const name = line.trimStart().split(/\s+/)[0] ?? '';
    const depth = indent / 2;
    parents.length = depth;
    const full = [...parents, name].join('');
    paths.push(full);
    if (name.endsWith('/')) parents[depth] = name;
    else parents[depth] = `${name}/`; // a file never has children; keeps the depth right
  }
  return paths;
}

/** Folders under `dir`, relative to the repo, skipping build output and dependencies. */
function folders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (!entry.isDirectory() || ['node_modules', 'dist'].includes(entry.name)) continue;
    const relative = `${dir}/${entry.name}`;
    found.push(relative, ...folders(relative));
  }
  return found;
}

describe('docs/architecture.md', () => {
  it('reads the tree by indentation', () => {
    const tree = '```\napps/\n  server/      x\n    src/       y\n      main.ts  z\n'.concat(
      '                                continued\n      db/\nscripts/\n```',
    );
    expect(treePaths(tree)).toEqual([
      'apps/',
      'apps/server/',
      'apps/server/src/',
      'apps/server/src/main.ts',
      'apps/server/src/db/',
      'scripts/',
    ]);
  });

  it('names only paths that exist', () => {
    const paths = treePaths(page);
    expect(paths.length).toBeGreaterThan(50);
    const missing = paths.filter((name) => {
      try {
        statSync(path.join(root, name));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing, 'named in docs/architecture.md but not in the repo').toEqual([]);
  });

  it('names every source folder, script and benchmark', () => {
    const expected = [
      ...folders('apps/server/src').map((dir) => `${path.basename(dir)}/`),
      ...folders('apps/web/src').map((dir) => `${path.basename(dir)}/`),
      ...folders('bench').map((dir) => `${path.basename(dir)}/`),
      ...readdirSync(path.join(root, 'scripts')).filter((name) => !name.includes('.test.')),
      ...readdirSync(path.join(root, 'apps/server/test')),
    ];
    const unnamed = expected.filter((name) => !page.includes(name));
    expect(unnamed, 'in the repo but not named in docs/architecture.md').toEqual([]);
  });

  it('walks every area of both apps as its own entry under its features/', () => {
    // By full path, not by name: `captions/` under the server's features/ does not stand for
    // the web app's, nor a mention in a note for an entry of the tree.
    const paths = new Set(treePaths(page));
    const areas = ['apps/server/src/features', 'apps/web/src/features'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${dir}/${entry.name}/`),
    );
    expect(areas.length).toBeGreaterThan(30);
    const missing = areas.filter((area) => !paths.has(area));
    expect(missing, 'an area with no entry of its own in docs/architecture.md').toEqual([]);
  });
});
