import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { DatabaseConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import {
  cleanUp,
  createPostgresDatabase,
  type Dialect,
  exitOnSignals,
  formatNumber,
  load,
  machine,
  markdownTable,
  onCleanUp,
  parseDialects,
  parseWholeNumber,
  printTable,
} from '../common.js';
import type { FromWorker, NodeResult, ToWorker, WorkerSetup } from './load-worker.js';

// Realtime create-to-delivery latency and server memory per SSE connection (API-CONTRACT §6),
// against the issue's targets: 10,000 clients on one node with p99 under 250 ms, and under
// 500 ms across two nodes. The servers run as separate processes (the real CLI), so their
// memory is theirs alone; the clients are raw `http` streams spread over worker threads of this
// process; the creates go through the records API from this process's main thread.
//
//   npx tsx --conditions=airgrid-source bench/realtime/run.ts [--db sqlite|postgres|both]
//     [--mode delivery|writes] [--nodes 1|2|all] [--clients 10000] [--rate 5] [--duration 20] [--write-rate 1000]
//     [--workers 2] [--load-niceness=-10] [--server-workers 1] [--cpu-prof] [--heap-snapshot]
//
// --workers is the load generator's threads; --server-workers the server's WORKERS per node.
// --mode writes measures delivery while the API is busy writing: beside the measured channel
// creates, the owner creates --write-rate shows/s (bench/api's create), on one node only, with
// 1,000 clients unless --clients says otherwise, against a p99 target of 500 ms.

interface Mode {
  /** Also the results file's suffix. */
  name: string;
  dialect: Dialect;
  nodes: 1 | 2;
  /** The issue's p99 target, in ms. */
  targetP99: number;
}

const MODES: Record<Dialect, Mode[]> = {
  sqlite: [{ name: 'sqlite', dialect: 'sqlite', nodes: 1, targetP99: 250 }],
  postgres: [
    { name: 'postgres', dialect: 'postgres', nodes: 1, targetP99: 250 },
    { name: 'postgres-2-nodes', dialect: 'postgres', nodes: 2, targetP99: 500 },
  ],
};

interface Options {
  modes: Mode[];
  clients: number;
  rate: number;
  durationSec: number;
  /** Background show creates per second while measuring (`--mode writes`); 0 for none. */
  writeRate: number;
  workers: number;
  /** Server processes per node (the server's WORKERS). */
  serverWorkers: number;
  /** The nice value the load-generator threads ask for. */
  loadNiceness: number;
  /** Writes a CPU profile of each server process (for finding what dominates). */
  cpuProf: boolean;
  /** Writes a heap snapshot of each server once every client is subscribed. */
  heapSnapshot: boolean;
}

const TOPIC = 'channels/*';
/** Members holding the connections: each holds clients / MEMBER_USERS of them. */
const MEMBER_USERS = 10;
/** Streams opened at once, over all workers. */
const CONNECT_BATCH = 500;
/** Subscription POSTs in flight at once, over all workers. */
const POST_CONCURRENCY = 64;
/** Creates before measuring, so the first measured events do not pay for JIT warm-up. */
const WARM_UP_SECONDS = 2;
/** How long to wait, after the last create answered, for deliveries still on their way. */
const DRAIN_MS = 30_000;
/** Long: under a backlog a create may answer late, and a late answer is still a success. */
const CREATE_TIMEOUT_MS = 60_000;
/** How often each server is asked GET /api/health while measuring: its responsiveness. */
const PROBE_INTERVAL_MS = 200;
const SERVER_START_MS = 60_000;
const SERVER_STOP_MS = 10_000;
const PASSWORD = 'correct-horse-battery';
const NODE_NAMES = ['A', 'B'];
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ROOT = path.resolve(BENCH_DIR, '../../apps/server');
const GUARD = new URL('./exit-with-parent.ts', import.meta.url).href;
const WORKER = new URL('./load-worker.ts', import.meta.url).href;
/** Node 20 does not apply tsx's --import hook to a worker's entry point: register it by hand. */
const WORKER_BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER)}); });`;

/** `--mode writes`: fewer clients, so the deliveries leave the machine room for the writes. */
const WRITES_MODE_CLIENTS = '1000';

/** The same mode measured while the API writes: its own results file and the issue's 500 ms. */
function underWrites(mode: Mode): Mode {
  return { ...mode, name: `${mode.name}-writes`, targetP99: 500 };
}

// ---------------------------------------------------------------------------------------------
// Command line

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      mode: { type: 'string', default: 'delivery' },
      nodes: { type: 'string', default: 'all' },
      clients: { type: 'string' },
      'write-rate': { type: 'string', default: '1000' },
      rate: { type: 'string', default: '5' },
      duration: { type: 'string', default: '20' },
      workers: { type: 'string', default: '2' },
      'server-workers': { type: 'string', default: '1' },
      'load-niceness': { type: 'string', default: '-10' },
      'cpu-prof': { type: 'boolean', default: false },
      'heap-snapshot': { type: 'boolean', default: false },
    },
  });
  if (values.mode !== 'delivery' && values.mode !== 'writes')
    throw new Error(`--mode must be delivery or writes, not ${values.mode}`);
  const writes = values.mode === 'writes';
  const clients = parseWholeNumber(
    'clients',
    values.clients ?? (writes ? WRITES_MODE_CLIENTS : '10000'),
    1,
    15_000,
  );
  // Every client is an open socket in this process: leave room for the rest.
  const limit = openFileLimit();
  if (clients + 500 > limit) {
    throw new Error(
      `--clients ${clients} needs ${clients + 500} open files, but ulimit -n is ${limit}.`,
    );
  }
  if (!['1', '2', 'all'].includes(values.nodes))
    throw new Error(`--nodes must be 1, 2 or all, not ${values.nodes}`);
  const modes = parseDialects(values.db)
    .flatMap((dialect) => MODES[dialect])
    .filter((m) => values.nodes === 'all' || m.nodes === Number(values.nodes));
  return {
    modes: writes ? modes.filter((m) => m.nodes === 1).map(underWrites) : modes,
    clients,
    rate: parseWholeNumber('rate', values.rate, 1, 100),
    durationSec: parseWholeNumber('duration', values.duration, 1, 300),
    writeRate: writes ? parseWholeNumber('write-rate', values['write-rate'], 1, 5000) : 0,
    workers: parseWholeNumber('workers', values.workers, 1, 16),
    serverWorkers: parseWholeNumber('server-workers', values['server-workers'], 1, 16),
    loadNiceness: parseWholeNumber('load-niceness', values['load-niceness'], -20, 19),
    cpuProf: values['cpu-prof'] === true,
    heapSnapshot: values['heap-snapshot'] === true,
  };
}

/** The commit measured, and any uncommitted change to the server's code on top of it. */
function serverVersion(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: SERVER_ROOT, encoding: 'utf8' });
    const commit = git('rev-parse', '--short', 'HEAD').trim();
    // Porcelain lines are `XY path`, paths from the repository root.
    const changed = git('status', '--porcelain', '--', '.', '../../packages')
      .split('\n')
      .filter((line) => line.length > 3)
      .map((line) => line.slice(3));
    if (changed.length === 0) return `commit ${commit}`;
    // A hash of the diff tells two runs on different uncommitted states apart.
    const diff = createHash('sha256')
      .update(git('diff', 'HEAD', '--', '.', '../../packages'))
      .digest('hex')
      .slice(0, 8);
    return `commit ${commit} plus uncommitted changes (diff ${diff}) to ${changed.join(', ')}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function openFileLimit(): number {
  try {
    const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
    return Number.isFinite(limit) ? limit : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

// ---------------------------------------------------------------------------------------------
// Server processes

interface ServerNode {
  name: string;
  url: string;
  pid: number;
  dataDir: string;
  /** What the server printed besides its banner (warnings and errors: LOG_LEVEL=warn). */
  log: string[];
  logLines: number;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGTERM (the server drains and exits), then SIGKILL if it does not within 10 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, SERVER_STOP_MS)) return;
  child.kill('SIGKILL');
  await waitForExit(child, SERVER_STOP_MS);
}

