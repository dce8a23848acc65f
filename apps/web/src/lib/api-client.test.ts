import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type PocketBase from 'pocketbase';
import { describe, expect, it, vi } from 'vitest';
import { callEndpoint, endpointPath } from './api-client';

// The web app calls /api/v1 through the typed client only (decision 0038): no `.send(` with an
// /api/v1 path is left in apps/web/src (REMAINING named the calls not converted yet, by file and
// count, and is empty now: keep it so). Bytes the app saves or shows (a caption track, the label
// sheet) are read with fetch, as blobs; a player's <track src> names its address.
const web = fileURLToPath(new URL('..', import.meta.url));

const REMAINING: Record<string, number> = {};

/** `.send(` or `.send<T>(` whose first argument is a literal starting with /api/v1. */
const UNTYPED_CALL = /\.send\s*(?:<[^()]*?>)?\s*\(\s*[`'"]\/api\/v1/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the typed API client', () => {
  it('finds an untyped call, one line or several', () => {
    expect("pb.send<X>('/api/v1/guide', {})".match(UNTYPED_CALL)).toHaveLength(1);
    expect('pb.send<{ a: B[] }>(\n  `/api/v1/captions/x.json`,'.match(UNTYPED_CALL)).toHaveLength(
      1,
    );
    expect("batch.send(); pb.send('/api/health')".match(UNTYPED_CALL)).toBeNull();
  });

  it('is the only way the app calls /api/v1', () => {
    const found: Record<string, number> = {};
    for (const file of sources(web)) {
      const count = readFileSync(file, 'utf8').match(UNTYPED_CALL)?.length ?? 0;
      if (count > 0) found[path.relative(web, file)] = count;
    }
    expect(found).toEqual(REMAINING);
  });

  it('builds the path from the key and its params, and sends the query and body', async () => {
    expect(endpointPath('/api/v1/webhooks/:id/test', { id: 'a b/c' })).toBe(
      '/api/v1/webhooks/a%20b%2Fc/test',
    );
    expect(() => endpointPath('/api/v1/webhooks/:id', {})).toThrow('needs its id');
    const send = vi.fn(async () => ({ created: [], skipped: 0 }));
    const client = { send } as unknown as Pick<PocketBase, 'send'>;
    const answer = await callEndpoint(client, 'POST /api/v1/schedule/recurrences/:id/expand', {
      params: { id: 'abc' },
      body: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
    });
    expect(answer).toEqual({ created: [], skipped: 0 });
    expect(send).toHaveBeenCalledWith('/api/v1/schedule/recurrences/abc/expand', {
      method: 'POST',
      body: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
    });
  });
});
