#!/usr/bin/env node
// The `airgrid` command. Runs the compiled server; `npm start` (or `npm run build`) compiles it.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'airgrid: the server is not built yet: run `npm run build` (or `npm start`) first.\n',
  );
  process.exit(1);
}
await import(cli.href);