/** Calls `handle` with each complete line the stream prints. */
function eachLine(stream: NodeJS.ReadableStream, handle: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) handle(line);
  });
}

/**
 * Starts `airgrid serve` as its own process on a free loopback port, with a temp DATA_DIR, and
 * resolves with its address once it prints "Airgrid is running at …".
 */
async function startNode(
  name: string,
  databaseUrl: string | undefined,
  options: Options,
  profileDir: string | undefined,
): Promise<ServerNode> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-realtime-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    // The server's capacity is measured, not the per-address guest limit.
    GUEST_RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    // No index.html here: the web app answers 503, which nothing here asks for.
    WEB_DIST: dataDir,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  env.WORKERS = String(options.serverWorkers);
  const diagnostics = profileDir ? path.join(profileDir, `server-${name}`) : '';
  if (diagnostics) mkdirSync(diagnostics, { recursive: true });
  const profile = [
    ...(options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${diagnostics}`] : []),
    ...(options.heapSnapshot
      ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${diagnostics}`]
      : []),
  ];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      '--import',
      'tsx',
      '--import',
      GUARD,
      '--conditions=airgrid-source',
      'src/cli.ts',
      'serve',
    ],
    { cwd: SERVER_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  onCleanUp(() => stopProcess(child));
  const node: ServerNode = { name, url: '', pid: child.pid ?? 0, dataDir, log: [], logLines: 0 };
  const keep = (line: string) => {
    if (line.trim() === '' || /^(Airgrid is running at|Database:|Workers:)/.test(line)) return;
    // Expected here: WEB_DIST points at an empty dir on purpose.
    if (line.includes('the web app is not built')) return;
    node.logLines += 1;
    if (node.log.length < 20) node.log.push(line.slice(0, 500));
  };
  // Both pipes are read for the server's whole life: a full pipe would block its writes.
  if (child.stderr) eachLine(child.stderr, keep);
  node.url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server ${name} did not start within 60 s: ${node.log.join('\n')}`)),
      SERVER_START_MS,
    );
    if (child.stdout) {
      eachLine(child.stdout, (line) => {
        const match = /^Airgrid is running at (http:\/\/\S+)/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
        keep(line);
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server ${name} exited early (${code ?? signal}): ${node.log.join('\n')}`));
    });
  });
  return node;
}

/**
 * Asks each server for a heap snapshot (SIGUSR2, see --heapsnapshot-signal) and waits until it
 * answers again: writing the snapshot blocks its event loop.
 */
async function takeHeapSnapshots(nodes: ServerNode[]): Promise<void> {
  process.stdout.write('  writing heap snapshots… ');
  for (const node of nodes) {
    process.kill(node.pid, 'SIGUSR2');
    await sleep(500);
    await health(node);
  }
  console.log('done');
}

/**
 * The node's processes: the server, or with WORKERS the primary and its workers (tsx's esbuild
 * service, also a child, is left out).
 */
function nodePids(node: ServerNode): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return (
          parent === node.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('cli.ts')
        );
      } catch {
        return false;
      }
    })
    .map(Number);
  return [node.pid, ...children];
}

/** The node's resident memory in KiB, over all its processes, from /proc (Linux). */
function rssKiB(node: ServerNode): number {
  return nodePids(node).reduce((sum, pid) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return sum + Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  }, 0);
}

