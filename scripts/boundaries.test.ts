import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import boundaries of docs/architecture.md are Biome rules (biome.json, overrides);
// these cases prove each rule fires where it should and stays quiet where it should not.
const root = fileURLToPath(new URL('..', import.meta.url));
const biome = `${root}node_modules/.bin/biome`;

/** Lints a throw-away file at `file` (a path in the repo, so the folder's rules apply). */
function lint(file: string, source: string): { ok: boolean; output: string } {
  const probe = path.join(root, file.replace(/\.ts$/, `-boundary-probe-${process.pid}.ts`));
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

describe('import boundaries', () => {
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

  it('keeps SQL out of HTTP handlers', () => {
    const handler = lint(
      'apps/server/src/http/probe.ts',
      "import { sql } from 'kysely';\nexport const x = sql;\n",
    );
    expect(handler.ok).toBe(false);
    expect(handler.output).toContain(
      'only db/, records/ and *-repository.ts modules touch the database',
    );
    const repository = lint(
      'apps/server/src/db/probe.ts',
      "import { sql } from 'kysely';\nexport const x = sql;\n",
    );
    expect(repository.ok, repository.output).toBe(true);
  });
});
