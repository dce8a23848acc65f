import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import boundaries a glob can say are Biome rules (biome.json, overrides): SQL only in
// repositories, what a route plugin takes from http/, web areas apart, file names. These cases
// prove each fires where it should and stays quiet where it should not. Which server folder may
// import which (the core never an area, areas never each other) is the layer table's:
// scripts/server-layers.ts, proven by server-layers.test.ts.
const root = fileURLToPath(new URL('..', import.meta.url));
const biome = `${root}node_modules/.bin/biome`;

/**
 * Lints a throw-away file at `file` (a path in the repo, so the folder's rules apply). The probe
 * is named `boundary-probe-<pid>-<name>`, so it keeps the name's role suffix.
 */
function lint(file: string, source: string): { ok: boolean; output: string } {
  const probe = path.join(
    root,
    file.replace(/[^/]+$/, (name) => `boundary-probe-${process.pid}-${name}`),
  );
  writeFileSync(probe, source);
  try {
    const result = spawnSync(biome, ['lint', '--max-diagnostics=5', probe], {
      cwd: root,
      encoding: 'utf8',
    });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(probe, { force: true });
  }
}

// Each case spawns Biome; on a busy machine a dozen of them outlast the default 5 s.
describe('import boundaries', { timeout: 60_000 }, () => {
  it('keeps packages/domain free of the repo and of I/O', () => {
    const fromRepo = lint(
      'packages/domain/src/probe.ts',
      "import { ROLES } from '@airgrid/schema';\nexport const x = ROLES;\n",
    );
    expect(fromRepo.ok).toBe(false);
    expect(fromRepo.output).toContain('packages/domain imports nothing from the repo');
    const io = lint(
      'packages/domain/src/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    );
    expect(io.ok).toBe(false);
    expect(io.output).toContain('does no I/O');
    const library = lint(
      'packages/domain/src/probe.ts',
      "import { Temporal } from 'temporal-polyfill';\nexport const x = Temporal;\n",
    );
    expect(library.ok, library.output).toBe(true);
  });

  it('keeps the web app and the server apart', () => {
    const web = lint(
      'apps/web/src/probe.ts',
      "import { startServer } from '@airgrid/server';\nexport const x = startServer;\n",
    );
    expect(web.ok).toBe(false);
    expect(web.output).toContain('apps/web never imports apps/server');
    const server = lint(
      'apps/server/src/probe.ts',
      "import { x } from '@airgrid/web';\nexport const y = x;\n",
    );
    expect(server.ok).toBe(false);
    expect(server.output).toContain('apps/server never imports apps/web');
    const shared = lint(
      'apps/web/src/probe.ts',
      "import { ROLES } from '@airgrid/schema';\nexport const x = ROLES;\n",
    );
    expect(shared.ok, shared.output).toBe(true);
  });

  it("gives every browser test the page-error fixture's test and expect", () => {
    const plain = lint(
      'apps/web/e2e/probe.spec.ts',
      "import { expect, test } from '@playwright/test';\nexport const x = [expect, test];\n",
    );
    expect(plain.ok).toBe(false);
    expect(plain.output).toContain('./support/test');
    const checked = lint(
      'apps/web/e2e/probe.spec.ts',
      "import type { Page } from '@playwright/test';\nimport { expect, test } from './support/test';\n" +
        'export const x = [expect, test];\nexport type P = Page;\n',
    );
    expect(checked.ok, checked.output).toBe(true);
  });

  it('keeps the web areas apart, above the shared layer', () => {
    const area = lint(
      'apps/web/src/features/embeds/probe.ts',
      "import { channelQueries } from '../channels/queries';\nexport const x = channelQueries;\n",
    );
    expect(area.ok).toBe(false);
    expect(area.output).toContain('move the shared piece to the shared layer');
    const byPath = lint(
      'apps/web/src/features/embeds/probe.ts',
      "import { x } from '../../features/channels/queries';\nexport const y = x;\n",
    );
    expect(byPath.ok).toBe(false);
    const shared = lint(
      'apps/web/src/features/embeds/probe.ts',
      "import { sharedChannelQueries } from '../../shared/channels/queries';\nimport { embedKeys } from './queries';\nexport const x = [sharedChannelQueries, embedKeys];\n",
    );
    expect(shared.ok, shared.output).toBe(true);
    const below = lint(
      'apps/web/src/shared/probe.ts',
      "import { x } from '../features/channels/queries';\nexport const y = x;\n",
    );
    expect(below.ok).toBe(false);
    expect(below.output).toContain('never import features/');
    const server = lint(
      'apps/web/src/features/embeds/probe.ts',
      "import { startServer } from '@airgrid/server';\nexport const x = startServer;\n",
    );
    expect(server.ok).toBe(false);
    expect(server.output).toContain('apps/web never imports apps/server');
  });

  it('keeps SQL out of HTTP handlers', () => {
    const handler = lint(
      'apps/server/src/http/probe.ts',
      "import { sql } from 'kysely';\nexport const x = sql;\n",
    );
    expect(handler.ok).toBe(false);
    expect(handler.output).toContain(
      'Only db/, records/ and *-repository.ts modules touch the database',
    );
    const repository = lint(
      'apps/server/src/db/probe.ts',
      "import { sql } from 'kysely';\nexport const x = sql;\n",
    );
    expect(repository.ok, repository.output).toBe(true);
  });

  it('keeps SQL in db/, records/ and repositories', () => {
    const service = lint(
      'apps/server/src/features/guide/probe.ts',
      "import { sql } from 'kysely';\nexport const x = sql;\n",
    );
    expect(service.ok).toBe(false);
    expect(service.output).toContain('put the query in a repository beside this module');
    const collection = lint(
      'apps/server/src/collections/probe.ts',
      "import type { Kysely } from 'kysely';\nexport type X = Kysely<never>;\n",
    );
    expect(collection.ok).toBe(false);
    expect(collection.output).toContain('put the query in a repository beside this module');
    const repository = lint(
      'apps/server/src/features/guide/probe-repository.ts',
      "import { sql } from 'kysely';\nexport const x = sql;\n",
    );
    expect(repository.ok, repository.output).toBe(true);
  });

  it('keeps query builders in db/, records/ and repositories, imported or not', () => {
    const query =
      "import type { Transaction } from '../../db/tables.js';\n" +
      "export const x = (trx: Transaction) => trx.selectFrom('shows').selectAll().execute();\n";
    const service = lint('apps/server/src/features/guide/probe.ts', query);
    expect(service.ok).toBe(false);
    expect(service.output).toContain('Queries are built only in db/, records/ and *-repository.ts');
    const repository = lint('apps/server/src/features/guide/probe-repository.ts', query);
    expect(repository.ok, repository.output).toBe(true);
  });

  it('lets only main.ts, and route plugins for their request helpers, import http/', () => {
    const service = lint(
      'apps/server/src/auth/probe.ts',
      "import { recordRequest } from '../http/request-context.js';\nexport const x = recordRequest;\n",
    );
    expect(service.ok).toBe(false);
    expect(service.output).toContain('Only main.ts imports http/');
    const helper = lint(
      'apps/server/src/features/guide/probe-routes.ts',
      "import { recordRequest } from '../../http/request-context.js';\n" +
        "import { readBody } from '../../http/request-body.js';\n" +
        "import { registerEndpoint } from '../../http/endpoint.js';\n" +
        'export const x = [recordRequest, readBody, registerEndpoint];\n',
    );
    expect(helper.ok, helper.output).toBe(true);
    const shell = lint(
      'apps/server/src/features/guide/probe-routes.ts',
      "import { createApp } from '../../http/app.js';\nexport const x = createApp;\n",
    );
    expect(shell.ok).toBe(false);
    expect(shell.output).toContain('A route plugin imports from http/ only the request helpers');
  });

  it('keeps http/ free of the areas, and of apps/web', () => {
    const area = lint(
      'apps/server/src/http/probe.ts',
      "import { AuthService } from '../auth/auth-service.js';\nexport const x = AuthService;\n",
    );
    expect(area.ok).toBe(false);
    expect(area.output).toContain("http/ is the app's shell and imports no area");
    const entry = lint(
      'apps/server/src/http/probe.ts',
      "import { startServer } from '../main.js';\nexport const x = startServer;\n",
    );
    expect(entry.ok).toBe(false);
    expect(entry.output).toContain("http/ is the app's shell and imports no area");
    const below = lint(
      'apps/server/src/http/probe.ts',
      "import { ApiError } from '../errors/api-error.js';\nimport type { Config } from '../config.js';\n" +
        "import { SUPERUSERS } from '../request-types.js';\n" +
        'export const x: [typeof ApiError, Config | null, string] = [ApiError, null, SUPERUSERS];\n',
    );
    expect(below.ok, below.output).toBe(true);
    const web = lint(
      'apps/server/src/http/probe.ts',
      "import { x } from '@airgrid/web';\nexport const y = x;\n",
    );
    expect(web.ok).toBe(false);
    expect(web.output).toContain('apps/server never imports apps/web');
  });

  it('has no file in http/ (the request helpers included) that imports an area', () => {
    // The rule covers every file in http/ with no exemption; this reads the real files, so an
    // exemption added back to biome.json would not hide an area import in a request helper.
    const http = path.join(root, 'apps/server/src/http');
    const allowed = /^(?:\.\/|\.\.\/errors\/|\.\.\/(?:config|clock|request-types)\.js$)/;
    for (const name of readdirSync(http)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const source = readFileSync(path.join(http, name), 'utf8');
      for (const [, from] of source.matchAll(/from '([^']+)'/g)) {
        if (from.startsWith('.')) expect(from, `http/${name}`).toMatch(allowed);
      }
    }
  });

  it('keeps db/ off the app’s shell', () => {
    const shell = lint(
      'apps/server/src/db/probe.ts',
      "import { createApp } from '../http/app.js';\nexport const x = createApp;\n",
    );
    expect(shell.ok).toBe(false);
    expect(shell.output).toContain('Only main.ts imports http/');
    const below = lint(
      'apps/server/src/demo/probe.ts',
      "import { TEST_PATTERN_PATH } from '../assets.js';\nimport type { Database } from '../db/tables.js';\n" +
        'export const x: [string, Database | null] = [TEST_PATTERN_PATH, null];\n',
    );
    expect(below.ok, below.output).toBe(true);
  });

  it('names server files in kebab-case, with an exact role suffix', () => {
    const source = 'export const x = 1;\n';
    for (const name of ['Guide_Query.ts', 'guideQuery.ts', 'guide.query.ts']) {
      const bad = lint(`apps/server/src/features/guide/${name}`, source);
      expect(bad.ok, name).toBe(false);
      expect(bad.output).toContain('useFilenamingConvention');
    }
    for (const name of [
      'guide-router.ts',
      'guide-repo.ts',
      'guide-services.ts',
      'guide-route.ts',
    ]) {
      const bad = lint(`apps/server/src/features/guide/${name}`, source);
      expect(bad.ok, name).toBe(false);
      expect(bad.output).toContain('-(?:routes|repository|service)');
    }
    for (const name of [
      'guide-query.ts',
      'guide-routes.ts',
      'guide-repository.ts',
      'guide-service.ts',
      'guide-routes.test.ts',
      'guide.integration.test.ts',
    ]) {
      const good = lint(`apps/server/src/features/guide/${name}`, source);
      expect(good.ok, `${name}: ${good.output}`).toBe(true);
    }
  });
});