/** CPU time the node's processes used so far, in seconds (utime + stime at 100 ticks/s). */
function cpuSeconds(node: ServerNode): number {
  return nodePids(node).reduce((sum, pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}

// ---------------------------------------------------------------------------------------------
// Seeding

interface Fixture {
  organizationId: string;
  ownerToken: string;
  memberTokens: string[];
}

/** A JSON call to the API that must succeed; returns the parsed body. */
async function call(
  node: ServerNode,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const response = await fetch(`${node.url}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(CREATE_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function signUpAndIn(node: ServerNode, email: string, name: string): Promise<string> {
  await call(node, 'POST', '/api/collections/users/records', {
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    name,
  });
  const signIn = await call(node, 'POST', '/api/collections/users/auth-with-password', {
    identity: email,
    password: PASSWORD,
  });
  return String(signIn.token);
}

/** Refreshes a token after a membership change, as the SDK does; returns the new token. */
async function refresh(node: ServerNode, token: string): Promise<string> {
  const refreshed = await call(node, 'POST', '/api/collections/users/auth-refresh', {}, token);
  return String(refreshed.token);
}

/**
 * An owner creates an organization and invites the member users as viewers; each accepts. The
 * invite token is never returned by the API (it goes to the invitee by other means), so it is
 * read from the database, as the invites integration test does.
 */
async function seed(node: ServerNode, database: DatabaseConfig, users: number): Promise<Fixture> {
  const tag = Date.now().toString(36);
  const ownerEmail = `bench-owner-${tag}@example.org`;
  const firstToken = await signUpAndIn(node, ownerEmail, 'Bench Owner');
  const organization = await call(
    node,
    'POST',
    '/api/collections/organizations/records',
    { name: 'Bench Realtime TV', slug: `bench-rt-${tag}`, timeZone: 'UTC' },
    firstToken,
  );
  const organizationId = String(organization.id);
  const ownerToken = await refresh(node, firstToken);
  const emails = Array.from({ length: users }, (_, i) => `bench-member-${i}-${tag}@example.org`);
  const signedIn = await Promise.all(
    emails.map((email, i) => signUpAndIn(node, email, `Bench Viewer ${i}`)),
  );
  for (const email of emails) {
    await call(
      node,
      'POST',
      '/api/collections/invites/records',
      { organization: organizationId, email, role: 'viewer' },
      ownerToken,
    );
  }
  const handle = openDatabase(database);
  let invites: { email: string; token: string }[];
  try {
    invites = await handle.db
      .selectFrom('invites')
      .select(['email', 'token'])
      .where('organization', '=', organizationId)
      .execute();
  } finally {
    await handle.close();
  }
  const memberTokens = await Promise.all(
    emails.map(async (email, i) => {
      const invite = invites.find((row) => row.email === email);
      if (!invite) throw new Error(`no invite found for ${email}`);
      const token = signedIn[i] ?? '';
      await call(node, 'POST', '/api/v1/invites/accept', { token: invite.token }, token);
      return refresh(node, token);
    }),
  );
  return { organizationId, ownerToken, memberTokens };
}

// ---------------------------------------------------------------------------------------------
// Load-generator workers

/** How long a worker thread may take to load (tsx compiles it first). */
const WORKER_LOAD_MS = 30_000;

class LoadWorker {
  readonly #worker: Worker;
  /** The pending ask() calls, by the reply type they wait for. */
  readonly #waiting = new Map<
    string,
    { resolve: (message: FromWorker) => void; reject: (error: Error) => void }
  >();
  #failure: Error | undefined;
  /** Resolves with the worker thread's nice value once it is ready for messages. */
  readonly loaded: Promise<number>;

  constructor(setup: WorkerSetup) {
    this.#worker = new Worker(WORKER_BOOT, { eval: true, workerData: setup });
    onCleanUp(() => this.#worker.terminate());
    this.loaded = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('a load worker did not start within 30 s')),
        WORKER_LOAD_MS,
      );
      this.#waiting.set('loaded', {
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message.type === 'loaded' ? message.niceness : 0);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
    this.#worker.on('message', (message: FromWorker) => {
      const waiter = this.#waiting.get(message.type);
      this.#waiting.delete(message.type);
      waiter?.resolve(message);
    });
    // A worker that fails or exits fails whatever waits on it at once, not at its deadline.
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const waiter of this.#waiting.values()) waiter.reject(this.#failure);
      this.#waiting.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`a load worker exited (${code})`)));
  }

  /** Sends a message and resolves with the worker's reply of the given type. */
  ask<T extends FromWorker['type']>(
    message: ToWorker,
    reply: T,
    timeoutMs: number,
  ): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve, reject) => {
      if (this.#failure) {
        reject(this.#failure);
        return;
      }
      const timer = setTimeout(() => {
        this.#waiting.delete(reply);
        reject(new Error(`a load worker did not answer "${message.type}" in time`));
      }, timeoutMs);
      this.#waiting.set(reply, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer as Extract<FromWorker, { type: T }>);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#worker.postMessage(message);
    });
  }

  terminate(): Promise<number> {
    return this.#worker.terminate();
  }
}

// ---------------------------------------------------------------------------------------------
// Creates

interface CreateOutcome {
  seq: number;
  sentAt: number;
  /** Time to the HTTP answer, ms; NaN when it failed. */
  ms: number;
  error?: string;
}

// Open loop means a slow server must not make creates queue here for a socket: plenty of them.
const createAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/**
 * The background writers' connections, as bench/api's 50: writes the server cannot take yet wait
 * here, not in the server, and a measured create (on its own agent) never queues behind them.
 */
const WRITE_CONNECTIONS = 50;
const writeAgent = new http.Agent({ keepAlive: true, maxSockets: WRITE_CONNECTIONS });
// The probes have their own sockets, so they never wait behind creates.
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One channel create as the owner; its description carries the seq and the send time. */
function createChannel(
  node: ServerNode,
  fixture: Fixture,
  seq: number,
  description: (sentAt: number) => string,
  slug: string,
): Promise<CreateOutcome> {
  const sentAt = Date.now();
  return createRecord(node, 'channels', fixture.ownerToken, createAgent, seq, sentAt, {
    organization: fixture.organizationId,
    name: `Realtime ${slug}`,
    slug,
    timeZone: 'UTC',
    description: description(sentAt),
  });
}

/** One show create as the owner: the background write of `--mode writes` (no client subscribes to shows). */
function createShow(node: ServerNode, fixture: Fixture, seq: number): Promise<CreateOutcome> {
  return createRecord(node, 'shows', fixture.ownerToken, writeAgent, seq, Date.now(), {
    organization: fixture.organizationId,
    title: `Background show ${seq}`,
    description: 'Written while realtime deliveries are measured.',
    category: 'community',
    durationSec: 1800,
  });
}

/** POSTs a record and reports how long the answer took (or why it failed). */
function createRecord(
  node: ServerNode,
  collection: string,
  token: string,
  agent: http.Agent,
  seq: number,
  sentAt: number,
  values: Record<string, unknown>,
): Promise<CreateOutcome> {
  const body = JSON.stringify(values);
  return new Promise((resolve) => {
    const done = (error?: string) =>
      resolve({ seq, sentAt, ms: error ? Number.NaN : Date.now() - sentAt, error });
    const request = http.request(new URL(`/api/collections/${collection}/records`, node.url), {
      method: 'POST',
      agent,
      timeout: CREATE_TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: token,
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        done(
          response.statusCode === 200
            ? undefined
            : `create answered ${response.statusCode}: ${text.slice(0, 200)}`,
        ),
      );
    });
    request.on('timeout', () => request.destroy(new Error('create timed out')));
    request.on('error', (error) => done(`create failed: ${error.message}`));
    request.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Open loop: create number i is sent at start + i / rate whatever the earlier ones are doing,
 * so a slow server meets the same arrival rate instead of slowing the benchmark down.
 */
async function createAtRate(
  count: number,
  rate: number,
  send: (i: number) => Promise<CreateOutcome>,
  start = Date.now(),
): Promise<CreateOutcome[]> {
  const pending: Promise<CreateOutcome>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - Date.now();
    if (wait > 0) await sleep(wait);
    pending.push(send(i));
  }
  return Promise.all(pending);
}

/** How often the background writer sends the writes that fell due since its last turn. */
const WRITE_TICK_MS = 10;

/** What the background writer did, for writeFiguresOf. */
interface BackgroundWrites {
  outcomes: CreateOutcome[];
  /** Writes that fell due while every connection was busy, and so were never sent. */
  skipped: number;
  seconds: number;
}

/**
 * The background writes of `--mode writes`, at `rate` per second until stopped (a batch every
 * WRITE_TICK_MS, as timers cannot fire every millisecond), over at most WRITE_CONNECTIONS
 * requests in flight. A write that falls due while all of them are busy is skipped, not
 * queued: a server that cannot keep up shows as a lower rate achieved, not as a queue in the
 * benchmark that outlives the run.
 */
function writeInBackground(
  rate: number,
  send: (seq: number) => Promise<CreateOutcome>,
): () => Promise<BackgroundWrites> {
  const pending: Promise<CreateOutcome>[] = [];
  const start = Date.now();
  let due = 0;
  let skipped = 0;
  let inFlight = 0;
  const timer = setInterval(() => {
    const nowDue = Math.floor(((Date.now() - start) * rate) / 1000);
    for (; due < nowDue; due++) {
      if (inFlight >= WRITE_CONNECTIONS) {
        skipped++;
        continue;
      }
      inFlight++;
      pending.push(
        send(due).finally(() => {
          inFlight--;
        }),
      );
    }
  }, WRITE_TICK_MS);
  return async () => {
    clearInterval(timer);
    const seconds = (Date.now() - start) / 1000;
    return { outcomes: await Promise.all(pending), skipped, seconds };
  };
}

/** What the background writes achieved: the API's side of `--mode writes`. */
interface WriteFigures {
  asked: number;
  /** Writes answered 200 per second of writing. */
  achieved: number;
  /** Writes not sent because every connection was busy, or that failed. */
  skipped: number;
  failed: number;
  errors: [string, number][];
  /** Answer times of the successful writes (sorted). */
  ms: Float64Array;
}

function writeFiguresOf(
  rate: number,
  { outcomes, skipped, seconds }: BackgroundWrites,
): WriteFigures {
  const ok = outcomes.filter((o) => !o.error);
  const errors = new Map<string, number>();
  for (const o of outcomes) if (o.error) errors.set(o.error, (errors.get(o.error) ?? 0) + 1);
  return {
    asked: rate,
    achieved: ok.length / seconds,
    skipped,
    failed: outcomes.length - ok.length,
    errors: [...errors].slice(0, 5),
    ms: sortedCopy(ok.map((o) => o.ms)),
  };
}

/**
 * Runs `once` every PROBE_INTERVAL_MS, one at a time, and records how long each took (failures
 * are left out). Returns the function that stops it and hands over the samples.
 */
function probe(once: () => Promise<void>): () => Promise<number[]> {
  const samples: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      try {
        await once();
        samples.push(Date.now() - started);
      } catch {}
      await sleep(PROBE_INTERVAL_MS);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return samples;
  };
}

/** GET /api/health: a blocked event loop shows here as it does for any request. */
function health(node: ServerNode): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL('/api/health', node.url), {
      agent: probeAgent,
      timeout: CREATE_TIMEOUT_MS,
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', resolve);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

/**
 * `select 1` on the benchmark's PostgreSQL database from a connection of its own: the servers'
 * realtime path waits on PostgreSQL several times per event, so a slow PostgreSQL (starved of
 * CPU, or busy with other databases' work) shows here.
 */
async function probePostgres(url: string): Promise<() => Promise<number[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const stop = probe(async () => {
    await client.query('select 1');
  });
  return async () => {
    const samples = await stop();
    await client.end();
    return samples;
  };
}

// ---------------------------------------------------------------------------------------------
// Statistics

function sortedCopy(values: Float64Array | number[]): Float64Array {
  return Float64Array.from(values).sort();
}

/** Nearest-rank percentile of sorted values (NaN for none). */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

function concat(parts: Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

function ms(value: number): string {
  return Number.isNaN(value) ? '–' : formatNumber(value, value < 100 ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// One run

interface NodeFigures {
  node: ServerNode;
  clients: number;
  received: number;
  expected: number;
  latency: Float64Array;
  /** Per event: create sent → first client on this node received it (sorted). */
  firstDelivery: Float64Array;
  /** The event whose last client got it latest: what decides the p99 when events are few. */
  worst: { seq: number; createMs: number; first: number; last: number } | undefined;
  /** The same for the first and the last event: a growing figure means a growing backlog. */
  firstDeliveryOfFirstEvent: number;
  firstDeliveryOfLastEvent: number;
  /** Per event: first → last client on this node. */
  spread: Float64Array;
  rssIdle: number;
  rssConnected: number;
  rssEnd: number;
  cpuPercent: number;
  /** GET /api/health answer times while measuring (sorted). */
  health: Float64Array;
}

interface Report {
  mode: Mode;
  /** Which server code was measured. */
  version: string;
  options: Options;
  loadAtStart: string;
  figures: NodeFigures[];
  creates: CreateOutcome[];
  createMs: Float64Array;
  connectMs: number;
  subscribeMs: number;
  loadGenCpuPercent: number;
  loopDelay: { p99: number; max: number };
  loadNiceness: number;
  postgresMs: Float64Array;
  writes: WriteFigures | undefined;
  errors: Map<string, number>;
  profileDir: string | undefined;
}

function addErrors(into: Map<string, number>, from: [string, number][]): void {
  for (const [message, count] of from) into.set(message, (into.get(message) ?? 0) + count);
}

/** Starts the server process(es): A first, as it runs the migrations both then share. */
async function startNodes(
  mode: Mode,
  options: Options,
  profileDir: string | undefined,
): Promise<{ nodes: ServerNode[]; database: DatabaseConfig }> {
  const databaseUrl = mode.dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const nodes: ServerNode[] = [];
  for (let i = 0; i < mode.nodes; i++) {
    nodes.push(await startNode(NODE_NAMES[i] ?? String(i), databaseUrl, options, profileDir));
  }
  const dataDir = nodes[0]?.dataDir ?? '';
  const database: DatabaseConfig = databaseUrl
    ? { dialect: 'postgres', url: databaseUrl }
    : { dialect: 'sqlite', file: path.join(dataDir, 'airgrid.db') };
  console.log(`  server${nodes.length > 1 ? 's' : ''}: ${nodes.map((n) => n.url).join(', ')}`);
  return { nodes, database };
}

interface Plan {
  /** Measured creates; their seq runs 0 … events − 1. */
  events: number;
  marker: string;
  warmUpMarker: string;
}

interface Connected {
  workers: LoadWorker[];
  /** The load-generator threads' nice value as they got it. */
  niceness: number;
  subscribed: number;
  connectMs: number;
  subscribeMs: number;
}

/**
 * Spreads the clients over the worker threads (client i belongs to member user i % users and,
 * with two nodes, the first half connects to A and the second half to B), then opens and
 * subscribes them all.
 */
async function connectClients(
  mode: Mode,
  options: Options,
  nodes: ServerNode[],
  fixture: Fixture,
  plan: Plan,
  errors: Map<string, number>,
): Promise<Connected> {
  const users = fixture.memberTokens.length;
  const clientNodes = Array.from({ length: options.clients }, (_, i) =>
    mode.nodes === 2 && i >= options.clients / 2 ? 1 : 0,
  );
  const workerCount = Math.min(options.workers, options.clients);
  const workers: LoadWorker[] = [];
  for (let w = 0; w < workerCount; w++) {
    const mine = clientNodes.map((_, i) => i).filter((i) => i % workerCount === w);
    workers.push(
      new LoadWorker({
        nodes: nodes.map((node) => node.url),
        tokens: fixture.memberTokens,
        clientNodes: mine.map((i) => clientNodes[i] ?? 0),
        clientUsers: mine.map((i) => i % users),
        topic: TOPIC,
        ...plan,
        connectBatch: Math.max(1, Math.ceil(CONNECT_BATCH / workerCount)),
        postConcurrency: Math.max(1, Math.ceil(POST_CONCURRENCY / workerCount)),
        niceness: options.loadNiceness,
      }),
    );
  }
  const niceness = Math.max(...(await Promise.all(workers.map((worker) => worker.loaded))));
  process.stdout.write(
    `  connecting ${formatNumber(options.clients)} clients with ${workerCount} worker thread(s)… `,
  );
  const readyTimeout = 60_000 + options.clients * 20;
  const ready = await Promise.all(
    workers.map((worker) => worker.ask({ type: 'connect' }, 'ready', readyTimeout)),
  );
  for (const r of ready) addErrors(errors, r.errors);
  const subscribed = ready.reduce((sum, r) => sum + r.subscribed, 0);
  const connectMs = Math.max(...ready.map((r) => r.connectMs));
  const subscribeMs = Math.max(...ready.map((r) => r.subscribeMs));
  console.log(
    `${formatNumber(subscribed)} subscribed (connect ${ms(connectMs / 1000)} s, subscribe ${ms(subscribeMs / 1000)} s)`,
  );
  if (subscribed === 0) throw new Error(`no client subscribed: ${[...errors.keys()].join('; ')}`);
  return { workers, niceness, subscribed, connectMs, subscribeMs };
}

interface Measured {
  creates: CreateOutcome[];
  results: Extract<FromWorker, { type: 'result' }>[];
  wallSec: number;
  /** Server CPU seconds per node over the measured window. */
  serverCpu: number[];
  loadGenCpuSec: number;
  rssEnd: number[];
  health: number[][];
  /** `select 1` round trips while measuring (sorted; empty on SQLite). */
  postgresMs: Float64Array;
  /** The background writes (`--mode writes`). */
  writes?: WriteFigures;
}

/**
 * Warm-up creates, then the measured ones at the given rate, then waits (up to DRAIN_MS) for
 * the deliveries still on their way, and collects what every worker recorded.
 */
async function measure(
  options: Options,
  nodes: ServerNode[],
  fixture: Fixture,
  plan: Plan,
  { workers, subscribed }: Connected,
  database: DatabaseConfig,
  errors: Map<string, number>,
): Promise<Measured> {
  const [nodeA] = nodes;
  if (!nodeA) throw new Error('no server node');
  const description = (prefix: string, seq: number) => (sentAt: number) =>
    `${prefix}${seq}:${sentAt}`;
  // The background writes start with the warm-up, so the measured events meet a steady load.
  const stopWrites =
    options.writeRate > 0
      ? writeInBackground(options.writeRate, (i) => createShow(nodeA, fixture, i))
      : undefined;
  process.stdout.write(`  warming up ${WARM_UP_SECONDS} s, `);
  const warmUpStarted = Date.now();
  const warm = await createAtRate(WARM_UP_SECONDS * options.rate, options.rate, (i) =>
    createChannel(nodeA, fixture, i, description(plan.warmUpMarker, i), `rt-w${i}`),
  );
  for (const c of warm) if (c.error) addErrors(errors, [[`warm-up ${c.error}`, 1]]);

  process.stdout.write(`measuring ${options.durationSec} s at ${options.rate} creates/s… `);
  const cpuBefore = nodes.map(cpuSeconds);
  const loadGenBefore = process.cpuUsage();
  const probes = nodes.map((node) => probe(() => health(node)));
  const stopPostgres =
    database.dialect === 'postgres' ? await probePostgres(database.url) : undefined;
  // The first measured create comes one interval after the last warm-up one, as if the warm-up
  // went on: sent as soon as the warm-up's creates answered, it would land on the fan-out of the
  // one before it at twice the rate, and every run's slowest event was that one.
  const started = warmUpStarted + WARM_UP_SECONDS * 1000;
  const creates = await createAtRate(
    plan.events,
    options.rate,
    (i) => createChannel(nodeA, fixture, i, description(plan.marker, i), `rt-${i}`),
    started,
  );
  for (const c of creates) if (c.error) addErrors(errors, [[c.error, 1]]);
  const writes = stopWrites && writeFiguresOf(options.writeRate, await stopWrites());
  const expected = subscribed * creates.filter((c) => !c.error).length;
  const drainUntil = Date.now() + DRAIN_MS;
  let received = 0;
  while (Date.now() < drainUntil) {
    const counts = await Promise.all(
      workers.map((worker) => worker.ask({ type: 'count' }, 'count', 10_000)),
    );
    received = counts.reduce((sum, c) => sum + c.received, 0);
    if (received >= expected) break;
    await sleep(250);
  }
  const wallSec = (Date.now() - started) / 1000;
  const cpuAfter = nodes.map(cpuSeconds);
  const loadGenCpu = process.cpuUsage(loadGenBefore);
  const rssEnd = nodes.map(rssKiB);
  const healthMs = await Promise.all(probes.map((stop) => stop()));
  const postgresMs = (await stopPostgres?.()) ?? [];
  console.log(`${formatNumber(received)} of ${formatNumber(expected)} deliveries`);

  const results = await Promise.all(
    workers.map((worker) => worker.ask({ type: 'finish' }, 'result', 60_000)),
  );
  for (const worker of workers) await worker.terminate();
  for (const r of results) addErrors(errors, r.errors);
  return {
    creates,
    results,
    wallSec,
    serverCpu: cpuAfter.map((after, n) => after - (cpuBefore[n] ?? 0)),
    loadGenCpuSec: (loadGenCpu.user + loadGenCpu.system) / 1e6,
    rssEnd,
    health: healthMs,
    postgresMs: sortedCopy(postgresMs),
    writes,
  };
}

/** One node's figures from what the workers recorded about its clients. */
function figuresOf(
  node: ServerNode,
  n: number,
  { creates, results, wallSec, serverCpu, rssEnd, health }: Measured,
  plan: Plan,
  rss: { idle: number[]; connected: number[] },
  errors: Map<string, number>,
): NodeFigures {
  const parts: NodeResult[] = results.flatMap((r) => (r.nodes[n] ? [r.nodes[n]] : []));
  const clients = parts.reduce((sum, p) => sum + p.clients, 0);
  const sentAt = new Float64Array(plan.events);
  for (const c of creates) sentAt[c.seq] = c.sentAt;
  const firstDelivery: number[] = [];
  const spread: number[] = [];
  let worst: NodeFigures['worst'];
  const answered = new Set(creates.filter((c) => !c.error).map((c) => c.seq));
  let duplicates = 0;
  let received = 0;
  for (let seq = 0; seq < plan.events; seq++) {
    const count = parts.reduce((sum, p) => sum + (p.counts[seq] ?? 0), 0);
    duplicates += Math.max(0, count - clients);
    // A create that failed or timed out may still have committed: its deliveries count in the
    // latencies, but only answered creates count in received against expected.
    if (answered.has(seq)) received += Math.min(count, clients);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const p of parts) {
      const f = p.first[seq] ?? Number.NaN;
      const l = p.last[seq] ?? Number.NaN;
      if (f < first) first = f;
      if (l > last) last = l;
    }
    if (Number.isFinite(first)) {
      const sent = sentAt[seq] ?? 0;
      firstDelivery.push(first - sent);
      spread.push(last - first);
      if (!worst || last - sent > worst.last) {
        const createMs = creates.find((c) => c.seq === seq)?.ms ?? Number.NaN;
        worst = { seq, createMs, first: first - sent, last: last - sent };
      }
    }
  }
  if (duplicates > 0)
    addErrors(errors, [[`duplicate deliveries on node ${node.name}`, duplicates]]);
  const latency = concat(parts.map((p) => p.latencies)).sort();
  return {
    node,
    clients,
    received,
    expected: clients * answered.size,
    latency,
    firstDelivery: sortedCopy(firstDelivery),
    worst,
    firstDeliveryOfFirstEvent: firstDelivery[0] ?? Number.NaN,
    firstDeliveryOfLastEvent: firstDelivery[firstDelivery.length - 1] ?? Number.NaN,
    spread: sortedCopy(spread),
    rssIdle: rss.idle[n] ?? Number.NaN,
    rssConnected: rss.connected[n] ?? Number.NaN,
    rssEnd: rssEnd[n] ?? Number.NaN,
    cpuPercent: ((serverCpu[n] ?? 0) / wallSec) * 100,
    health: sortedCopy(health[n] ?? []),
  };
}

async function benchmark(mode: Mode, options: Options): Promise<Report> {
  const loadAtStart = load();
  const version = serverVersion();
  console.log(`\n== ${mode.name} == (load average ${loadAtStart})`);
  const profileDir =
    options.cpuProf || options.heapSnapshot
      ? mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-realtime-prof-'))
      : undefined;
  const { nodes, database } = await startNodes(mode, options, profileDir);
  const users = Math.min(MEMBER_USERS, options.clients);
  const [nodeA] = nodes;
  if (!nodeA) throw new Error('no server started');
  const fixture = await seed(nodeA, database, users);
  console.log(`  seeded: an owner and ${users} viewers in one organization`);

  const runTag = Date.now().toString(36);
  const plan: Plan = {
    events: options.durationSec * options.rate,
    marker: `bench-rt-${runTag}:`,
    warmUpMarker: `bench-rt-${runTag}-warm-up:`,
  };
  const errors = new Map<string, number>();
  const idle = nodes.map(rssKiB);
  const connected = await connectClients(mode, options, nodes, fixture, plan, errors);
  // Let the last writes and timers settle before reading memory.
  await sleep(1000);
  const rss = { idle, connected: nodes.map(rssKiB) };
  if (options.heapSnapshot) await takeHeapSnapshots(nodes);
  const measured = await measure(options, nodes, fixture, plan, connected, database, errors);
  const figures = nodes.map((node, n) => figuresOf(node, n, measured, plan, rss, errors));
  for (const node of nodes) {
    if (node.logLines > 0) errors.set(`server ${node.name} logged ${node.logLines} line(s)`, 1);
  }
  const { creates, results, wallSec } = measured;
  return {
    mode,
    version,
    options,
    loadAtStart,
    figures,
    creates,
    createMs: sortedCopy(creates.filter((c) => !c.error).map((c) => c.ms)),
    connectMs: connected.connectMs,
    subscribeMs: connected.subscribeMs,
    loadGenCpuPercent: (measured.loadGenCpuSec / wallSec) * 100,
    loopDelay: {
      p99: Math.max(...results.map((r) => r.loopDelay.p99)),
      max: Math.max(...results.map((r) => r.loopDelay.max)),
    },
    loadNiceness: connected.niceness,
    postgresMs: measured.postgresMs,
    writes: measured.writes,
    errors,
    profileDir,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const HEADER = [
  'clients on',
  'clients',
  'deliveries (received / expected)',
  'p50 ms',
  'p99 ms',
  'max ms',
  'target p99',
  'verdict',
  'server memory / connection',
];

function verdict(figures: NodeFigures, target: number): string {
  const p99 = percentile(figures.latency, 99);
  if (figures.received < figures.expected) return '**misses** (deliveries lost)';
  return p99 < target ? 'meets' : '**misses**';
}

function rows(report: Report): string[][] {
  return report.figures.map((f) => [
    report.figures.length > 1 ? `node ${f.node.name}` : 'one node',
    formatNumber(f.clients),
    `${formatNumber(f.received)} / ${formatNumber(f.expected)}`,
    ms(percentile(f.latency, 50)),
    ms(percentile(f.latency, 99)),
    ms(f.latency[f.latency.length - 1] ?? Number.NaN),
    `< ${report.mode.targetP99}`,
    verdict(f, report.mode.targetP99),
    `${formatNumber((f.rssConnected - f.rssIdle) / Math.max(1, f.clients), 1)} KiB`,
  ]);
}

const MiB = (kib: number) => `${formatNumber(kib / 1024, 0)} MiB`;

/** The figures behind the verdict: where the time and the memory went. */
function details(report: Report): string[] {
  const { options, creates, createMs } = report;
  const failed = creates.filter((c) => c.error).length;
  const lines = [
    `Creates: ${formatNumber(creates.length)} sent to node ${report.figures[0]?.node.name ?? 'A'} ` +
      `(${failed} failed or timed out); the create request took p50 ` +
      `${ms(percentile(createMs, 50))} ms, p99 ${ms(percentile(createMs, 99))} ms`,
  ];
  for (const f of report.figures) {
    const where = report.figures.length > 1 ? `Node ${f.node.name}` : 'Server';
    lines.push(
      `${where} latency: create → first client p50 ${ms(percentile(f.firstDelivery, 50))} ms, ` +
        `p99 ${ms(percentile(f.firstDelivery, 99))} ms (first event ` +
        `${ms(f.firstDeliveryOfFirstEvent)} ms, last ${ms(f.firstDeliveryOfLastEvent)} ms); ` +
        `first → last client of one event p50 ${ms(percentile(f.spread, 50))} ms, ` +
        `p99 ${ms(percentile(f.spread, 99))} ms; GET /api/health answered in p50 ` +
        `${ms(percentile(f.health, 50))} ms, p99 ${ms(percentile(f.health, 99))} ms, ` +
        `max ${ms(f.health[f.health.length - 1] ?? Number.NaN)} ms` +
        (f.worst
          ? `; slowest event: #${f.worst.seq} of ${report.creates.length}, its create answered ` +
            `in ${ms(f.worst.createMs)} ms, first client ${ms(f.worst.first)} ms, last ` +
            `${ms(f.worst.last)} ms`
          : ''),
      `${where} resources: CPU ${formatNumber(f.cpuPercent)} % of one core while measuring; ` +
        `RSS ${MiB(f.rssIdle)} before the first connection → ${MiB(f.rssConnected)} with ` +
        `${formatNumber(f.clients)} clients subscribed → ${MiB(f.rssEnd)} after the events`,
    );
  }
  if (report.writes) lines.push(writesLine(report.writes));
  lines.push(
    `Server processes per node (WORKERS): ${options.serverWorkers}`,
    `Load generator: ${Math.min(options.workers, options.clients)} worker thread(s) at nice ` +
      `${report.loadNiceness}, ${formatNumber(report.loadGenCpuPercent)} % of one core while ` +
      `measuring (this whole process); event-loop delay p99 ${ms(report.loopDelay.p99)} ms, ` +
      `max ${ms(report.loopDelay.max)} ms (how late a delivery may be timestamped)`,
    ...(report.postgresMs.length > 0
      ? [
          `PostgreSQL: \`select 1\` from the benchmark took p50 ${ms(percentile(report.postgresMs, 50))} ms, ` +
            `p99 ${ms(percentile(report.postgresMs, 99))} ms, max ` +
            `${ms(report.postgresMs[report.postgresMs.length - 1] ?? Number.NaN)} ms while measuring`,
        ]
      : []),
    `Setup: connecting took ${ms(report.connectMs / 1000)} s, subscribing ${ms(report.subscribeMs / 1000)} s`,
    report.errors.size === 0
      ? 'Errors: none'
      : `Errors: ${[...report.errors].map(([message, count]) => `${message} (${count})`).join('; ')}`,
  );
  for (const f of report.figures) {
    for (const line of f.node.log.slice(0, 3))
      lines.push(`Server ${f.node.name} log: ${line.slice(0, 300)}`);
  }
  if (report.profileDir) {
    lines.push(
      `Server diagnostics (CPU profiles, heap snapshots) in ${report.profileDir}` +
        (report.options.heapSnapshot
          ? ': the heap snapshot blocked and collected the server before the creates, so ' +
            'this run’s figures are not comparable with others'
          : ''),
    );
  }
  return lines;
}

