import { toRecordDate } from '@airgrid/domain';
import type { GuideTimeslot } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { GuideRepository, STREAM_PAGE_SIZE } from '../../public-reads/guide-repository.js';
import { newRecordId } from '../../records/record-id.js';
import { FEEDS_PATH } from './feed-routes.js';

// GuideRepository.stream, the feeds' read, against window(), the guide's: the same timeslots in
// the same order whatever the page size, on a schedule seeded directly with the cases paging can
// get wrong (ties on a start, cancelled rows at a page edge, a timeslot running at `from`, a
// timeslot whose show is gone).

const HOUR = 3_600_000;
const FROM = Date.parse('2026-12-01T05:00:00Z');
const TO = FROM + 3 * 24 * HOUR;

let server: TestServer;
let guide: GuideRepository;
const organization = newRecordId();
const channels: string[] = [];
/** A channel of the same organization with thousands of timeslots, for the HTTP feed. */
let busy = '';
const BUSY_TIMESLOTS = STREAM_PAGE_SIZE * 2 + 17;

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => Date.parse('2026-12-02T12:00:00Z') } });
  const { db, dialect } = server.database;
  guide = new GuideRepository(db, dialect);
  const stamp = toRecordDate(Date.parse('2026-11-01T00:00:00Z'));
  const base = { created: stamp, updated: stamp };
  await db
    .insertInto('organizations')
    .values({ id: organization, name: 'Paging', slug: 'paging', timeZone: 'UTC', ...base } as never)
    .execute();
  const show = newRecordId();
  await db
    .insertInto('shows')
    .values({
      id: show,
      organization,
      title: 'Show',
      tags: '[]',
      externalIds: '{}',
      ...base,
    } as never)
    .execute();
  for (let c = 0; c < 4; c++) {
    const id = newRecordId();
    channels.push(id);
    await db
      .insertInto('channels')
      .values({
        id,
        organization,
        name: `C${c}`,
        slug: `c${c}`,
        timeZone: 'UTC',
        public: true,
        archived: false,
        ...base,
      } as never)
      .execute();
  }
  busy = channels[3] ?? '';

  // Deterministic variety: gaps, duplicated starts (which the collection would refuse, but
  // paging must not lose), cancelled rows, one running at FROM, one that ended before it.
  const rows: Record<string, unknown>[] = [];
  const add = (channel: string, start: number, minutes: number, status = 'scheduled', of = show) =>
    rows.push({
      id: newRecordId(),
      organization,
      channel,
      show: of,
      start: toRecordDate(start),
      durationSec: minutes * 60,
      status,
      locked: false,
      ...base,
    });
  for (const [index, channel] of channels.slice(0, 3).entries()) {
    add(channel, FROM - 5 * HOUR, 60); // ended long before the window
    add(channel, FROM - HOUR, 90); // running at FROM
    for (let i = 0; i < 40 + index * 7; i++) {
      const start = FROM + i * 30 * 60_000 + (i % 5) * 60_000;
      add(channel, start, 30, i % 6 === 0 ? 'cancelled' : 'scheduled');
      if (i % 9 === 0) add(channel, start, 30); // a tie on the start
    }
    add(channel, TO, 30); // starts at `to`: outside
    add(channel, FROM + 30 * 3_600_000 + index, 30, 'scheduled', 'nosuchshow00000'); // show gone
  }
  for (let i = 0; i < BUSY_TIMESLOTS; i++) add(busy, FROM + i * 120_000, 2);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('timeslots')
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
});

afterAll(async () => {
  await server?.stop();
});

async function collect(iterable: AsyncIterable<GuideTimeslot>): Promise<GuideTimeslot[]> {
  const result: GuideTimeslot[] = [];
  for await (const timeslot of iterable) result.push(timeslot);
  return result;
}

describe('GuideRepository.stream', () => {
  it('gives exactly what window() gives, in the same order, for any page size', async () => {
    const few = channels.slice(0, 3);
    const expected = await guide.window(few, FROM, TO);
    expect(expected.length).toBeGreaterThan(120);
    for (const pageSize of [1, 2, 3, 7, 50, STREAM_PAGE_SIZE]) {
      expect(await collect(guide.stream(few, FROM, TO, pageSize)), `page size ${pageSize}`).toEqual(
        expected,
      );
    }
  });

  it('reads a window of one channel, and nothing for no channels', async () => {
    const one = [channels[1] ?? ''];
    expect(await collect(guide.stream(one, FROM, TO, 4))).toEqual(
      await guide.window(one, FROM, TO),
    );
    expect(await collect(guide.stream([], FROM, TO))).toEqual([]);
  });
});

describe('GuideRepository.fingerprint', () => {
  it('counts the channels, shows and the timeslots the window reads', async () => {
    const fingerprint = await guide.fingerprint(organization, { channels, from: FROM, to: TO });
    expect(fingerprint).toMatchObject({
      channels: 4,
      shows: 1,
      updated: '2026-11-01 00:00:00.000Z',
    });
    // Per seeded channel: the one running at FROM onwards (the one that ended earlier is before
    // the bound, the one at TO after it); cancelled rows and the one without a show included. Plus the busy channel's
    // two-minute timeslots that start before TO.
    const seeded = [0, 1, 2].reduce((sum, index) => {
      const count = 40 + index * 7;
      return sum + 1 + count + Math.ceil(count / 9) + 1;
    }, 0);
    expect(fingerprint.timeslots).toBe(seeded + (TO - FROM) / 120_000);
    expect((await guide.fingerprint(organization, null)).timeslots).toBe(0);
  });
});

describe('a feed longer than one page', () => {
  it('reads every programme, page after page, into the feed', async () => {
    const response = await server.fetch(`${FEEDS_PATH}/paging/xmltv.xml`);
    expect(response.status).toBe(200);
    const text = await response.text();
    // The frozen clock's window: 2026-12-01 00:00 UTC (yesterday) to 2026-12-16.
    const window = await guide.window(channels, FROM - 5 * HOUR, FROM - 5 * HOUR + 15 * 24 * HOUR);
    expect(window.length).toBeGreaterThan(STREAM_PAGE_SIZE * 2);
    expect(text.match(/<programme /g)?.length).toBe(window.length);
    const ids = [
      ...text.matchAll(
        / start="(\d{14}) \+0000" stop="\d{14} \+0000" channel="(c\d)\.paging\.airgrid"/g,
      ),
    ].map(([, start, channel]) => `${channel} ${start}`);
    expect(ids).toHaveLength(window.length);
    expect(text.endsWith('</tv>\n')).toBe(true);
  });
});
