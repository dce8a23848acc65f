import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

// One load-generator thread of bench/realtime: holds its share of the SSE streams as raw `http`
// GETs, parses their frames as they arrive, and records when each benchmark event reached each
// client. The main thread starts several of these so that parsing 10,000 streams does not queue
// behind one event loop.

export interface WorkerSetup {
  /** Base URLs of the server nodes, e.g. http://127.0.0.1:41234. */
  nodes: string[];
  /** One auth token per member user. */
  tokens: string[];
  /** For each client of this worker: the index of its node and of its user. */
  clientNodes: number[];
  clientUsers: number[];
  /** The subscription every client sends, e.g. `channels/*`: also the SSE event name. */
  topic: string;
  /** Benchmark events carry `<marker><seq>:<sentAtMs>` in their description. */
  marker: string;
  /** Warm-up events carry `<warmUpMarker>…`: received but not measured. */
  warmUpMarker: string;
  /** How many measured events will be created (their seq runs 0 … events − 1). */
  events: number;
  /** Streams this worker opens at once. */
  connectBatch: number;
  /** Subscription POSTs this worker has in flight at once. */
  postConcurrency: number;
  /** The nice value this thread asks for (negative: ahead of the servers for the CPU). */
  niceness: number;
}

export type ToWorker = { type: 'connect' } | { type: 'count' } | { type: 'finish' };

/** What the clients of one node received. */
export interface NodeResult {
  /** Subscribed clients on this node. */
  clients: number;
  /** Create-to-delivery latency of every (client, event) delivery, in ms. */
  latencies: Float64Array;
  /** Per event seq: the earliest and the latest delivery time (epoch ms; NaN if none). */
  first: Float64Array;
  last: Float64Array;
  /** Per event seq: how many clients received it (more than `clients` means duplicates). */
  counts: Uint32Array;
}

export type FromWorker =
  | { type: 'loaded'; niceness: number }
  | {
      type: 'ready';
      connected: number;
      subscribed: number;
      connectMs: number;
      subscribeMs: number;
      errors: [string, number][];
    }
  | { type: 'count'; received: number }
  | {
      type: 'result';
      nodes: NodeResult[];
      errors: [string, number][];
      /** Event-loop delay while measuring, in ms. */
      loopDelay: { p50: number; p99: number; max: number };
    };

const CONNECT_TIMEOUT_MS = 15_000;
const POST_TIMEOUT_MS = 15_000;

const setup = workerData as WorkerSetup;
const port = parentPort;
if (!port) throw new Error('load-worker.ts runs as a worker thread of bench/realtime/run.ts');

// Streams hold their socket for their whole life; POSTs reuse a handful of keep-alive sockets.
const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const postAgent = new http.Agent({ keepAlive: true, maxSockets: setup.postConcurrency });

const errors = new Map<string, number>();
function fail(message: string): void {
  errors.set(message, (errors.get(message) ?? 0) + 1);
}

/** A Float64Array that grows by doubling: a million deliveries would be slow as a JS array. */
class Samples {
  #data = new Float64Array(1024);
  #length = 0;

