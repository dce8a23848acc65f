import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImport, SERVER_LAYERS, serverImports, unitOf } from './server-layers.js';

const serverSource = fileURLToPath(new URL('../apps/server/src', import.meta.url));

describe('the server layer table', () => {
  it('holds for every import of apps/server/src', () => {
    const violations = serverImports(serverSource)
      .map(([from, to]) => checkImport(from, to))
      .filter((violation) => violation !== null)
      .map(({ from, to, message }) => `${from} → ${to}: ${message}`);
    expect(violations).toEqual([]);
  });

  it('leaves no folder of apps/server/src out of the table', () => {
    const units = new Set(serverImports(serverSource).flat());
    for (const file of units) {
      const unit = unitOf(file);
      const listed = SERVER_LAYERS.some((row) =>
        row.some((name) => (name === 'features/*' ? unit.startsWith('features/') : name === unit)),
      );
      expect(listed, unit).toBe(true);
    }
  });

  it('refuses an area importing another, and says where the shared piece goes', () => {
    const violation = checkImport(
      'features/feeds/feed-service.ts',
      'features/guide/guide-routes.ts',
    );
    expect(violation?.message).toContain('Areas never import each other');
    expect(violation?.message).toContain('into the core');
  });

  it('refuses the core importing an area, or the list of areas', () => {
    expect(
      checkImport('records/record-service.ts', 'features/schedule/shows-collection.ts')?.message,
    ).toContain('The core never imports an area');
    expect(checkImport('http/app.ts', 'features/index.ts')?.message).toContain(
      'The core never imports an area',
    );
  });

  it('refuses a lower layer importing a higher one, and two units of one row each other', () => {
    expect(checkImport('records/record-service.ts', 'auth/auth-service.ts')?.message).toContain(
      'records sits below auth',
    );
    expect(checkImport('jobs/job-runner.ts', 'realtime/realtime-hub.ts')?.message).toContain(
      'jobs sits beside realtime',
    );
    expect(checkImport('db/database.ts', 'http/app.ts')?.message).toContain('db sits beside http');
  });

  it('refuses a folder the table does not list', () => {
    expect(checkImport('payments/invoice.ts', 'records/record-service.ts')?.message).toContain(
      'payments is not in the layer table',
    );
  });

  it('lets an area import the core, itself and area.ts, and main.ts import everything', () => {
    for (const [from, to] of [
      ['features/guide/area.ts', 'area.ts'],
      ['features/guide/area.ts', 'features/guide/guide-routes.ts'],
      ['features/guide/guide-routes.ts', 'public-reads/guide-repository.ts'],
      ['features/index.ts', 'features/guide/area.ts'],
      ['main.ts', 'features/index.ts'],
      ['auth/auth-service.ts', 'records/record-service.ts'],
    ])
      expect(checkImport(from, to), `${from} → ${to}`).toBeNull();
  });
});
