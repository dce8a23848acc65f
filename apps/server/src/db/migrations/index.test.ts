import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrations } from './index.js';

const MIGRATION_FILE = /^\d{12}-[a-z]+(-[a-z]+)*\.ts$/;

describe('the migration list', () => {
  const folder = fileURLToPath(new URL('.', import.meta.url));
  const files = readdirSync(folder).filter((file) => !file.startsWith('index.'));

  it('names every file YYYYMMDDHHMM-verb-noun.ts', () => {
    for (const file of files) expect(file).toMatch(MIGRATION_FILE);
  });

  it('lists every migration file, in order', () => {
    const names = files.map((file) => file.replace(/\.ts$/, '')).sort();
    expect(Object.keys(migrations)).toEqual(names);
  });
});