  push(value: number): void {
    if (this.#length === this.#data.length) {
      const bigger = new Float64Array(this.#data.length * 2);
      bigger.set(this.#data);
      this.#data = bigger;
    }
    this.#data[this.#length++] = value;
  }

  get length(): number {
    return this.#length;
  }

  take(): Float64Array {
    return this.#data.slice(0, this.#length);
  }
}

interface PerNode {
  clients: number;
  latencies: Samples;
  first: Float64Array;
  last: Float64Array;
  counts: Uint32Array;
}

const perNode: PerNode[] = setup.nodes.map(() => ({
  clients: 0,
  latencies: new Samples(),
  first: new Float64Array(setup.events).fill(Number.NaN),
  last: new Float64Array(setup.events).fill(Number.NaN),
  counts: new Uint32Array(setup.events),
}));

class Stream {
  buffer = '';
  clientId = '';
  subscribed = false;
  request: http.ClientRequest | undefined;
  onConnect: (() => void) | undefined;

  constructor(
    readonly node: number,
    readonly user: number,
  ) {}
}

const streams = setup.clientNodes.map(
  (node, index) => new Stream(node, setup.clientUsers[index] ?? 0),
);
let received = 0;
let finishing = false;

// The data of one event is the same string on every stream: parse it once per worker.
let lastData = '';
let lastParsed: unknown;

function parseData(data: string): unknown {
  if (data !== lastData) {
    lastParsed = JSON.parse(data);
    lastData = data;
  }
  return lastParsed;
}

/** Appends a chunk and handles every complete frame in it; `now` is when the chunk arrived. */
function receive(stream: Stream, chunk: string, now: number): void {
  stream.buffer += chunk;
  let end = stream.buffer.indexOf('\n\n');
  if (end < 0) return;
  let start = 0;
  while (end >= 0) {
    handleFrame(stream, stream.buffer.slice(start, end), now);
    start = end + 2;
    end = stream.buffer.indexOf('\n\n', start);
  }
  stream.buffer = stream.buffer.slice(start);
}

/** One SSE frame: `id:`, `event:` and `data:` lines (API-CONTRACT §6.1). */
function handleFrame(stream: Stream, frame: string, now: number): void {
  let id = '';
  let event = 'message';
  let data: string | undefined;
  for (const line of frame.split('\n')) {
    const colon = line.indexOf(':');
    if (colon === 0) continue; // a comment
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
  }
  if (data === undefined) return;
  try {
    if (event === 'PB_CONNECT') {
      const { clientId } = JSON.parse(data) as { clientId?: string };
      if (!clientId || clientId !== id) fail('PB_CONNECT without a matching id: line');
      stream.clientId = clientId ?? '';
      stream.onConnect?.();
      return;
    }
    if (id !== stream.clientId) fail('a frame whose id: is not the client id');
    if (event !== setup.topic) {
      fail(`an unexpected event ${JSON.stringify(event)}`);
      return;
    }
    const message = parseData(data) as { action?: string; record?: { description?: string } };
    const description = message.record?.description ?? '';
    if (message.action !== 'create') fail(`an unexpected action ${message.action}`);
    else if (description.startsWith(setup.marker)) record(stream, description, now);
    else if (!description.startsWith(setup.warmUpMarker)) fail('an event from another source');
  } catch (error) {
    fail(`an unreadable frame (${(error as Error).message})`);
  }
}

function record(stream: Stream, description: string, now: number): void {
  const [seqText = '', sentText = ''] = description.slice(setup.marker.length).split(':');
  const seq = Number(seqText);
  const sentAt = Number(sentText);
  if (!Number.isInteger(seq) || seq < 0 || seq >= setup.events || !Number.isFinite(sentAt)) {
    fail('an event with an unreadable timestamp');
    return;
  }
  // Events arrive in commit order, which need not be seq order: creates overlap.
  received += 1;
  const node = perNode[stream.node];
  if (!node) return;
  node.latencies.push(now - sentAt);
  node.counts[seq] = (node.counts[seq] ?? 0) + 1;
  const first = node.first[seq] ?? Number.NaN;
  if (!(first <= now)) node.first[seq] = now;
  const last = node.last[seq] ?? Number.NaN;
  if (!(last >= now)) node.last[seq] = now;
}

/** Opens the stream and resolves on PB_CONNECT. */
function open(stream: Stream): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/realtime', setup.nodes[stream.node]);
    const request = http.get(url, {
      agent: streamAgent,
      headers: { accept: 'text/event-stream' },
    });
    stream.request = request;
    let connected = false;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error('no PB_CONNECT within 15 s'));
    }, CONNECT_TIMEOUT_MS);
    stream.onConnect = () => {
      stream.onConnect = undefined;
      connected = true;
      clearTimeout(timer);
      resolve();
    };
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        response.resume();
        request.destroy();
        reject(new Error(`GET /api/realtime answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => receive(stream, chunk, Date.now()));
      response.on('close', () => {
        if (connected && !finishing) fail('a stream closed before the end');
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      if (!connected) reject(error);
      else if (!finishing) fail(`a stream failed (${error.message})`);
    });
  });
}

/** Sets the stream's subscriptions with its user's token; the server answers 204. */
function subscribe(stream: Stream): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ clientId: stream.clientId, subscriptions: [setup.topic] });
    const request = http.request(new URL('/api/realtime', setup.nodes[stream.node]), {
      method: 'POST',
      agent: postAgent,
      timeout: POST_TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: setup.tokens[stream.user] ?? '',
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        if (response.statusCode === 204) resolve();
        else reject(new Error(`POST /api/realtime answered ${response.statusCode}: ${text}`));
      });
    });
    request.on('timeout', () => request.destroy(new Error('POST /api/realtime timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** Runs `work` over the items with at most `concurrency` in flight. */
async function pool<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

async function connectAll(): Promise<Extract<FromWorker, { type: 'ready' }>> {
  const started = Date.now();
  for (let offset = 0; offset < streams.length; offset += setup.connectBatch) {
    const batch = streams.slice(offset, offset + setup.connectBatch);
    const outcomes = await Promise.allSettled(batch.map(open));
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') fail(`connect: ${(outcome.reason as Error).message}`);
    }
  }
  const connectMs = Date.now() - started;
  const opened = streams.filter((stream) => stream.clientId !== '');
  await pool(opened, setup.postConcurrency, async (stream) => {
    try {
      await subscribe(stream);
      stream.subscribed = true;
      const node = perNode[stream.node];
      if (node) node.clients += 1;
    } catch (error) {
      fail(`subscribe: ${(error as Error).message}`);
    }
  });
  return {
    type: 'ready',
    connected: opened.length,
    subscribed: streams.filter((stream) => stream.subscribed).length,
    connectMs,
    subscribeMs: Date.now() - started - connectMs,
    errors: [...errors],
  };
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });

function finish(): Extract<FromWorker, { type: 'result' }> {
  finishing = true;
  loopDelay.disable();
  for (const stream of streams) stream.request?.destroy();
  streamAgent.destroy();
  postAgent.destroy();
  return {
    type: 'result',
    nodes: perNode.map((node) => ({
      clients: node.clients,
      latencies: node.latencies.take(),
      first: node.first,
      last: node.last,
      counts: node.counts,
    })),
    errors: [...errors],
    loopDelay: {
      p50: loopDelay.percentile(50) / 1e6,
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
    },
  };
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'connect') {
    void connectAll().then((ready) => {
      // Only the measured part counts: connecting is busy by design.
      loopDelay.reset();
      loopDelay.enable();
      port.postMessage(ready);
    });
  } else if (message.type === 'count') {
    port.postMessage({ type: 'count', received } satisfies FromWorker);
  } else {
    const result = finish();
    const buffers = result.nodes.flatMap((node) => [
      node.latencies.buffer,
      node.first.buffer,
      node.last.buffer,
      node.counts.buffer,
    ]);
    port.postMessage(result, buffers as ArrayBuffer[]);
  }
});

// On Linux the nice value belongs to the thread: only this worker's thread moves ahead, so it
// reads each delivery when it arrives rather than when the servers let it run. Lowering it
// needs CAP_SYS_NICE; without that the thread keeps its nice value and the run says so.
try {
  os.setPriority(setup.niceness);
} catch {}
port.postMessage({ type: 'loaded', niceness: os.getPriority() } satisfies FromWorker);
