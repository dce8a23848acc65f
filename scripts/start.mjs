// `npm start`: build whatever is missing or out of date, then run `airgrid serve --demo`
// (migrates, seeds the demo organization on first run, serves http://localhost:8090).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// In dependency order: the server's compiler reads the packages' declarations.
const workspaces = [
  {
    name: '@airgrid/domain',
    dir: 'packages/domain',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
  },
  {
    name: '@airgrid/schema',
    dir: 'packages/schema',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
  },
  {
    name: '@airgrid/server',
    dir: 'apps/server',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
  },
  {
    name: '@airgrid/web',
    dir: 'apps/web',
    inputs: [
      'src',
      'public',
      'index.html',
      'package.json',
      'vite.config.ts',
      '../../packages/domain/src',
      '../../packages/schema/src',
    ],
    // The browser's build, and the server entry that renders the public pages.
    outputs: ['dist', 'dist-ssr'],
  },
];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

let rebuilt = false;
for (const workspace of workspaces) {
  const dir = path.join(root, workspace.dir);
  // The oldest of the outputs: a missing one (0) means the workspace is built again.
  const built = Math.min(
    ...(workspace.outputs ?? ['dist']).map((out) => newest(path.join(dir, out))),
  );
  const source = Math.max(...workspace.inputs.map((input) => newest(path.join(dir, input))));
  if (built === 0 || source > built || rebuilt) {
    process.stderr.write(`Building ${workspace.name}...\n`);
    execFileSync('npm', ['run', 'build', '--silent', '-w', workspace.name], {
      cwd: root,
      stdio: 'inherit',
    });
    rebuilt = true;
  }
}

process.argv = [process.argv[0], 'airgrid', 'serve', '--demo'];
await import(new URL('../apps/server/dist/cli.js', import.meta.url).href);