/** Writes answered at no less than this share of the rate asked count as sustained. */
const SUSTAINED_SHARE = 0.95;

function writesLine(writes: WriteFigures): string {
  const sustained = writes.achieved >= writes.asked * SUSTAINED_SHARE;
  return (
    `Background writes: ${formatNumber(writes.asked)} show creates/s asked, ` +
    `${formatNumber(writes.achieved)}/s answered 200 (${sustained ? 'sustained' : '**not sustained**'}), ` +
    `${formatNumber(writes.skipped)} skipped (all ${WRITE_CONNECTIONS} connections busy), ` +
    `${formatNumber(writes.failed)} failed; each took p50 ${ms(percentile(writes.ms, 50))} ms, ` +
    `p99 ${ms(percentile(writes.ms, 99))} ms` +
    (writes.errors.length > 0
      ? ` (${writes.errors.map(([message, count]) => `${message} ×${count}`).join('; ')})`
      : '')
  );
}

function print(report: Report): void {
  printTable(`Results: ${report.mode.name}`, [HEADER, ...rows(report)]);
  console.log('');
  for (const line of details(report)) console.log(`  ${line}`);
}

function writeMarkdown(report: Report): string {
  const { mode, options } = report;
  const file = path.join(BENCH_DIR, `results-${mode.name}.md`);
  const nodes = mode.nodes === 2 ? 'two server processes on one PostgreSQL database' : 'one server';
  const lines = [
    `# bench/realtime results: ${mode.name}`,
    '',
    `- Run: ${new Date().toISOString()}, \`npm run bench:realtime -- ${process.argv.slice(2).join(' ')}\``,
    `- Server code: ${report.version}`,
    `- Machine: ${machine()}`,
    `- Load average (1 min) at the start: ${report.loadAtStart}, at the end: ${load()} ` +
      '(anything near or above the core count means the figures are noisy)',
    `- Setup: ${nodes} (${mode.dialect}); ${formatNumber(options.clients)} SSE clients ` +
      `subscribed to \`${TOPIC}\` as ${Math.min(MEMBER_USERS, options.clients)} viewers of one ` +
      `organization${mode.nodes === 2 ? ', half on each node' : ''}; the owner creates ` +
      `${options.rate} channels/s on node A for ${options.durationSec} s after ` +
      `${WARM_UP_SECONDS} s of warm-up` +
      (options.writeRate > 0
        ? `; meanwhile, from the start of the warm-up, the owner creates ${formatNumber(options.writeRate)} ` +
          `shows/s (open loop over ${WRITE_CONNECTIONS} connections; no client subscribes to shows, but ` +
          'every write is an event the hub must look at)'
        : ''),
    '- Latency: from just before the create request is sent to the arrival of the event on ' +
      'each client, over every (client, event) delivery',
    '- Memory per connection: server RSS with every client subscribed, minus RSS before the ' +
      'first connection, divided by the clients on that server',
    '',
    ...markdownTable([HEADER, ...rows(report)]),
    '',
    ...details(report).map((line) => `- ${line}`),
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  exitOnSignals();
  console.log(`bench/realtime on ${machine()}`);
  try {
    for (const mode of options.modes) {
      const report = await benchmark(mode, options);
      // Streams are closed by now: stop the servers before the next mode opens its own.
      await cleanUp();
      print(report);
      const file = writeMarkdown(report);
      console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    createAgent.destroy();
    writeAgent.destroy();
    probeAgent.destroy();
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `\nbench/realtime failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    void cleanUp().finally(() => process.exit(1));
  },
);
