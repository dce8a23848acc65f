import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobRecord, PlayoutPackageRecord } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import { startTestS3, type TestS3 } from '../../../test/s3-server.js';
import { createChannel, createShow, createTimeslot, signUpOwner } from '../../../test/sdk.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { type TestServer, writeFakeWebDist } from '../../../test/test-server.js';
import { loadConfig } from '../../config.js';
import { type RunningServer, startServer } from '../../main.js';

// Any node serves any channel (issue 39, item 6): two server nodes share one database (two
// processes' connections to one SQLite file, as with WORKERS; two nodes on PostgreSQL) and an
// S3 bucket. One node packages; both answer the live playlist with the same bytes at the same
// instant, with no state shared but the schedule, and both serve its segments from the bucket.

const SLOT = Date.UTC(2031, 0, 6, 12, 0, 0);
let now = SLOT - 10 * 60_000;

let database: TestDatabase;
let s3: TestS3;
let webDist: string;
let dataDir: string;
const nodes: RunningServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  s3 = await startTestS3();
  webDist = writeFakeWebDist();
  dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-playout-nodes-'));
  for (let i = 0; i < 2; i += 1) {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      WEB_DIST: webDist,
      GUEST_RATE_LIMIT: 'off',
      PASSWORD_HASH_COST: '4',
      AIRGRID_SECRET: 'playout-nodes-secret-of-at-least-32-characters',
      DATA_DIR: dataDir,
      ...database.env,
      ...s3.env,
    });
    nodes.push(await startServer(config, { clock: { now: () => now } }));
  }
}, 60_000);

afterAll(async () => {
  for (const node of nodes) await node.close();
  await database?.drop();
  await s3?.stop();
  for (const dir of [webDist, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('playout on two nodes', () => {
  it('answers the same playlist on both and serves the segments from S3', async () => {
    const [first, second] = nodes as [RunningServer, RunningServer];
    // The SDK helpers need only the node's address.
    const owner = await signUpOwner({ url: first.url } as TestServer);
    const org = owner.organization.id;
    const show = await createShow(owner.pb, org, { title: 'Evening news', durationSec: 900 });
    await owner.pb.collection('shows').update(show.id, {
      media: new File([new Uint8Array(testClip({ seconds: 8 }))], 'news.mp4', {
        type: 'video/mp4',
      }),
    });
    const channel = await createChannel(owner.pb, org, {
      public: true,
      source: 'playout',
      playoutProfile: '480p30',
    });
    await createTimeslot(owner.pb, org, {
      channel: channel.id,
      show: show.id,
      start: new Date(SLOT).toISOString().replace('T', ' '),
      durationSec: 900,
    });
    await expect
      .poll(
        async () => {
          const jobs = await owner.pb.collection('jobs').getFullList<JobRecord>();
          const playout = jobs.filter((job) => job.kind.startsWith('playout-'));
          return playout.length === 2 && playout.every((job) => job.state === 'done');
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe(true);
    const [news] = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>({ filter: `show = "${show.id}"` });

    for (const at of [SLOT + 3000, SLOT + 9000, SLOT + 20_000]) {
      now = at;
      const read = async (node: RunningServer) => {
        const response = await fetch(`${node.url}/api/v1/channels/${channel.id}/live/video.m3u8`);
        expect(response.status).toBe(200);
        return response.text();
      };
      const one = await read(first);
      expect(one).toContain(`${news?.id}/00000.ts`);
      expect(await read(second)).toBe(one);
    }
    for (const node of nodes) {
      const segment = await fetch(
        `${node.url}/api/v1/channels/${channel.id}/live/${news?.id}/00001.ts`,
      );
      expect(segment.status).toBe(200);
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    // Nothing of it on the nodes' disk: the bucket holds the segments.
    expect(existsSync(path.join(dataDir, 'storage', 'playout'))).toBe(false);
  }, 200_000);
});
