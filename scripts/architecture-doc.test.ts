import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is a map: the layers, the list of areas with a link to each area's page
// (a README.md beside its code), and the recipe for adding one. These checks keep it and the
// pages true: every repo path and link they name exists, and every area has a page the map links.
const root = fileURLToPath(new URL('..', import.meta.url));
const MAP = 'docs/architecture.md';

/** Folders never walked for pages: dependencies, build output, git. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', '.git', 'test-results']);

/** Markdown without its fenced code blocks (a block shows a tree or a command, not a path). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** The targets of the page's relative links (`[text](target)`), without their #anchors. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/**
 * The repo paths a page names in code spans: a span that starts with one of the repo's top-level
 * entries (`apps/...`, `scripts/...`, `biome.json`). A span that is a pattern rather than a path
 * (`features/<area>/`, `*.test.ts`, `{c}`) is left out, and so is a bare name (`area.ts`), read
 * beside the page.
 */
function repoPaths(markdown: string, topLevel: ReadonlySet<string>): string[] {
  return [...prose(markdown).matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] ?? '')
    .filter((span) => !/[<>*{}[\]|…]/.test(span))
    .map((span) => span.replace(/[.,;:]$/, ''))
    .filter((span) => topLevel.has(span.split('/')[0] ?? ''));
}

/** Every README.md of the repo, relative to it. */
function readmes(dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...readmes(relative));
    else if (entry.name === 'README.md') found.push(relative);
  }
  return found;
}

/** The folders of `dir` (relative to the repo) that hold `marker`, or all of them without one. */
function areaFolders(dir: string, marker?: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .filter((folder) => !marker || existsSync(path.join(root, folder, marker)));
}

const exists = (relative: string) => existsSync(path.join(root, relative));
/** Build output (`apps/web/dist`, `apps/server/dist/cli.js`): named by the docs, made by a build. */
const builtOrExists = (relative: string) => /(^|\/)dist(\/|$)/.test(relative) || exists(relative);
const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');
const topLevel = new Set(readdirSync(root).filter((name) => !SKIPPED.has(name)));
const pages = [MAP, ...readmes()];
const serverAreas = areaFolders('apps/server/src/features', 'area.ts');
const webAreas = areaFolders('apps/web/src/features');

/** Where each relative link of the page at `page` leads, relative to the repo. */
function linkTargets(page: string): string[] {
  return relativeLinks(read(page)).map((target) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(target))),
  );
}

describe('docs/architecture.md and the pages beside the code', () => {
  it('reads links and repo paths out of markdown', () => {
    const markdown = [
      'See [a](../apps/x/README.md#top), [b](https://example.com), [c](#here).',
      'Paths: `apps/server/src/main.ts`, `docs/`, `features/<area>/area.ts`, `area.ts`,',
      '`apps/web/e2e/*.spec.ts`, `npm test`, `scripts/test.mjs`.',
      '```',
      '[d](nowhere.md) `apps/not-checked.ts`',
      '```',
    ].join('\n');
    expect(relativeLinks(markdown)).toEqual(['../apps/x/README.md']);
    expect(repoPaths(markdown, new Set(['apps', 'docs', 'scripts']))).toEqual([
      'apps/server/src/main.ts',
      'docs/',
      'scripts/test.mjs',
    ]);
  });

  it('keeps the map about a hundred lines', () => {
    const lines = read(MAP).split('\n').length;
    expect(lines, `${MAP} is a map: keep it near 100 lines`).toBeLessThanOrEqual(130);
  });

  it('names only repo paths that exist, on the map and on every page', () => {
    expect(repoPaths(read(MAP), topLevel).length).toBeGreaterThan(30);
    const missing = pages.flatMap((page) =>
      repoPaths(read(page), topLevel)
        .filter((named) => !builtOrExists(named))
        .map((named) => `${page}: ${named}`),
    );
    expect(missing, 'a path named in the docs that is not in the repo').toEqual([]);
  });

  it('links only to files that exist, on the map and on every page', () => {
    const broken = pages.flatMap((page) =>
      linkTargets(page)
        .filter((target) => !exists(target))
        .map((target) => `${page} → ${target}`),
    );
    expect(broken, 'a relative link that leads nowhere').toEqual([]);
  });

  it('gives every area of both apps a page, linked from the map', () => {
    expect(serverAreas.length).toBeGreaterThan(15);
    expect(webAreas.length).toBeGreaterThan(20);
    const linked = new Set(linkTargets(MAP));
    const areas = [...serverAreas, ...webAreas].map((folder) => `${folder}/README.md`);
    const withoutPage = areas.filter((page) => !exists(page));
    expect(withoutPage, 'an area folder without its README.md').toEqual([]);
    const unlinked = areas.filter((page) => !linked.has(page));
    expect(unlinked, `an area page ${MAP} does not link under "Areas"`).toEqual([]);
  });

  it('keeps the recipe for adding an area as a numbered list of its own', () => {
    const recipe =
      read(MAP)
        .split(/^## Adding an area$/m)[1]
        ?.split(/^## /m)[0] ?? '';
    expect(recipe.match(/^\d+\. /gm)?.length ?? 0).toBeGreaterThan(3);
  });
});
