import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Components hold no SDK calls (docs/architecture.md, "Data"): no .tsx file under apps/web/src
// imports lib/pocketbase or calls `pb.`; reads and writes go through the area's .ts modules
// (queries.ts, or a module of its own such as series-queries.ts), which hold the query keys and
// the SDK calls. The two entry points (the browser's app mount and the server renderer), which
// hand the client its address and auth, are exempt.
const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'apps/web/src');
const ENTRY_POINTS = new Set(['app/start-app.tsx', 'entry-server.tsx']);

/** The lines of a component's source that reach the SDK client, as `line: text`. */
function sdkUses(source: string): string[] {
  return source.split('\n').flatMap((line, index) =>
    // An import (static or dynamic) of lib/pocketbase, or a call on `pb` (not `x.pb` or `webpb`).
    /lib\/pocketbase(?:\.[jt]sx?)?['"]/.test(line) || /(?:^|[^\w$.])pb\s*\.\s*[\w$]/.test(line)
      ? [`${index + 1}: ${line.trim()}`]
      : [],
  );
}

/** Every .tsx file under `dir`, relative to apps/web/src. */
function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return components(full);
    return entry.name.endsWith('.tsx') ? [path.relative(web, full)] : [];
  });
}

describe('web components', () => {
  it('finds an import of the client and a call on it', () => {
    expect(sdkUses("import { pb } from '../../lib/pocketbase';")).toHaveLength(1);
    expect(sdkUses("const { pb } = await import('../lib/pocketbase.ts');")).toHaveLength(1);
    expect(sdkUses("  const list = await pb.collection('shows').getList();")).toHaveLength(1);
    expect(sdkUses('onClick={() => pb.authStore.clear()}')).toHaveLength(1);
    expect(sdkUses("import { ClientResponseError } from 'pocketbase';")).toEqual([]);
    expect(sdkUses('const x = webpb.y + this.pb.z + cpb.collection;')).toEqual([]);
  });

  it('hold no SDK calls: only the entry points reach the client', () => {
    const files = components(web);
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((file) => !ENTRY_POINTS.has(file))
      .flatMap((file) =>
        sdkUses(readFileSync(path.join(web, file), 'utf8')).map((use) => `${file}:${use}`),
      );
    expect(found, 'move the call into the area’s queries.ts and useQuery it').toEqual([]);
    for (const entry of ENTRY_POINTS) {
      expect(sdkUses(readFileSync(path.join(web, entry), 'utf8')).length, entry).toBeGreaterThan(0);
    }
  });
});
