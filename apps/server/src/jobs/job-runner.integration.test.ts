import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { COLLECTION_MODULES } from '../features/index.js';
import { RecordService } from '../records/record-service.js';
import { enqueueJob, JobQueueRepository } from './job-queue-repository.js';
import { backoffDelay, type JobHandler, JobRunner, PermanentJobError } from './job-runner.js';

// The job queue on both databases: a job runs once, retries wait longer each time, a job that
// cannot succeed fails for good, two runners never run one job twice, a dead node's job is
// taken over, stopping puts a job back, and only the organization's members see its jobs.

let shift = 0;
const clock = { now: () => Date.now() + shift };
let server: TestServer;
let queue: JobQueueRepository;
let records: RecordService;
let organization = '';
let owner: Awaited<ReturnType<typeof signUpOwner>>;
const runners: JobRunner[] = [];

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

function runner(handler: JobHandler, options = {}) {
  const made = new JobRunner(queue, records, silent, clock, {
    pollMs: 60_000,
    backoffMs: 1000,
    maxAttempts: 3,
    ...options,
  });
  made.register('media-probe', handler);
  runners.push(made);
  return made;
}

async function runOnce(made: JobRunner) {
  made.poke();
  await made.idle();
}

const enqueue = (target = `shows/${Math.random().toString(36).slice(2, 10)}`) =>
  enqueueJob(server.database.db, { organization, kind: 'media-probe', target }, clock.now());

const jobOf = (id: string) => owner.pb.collection('jobs').getOne(id);

beforeAll(async () => {
  server = await startTestServer({ clock });
  // The server's own runner would take these jobs: the tests run their own.
  await server.app.jobs.stop();
  queue = new JobQueueRepository(server.database.db);
  records = new RecordService(
    server.database.db,
    server.database.dialect,
    clock,
    COLLECTION_MODULES,
    {},
  );
  owner = await signUpOwner(server);
  organization = owner.organization.id;
});

afterAll(async () => {
  await Promise.all(runners.map((each) => each.stop()));
  await server?.stop();
});

describe('the job runner', () => {
  it('runs a queued job once and marks it done, for the members to see', async () => {
    const seen: string[] = [];
    const id = await enqueue();
    const made = runner(async ({ job, progress }) => {
      seen.push(job.id);
      await progress(50);
    });
    await runOnce(made);
    await runOnce(made);
    expect(seen).toEqual([id]);
    expect(await jobOf(id)).toMatchObject({ state: 'done', progress: 100, attempts: 1, error: '' });
    expect((await jobOf(id)).finished).not.toBe('');
  });

  it('retries a failure after a wait that grows, and succeeds', async () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, 1000))).toEqual([1000, 4000, 16000]);
    expect(backoffDelay(20, 1000)).toBe(3600_000);
    let calls = 0;
    const id = await enqueue();
    const made = runner(async () => {
      calls += 1;
      if (calls < 3) throw new Error(`network down ${calls}`);
    });
    await runOnce(made);
    let job = await jobOf(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, error: 'network down 1' });
    // Not before its time.
    await runOnce(made);
    expect(calls).toBe(1);
    shift += 1100;
    await runOnce(made);
    job = await jobOf(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 2, error: 'network down 2' });
    shift += 1100;
    await runOnce(made);
    expect(calls).toBe(2);
    shift += 3000;
    await runOnce(made);
    expect(await jobOf(id)).toMatchObject({ state: 'done', attempts: 3, error: '' });
  });

  it('fails for good after its last try, or at once when trying again cannot help', async () => {
    const stubborn = await enqueue();
    const made = runner(async () => {
      throw new Error('still broken');
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await runOnce(made);
      shift += 60_000;
    }
    expect(await jobOf(stubborn)).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: 'still broken',
    });
    await made.stop();

    const hopeless = await enqueue();
    await runOnce(
      runner(async () => {
        throw new PermanentJobError('not a media file');
      }),
    );
    expect(await jobOf(hopeless)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'not a media file',
    });
  });

  it('never runs one job on two runners', async () => {
    const ran: string[] = [];
    const ids = await Promise.all(Array.from({ length: 12 }, () => enqueue()));
    const work: JobHandler = async ({ job }) => {
      ran.push(job.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const a = runner(work, { concurrency: 2 });
    const b = runner(work, { concurrency: 2 });
    a.poke();
    b.poke();
    await Promise.all([a.idle(), b.idle()]);
    await Promise.all([runOnce(a), runOnce(b)]);
    expect([...ran].sort()).toEqual([...ids].sort());
  });

  it('takes over the job of a node that died once its claim runs out', async () => {
    const id = await enqueue();
    const claimed = await queue.claim(
      ['media-probe'],
      'dead-node',
      clock.now(),
      clock.now() + 1000,
    );
    expect(claimed?.id).toBe(id);
    const ran: string[] = [];
    const made = runner(async ({ job }) => {
      ran.push(job.id);
    });
    await runOnce(made);
    expect(ran).toEqual([]);
    shift += 2000;
    await runOnce(made);
    await runOnce(made);
    expect(ran).toEqual([id]);
    expect(await jobOf(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('reads an upload while a long bulk job runs: each lane has its own turn', async () => {
    const packaging = await enqueueJob(
      server.database.db,
      { organization, kind: 'playout-package', target: 'shows/bulk' },
      // Queued first: in one line, the upload would wait for it.
      clock.now() - 1000,
    );
    const probe = await enqueue();
    let finishPackaging!: () => void;
    const made = runner(async () => {});
    made.register(
      'playout-package',
      () =>
        new Promise<void>((resolve) => {
          finishPackaging = resolve;
        }),
      'bulk',
    );
    made.poke();
    await expect.poll(async () => (await jobOf(probe)).state).toBe('done');
    expect((await jobOf(packaging)).state).toBe('running');
    finishPackaging();
    await made.idle();
    expect((await jobOf(packaging)).state).toBe('done');
  });

  it('puts the job under way back in the queue when the server stops', async () => {
    const id = await enqueue();
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const made = runner(
      ({ signal }) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    );
    made.poke();
    await running;
    expect((await jobOf(id)).state).toBe('running');
    await made.stop();
    expect(await jobOf(id)).toMatchObject({ state: 'queued', attempts: 1 });
    // The next runner (the restarted server) finishes it.
    await runOnce(runner(async () => {}));
    expect((await jobOf(id)).state).toBe('done');
  });
});

describe('who sees jobs', () => {
  it('members of the organization only, and nobody writes them through the API', async () => {
    const id = await enqueue();
    const other = await signUpOwner(server);
    expect(await other.pb.collection('jobs').getFullList()).toEqual([]);
    expect((await failure(other.pb.collection('jobs').getOne(id))).status).toBe(404);
    expect((await failure(owner.pb.collection('jobs').update(id, { state: 'done' }))).status).toBe(
      403,
    );
    expect((await failure(owner.pb.collection('jobs').delete(id))).status).toBe(403);
    expect(
      (
        await failure(
          owner.pb
            .collection('jobs')
            .create({ organization, kind: 'media-probe', target: 'shows/x', state: 'queued' }),
        )
      ).status,
    ).toBe(403);
    const mine = await owner.pb.collection('jobs').getOne(id);
    expect(mine).not.toHaveProperty('lockedBy');
  });
});
