import { MAX_IMPORT_ROWS } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, createMember, createShow, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let viewer: Awaited<ReturnType<typeof createMember>>;
let organization: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpOwner(server);
  organization = owner.organization.id;
  viewer = await createMember(server, organization, 'viewer');
});

afterAll(async () => {
  await server?.stop();
});

async function post(target: string, body: unknown, pb: PocketBase | null = owner.pb) {
  const response = await server.fetch(`/api/v1/import/${target}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(pb ? { Authorization: pb.authStore.token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const rowsOf = (values: Record<string, unknown>[]) =>
  values.map((value, index) => ({ row: index + 2, values: value }));

async function count(collection: string, filter: string) {
  return (await owner.pb.collection(collection).getList(1, 1, { filter })).totalItems;
}

describe('POST /api/v1/import/shows', () => {
  it('saves far more rows than one batch holds, in the requester’s organization', async () => {
    const rows = rowsOf(
      Array.from({ length: 120 }, (_, index) => ({
        title: `Imported ${index}`,
        durationSec: 1800,
        category: 'Community',
      })),
    );
    const answer = await post('shows', { rows });
    expect(answer.status).toBe(200);
    expect(answer.body.imported).toBe(120);
    expect(answer.body.ids).toHaveLength(120);
    expect(await count('shows', 'title ~ "Imported "')).toBe(120);
    const one = await owner.pb.collection('shows').getOne(String((answer.body.ids as string[])[0]));
    expect(one).toMatchObject({ organization, title: 'Imported 0', durationSec: 1800 });
  });

  it('lists every refused row with its fields and saves none of the others', async () => {
    const rows = rowsOf([
      { title: 'Good one' },
      { title: '' },
      { title: 'Good two' },
      { title: 'x'.repeat(1000), durationSec: -5 },
    ]);
    const answer = await post('shows', { rows });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Nothing was imported: 2 rows have problems.');
    const data = answer.body.data as { rows: Record<string, Record<string, { code: string }>> };
    expect(Object.keys(data.rows)).toEqual(['3', '5']);
    expect(data.rows['3']?.title?.code).toBe('validation_required');
    expect(Object.keys(data.rows['5'] ?? {}).sort()).toEqual(['durationSec', 'title']);
    expect(await count('shows', 'title ~ "Good "')).toBe(0);
  });

  it('says what is wrong with the request itself', async () => {
    expect(await post('shows', { rows: [] })).toMatchObject({ status: 400 });
    expect((await post('shows', { rows: [{ values: {} }] })).body.data).toEqual({
      rows: {
        code: 'validation_invalid_value',
        message: 'Row 1 must be {"row": <its row number>, "values": {...}}.',
      },
    });
    const tooMany = rowsOf(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({ title: 'x' })));
    expect((await post('shows', { rows: tooMany })).body.data).toEqual({
      rows: {
        code: 'validation_length_too_long',
        message: `At most ${MAX_IMPORT_ROWS} rows can be imported at once; this has ${MAX_IMPORT_ROWS + 1}. Split the file.`,
      },
    });
    expect((await post('podcasts', { rows: rowsOf([{ title: 'x' }]) })).status).toBe(404);
    expect((await post('shows', { rows: rowsOf([{ title: 'x' }]) }, null)).status).toBe(401);
  });

  it('refuses every row of a viewer, who cannot create shows', async () => {
    const answer = await post('shows', { rows: rowsOf([{ title: 'Viewer show' }]) }, viewer.pb);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toEqual({
      rows: {
        '2': { row: { code: 'validation_refused', message: 'You cannot create this record.' } },
      },
    });
  });
});

describe('POST /api/v1/import/timeslots', () => {
  let channel: string;
  let council: string;

  beforeAll(async () => {
    channel = (
      await createChannel(owner.pb, organization, {
        name: 'RCTV 1',
        slug: 'rctv-1',
        number: 21,
        timeZone: 'America/New_York',
      })
    ).id;
    await createChannel(owner.pb, organization, { name: 'Twin', number: 30, timeZone: 'UTC' });
    await createChannel(owner.pb, organization, { name: 'Twin', number: 31, timeZone: 'UTC' });
    council = (
      await createShow(owner.pb, organization, { title: 'Council Meeting', durationSec: 5400 })
    ).id;
    await createShow(owner.pb, organization, { title: 'Rerun' });
    await createShow(owner.pb, organization, { title: 'Rerun' });
  });

  it('names channels and shows as a spreadsheet does and reads starts in the channel’s zone', async () => {
    const answer = await post('timeslots', {
      rows: rowsOf([
        // Before and after the end of daylight saving time on 1 November 2026.
        { channel: 'RCTV 1', show: 'council meeting', start: '2026-10-31 19:00' },
        { channel: '21', show: council, start: '2026-11-01 19:00', durationSec: 3600 },
        { channel: 'rctv-1', show: 'Council Meeting', start: '2026-11-02T23:00:00Z', note: 'Live' },
      ]),
    });
    expect(answer.status).toBe(200);
    const saved = await owner.pb
      .collection('timeslots')
      .getFullList({ filter: `channel = "${channel}"`, sort: 'start' });
    expect(saved.map((slot) => [slot.start, slot.durationSec, slot.source, slot.show])).toEqual([
      ['2026-10-31 23:00:00.000Z', 5400, 'import', council], // 19:00 EDT, the show's length
      ['2026-11-02 00:00:00.000Z', 3600, 'import', council], // 19:00 EST
      ['2026-11-02 23:00:00.000Z', 5400, 'import', council],
    ]);
    expect(saved[2]?.note).toBe('Live');
  });

  it('refuses collisions, skipped wall times and unclear names, row by row, saving nothing', async () => {
    const answer = await post('timeslots', {
      rows: rowsOf([
        { channel: 'RCTV 1', show: 'Council Meeting', start: '2026-12-01 19:00' },
        // Collides with the row above, saved earlier in the same import.
        { channel: 'RCTV 1', show: 'Council Meeting', start: '2026-12-01 20:00' },
        { channel: 'RCTV 1', show: 'Council Meeting', start: '2027-03-14 02:30' },
        { channel: 'Twin', show: 'Rerun', start: '2026-12-01 19:00', durationSec: 1800 },
        { channel: 'Nowhere', show: 'Nothing', start: 'tomorrow' },
        { channel: '30', show: 'Council Meeting', start: '12/01/2026 7pm' },
      ]),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Nothing was imported: 5 rows have problems.');
    expect((answer.body.data as { rows: unknown }).rows).toEqual({
      '3': {
        start: {
          code: 'validation_timeslot_overlap',
          message: 'Overlaps "Council Meeting" on RCTV 1 from 19:00 to 20:30 (America/New_York)',
        },
      },
      '4': {
        start: {
          code: 'validation_skipped_local_time',
          message:
            '2027-03-14 02:30 does not exist in America/New_York: the clocks skip it when daylight saving time starts.',
        },
      },
      '5': {
        channel: {
          code: 'validation_ambiguous_reference',
          message: '2 channels are called "Twin": use its number or slug.',
        },
        show: {
          code: 'validation_ambiguous_reference',
          message: '2 shows are called "Rerun": rename one, or use the show’s id.',
        },
      },
      '6': {
        channel: {
          code: 'validation_missing_rel_records',
          message: 'No channel called "Nowhere" in your organization.',
        },
        show: {
          code: 'validation_missing_rel_records',
          message: 'No show called "Nothing" in your organization.',
        },
      },
      '7': {
        start: {
          code: 'validation_invalid_datetime',
          message:
            "Write the start as YYYY-MM-DD HH:MM in Twin's time zone (UTC), e.g. 2026-12-01 19:00.",
        },
      },
    });
    expect(await count('timeslots', 'start >= "2026-12-01 00:00:00.000Z"')).toBe(0);
  });
});
