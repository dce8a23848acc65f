import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRecurrence,
  buildTimeslot,
  client,
  createChannel,
  createRecurrence,
  createShow,
  failure,
  signUpOwner,
  superuser,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { COLLECTION_MODULES } from '../features/index.js';
import { scopedRelations } from './tenancy.js';

// Tenancy as a matrix: for every relation field of every collection that points into an
// organization, organization B pointing it at organization A's record is refused with the same
// field error as a record that does not exist, on create, update and batch. The table below
// must name every such field: a new relation without a case here fails the first test.

let server: TestServer;
let stationA: Awaited<ReturnType<typeof signUpOwner>>;
let stationB: Awaited<ReturnType<typeof signUpOwner>>;

/** A's records that B's relations will point at, and B's own, for valid neighbours. */
interface Records {
  channel: string;
  show: string;
  series: string;
  recurrence: string;
  user: string;
  podcast: string;
  webhook: string;
  kind: string;
  item: string;
  timeslot: string;
  sponsor: string;
  ad: string;
  campaign: string;
  asRunImport: string;
}
let a: Records;
let b: Records;

async function recordsOf(station: typeof stationA, prefix: string): Promise<Records> {
  const organization = station.organization.id;
  const pb = station.pb;
  const channel = await createChannel(pb, organization, {
    name: `${prefix} Private`,
    public: false,
  });
  const series = await pb.collection('series').create({ organization, title: `${prefix} Series` });
  const show = await createShow(pb, organization, {
    title: `${prefix} Confidential Board Meeting`,
  });
  const recurrence = await createRecurrence(pb, organization, {
    channel: channel.id,
    show: show.id,
  });
  const podcast = await pb.collection('podcasts').create({
    organization,
    title: `${prefix} Podcast`,
    slug: `${prefix.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}`,
  });
  // Webhooks are made by their route, which checks the receiver's address; the record is all
  // the relation needs, so a superuser writes it.
  const webhook = await (await superuser(server)).collection('webhooks').create({
    organization,
    url: 'https://example.org/hook',
    events: ['show.changed'],
  });
  const kind = await pb
    .collection('certificationKinds')
    .create({ organization, name: `${prefix} Studio camera` });
  const item = await pb.collection('equipment').create({ organization, name: `${prefix} Camera` });
  const sponsor = await pb
    .collection('sponsors')
    .create({ organization, name: `${prefix} Bakery` });
  const ad = await pb
    .collection('ads')
    .create({ organization, title: `${prefix} Bakery spot`, sponsor: sponsor.id });
  const campaign = await pb.collection('campaigns').create({
    organization,
    name: `${prefix} Bakery spring`,
    sponsor: sponsor.id,
    flightStart: '2031-04-01',
    flightEnd: '2031-04-30',
  });
  const timeslot = await pb.collection('timeslots').create(
    buildTimeslot(organization, {
      channel: channel.id,
      show: show.id,
      start: '2031-04-01 12:00:00.000Z',
    }),
  );
  // Imports are made by their route; the record is all the relation needs.
  const asRunImport = await (await superuser(server)).collection('asRunImports').create({
    organization,
    channel: channel.id,
    periodStart: '2031-04-01 00:00:00.000Z',
    periodEnd: '2031-04-02 00:00:00.000Z',
  });
  return {
    asRunImport: asRunImport.id,
    sponsor: sponsor.id,
    ad: ad.id,
    campaign: campaign.id,
    timeslot: timeslot.id,
    kind: kind.id,
    item: item.id,
    channel: channel.id,
    show: show.id,
    series: series.id,
    recurrence: recurrence.id,
    user: station.record.id,
    podcast: podcast.id,
    webhook: webhook.id,
  };
}

/**
 * For each collection.field: a valid record of B's with that field pointing at `target`. The
 * other relations point at B's own records, so only the field under test is foreign.
 */
const CASES: Record<string, (target: string) => Record<string, unknown>> = {
  'timeslots.channel': (target) => timeslot({ channel: target }),
  'timeslots.show': (target) => timeslot({ show: target }),
  'timeslots.recurrence': (target) => timeslot({ recurrence: target }),
  'recurrences.channel': (target) => recurrence({ channel: target }),
  'recurrences.show': (target) => recurrence({ show: target }),
  'shows.series': (target) => ({ organization: org(), title: 'B show', series: target }),
  'shows.producer': (target) => ({ organization: org(), title: 'B show', producer: target }),
  'embeds.channels': (target) => ({
    organization: org(),
    name: 'B widget',
    kind: 'guide',
    channels: [b.channel, target],
  }),
  // B cannot create a second organization (the create rule), so only the update reaches the
  // engine's check; B's own organization is the record updated.
  'organizations.landingChannel': (target) => ({
    name: 'B again',
    slug: `b-again-${Math.random().toString(36).slice(2, 8)}`,
    timeZone: 'UTC',
    landingChannel: target,
  }),
  'captions.show': (target) => ({
    organization: org(),
    show: target,
    kind: 'captions',
    language: 'en',
    status: 'draft',
  }),
  'episodes.podcast': (target) => episode({ podcast: target }),
  'episodes.show': (target) => episode({ show: target }),
  // Only the sender themselves may be named (the rule); the engine keeps it in their organization.
  'feedback.user': (target) => ({ message: 'Hello', user: target }),
  // Created by the server only (createRule null): notify() may write to any user.
  'notifications.user': (target) => ({ user: target, title: 'Hi', type: 'info' }),
  // Made by POST /api/v1/api-keys only (createRule null), which names the requester; a client
  // never sets `createdBy` (a system field): api-keys.integration.test.ts tries.
  'apiKeys.createdBy': (target) => ({
    organization: org(),
    name: 'B key',
    role: 'viewer',
    createdBy: target,
  }),
  // Written by the server only (createRule null): a delivery is queued for the webhook whose
  // organization's event it carries.
  'webhookDeliveries.webhook': (target) => ({
    organization: org(),
    webhook: target,
    event: 'ping',
    status: 'pending',
  }),
  // Written by the server only (createRule null): "Sync now" names the requester.
  'certifications.member': (target) => certification({ member: target }),
  'certifications.kind': (target) => certification({ kind: target }),
  'equipment.certificationRequired': (target) => ({
    organization: org(),
    name: 'B camera',
    certificationRequired: target,
  }),
  'reservations.equipment': (target) => reservation({ equipment: target }),
  'reservations.member': (target) => reservation({ member: target }),
  // Written by /api/v1/submissions only (createRule null), which names the submitter and,
  // on approval, the show it made.
  'submissions.submitter': (target) => submission({ submitter: target }),
  'submissions.show': (target) => submission({ show: target }),
  // The filler rotation (features/playout), a list like an embed's channels.
  'channels.filler': (target) => ({
    organization: org(),
    name: 'B channel',
    slug: `b-${Math.random().toString(36).slice(2, 8)}`,
    timeZone: 'UTC',
    filler: [b.show, target],
  }),
  // Written by the packaging jobs only (createRule null).
  'playoutPackages.show': (target) => playoutPackage({ show: target }),
  'playoutPackages.channel': (target) => playoutPackage({ channel: target }),
  'playoutPackages.ad': (target) => playoutPackage({ ad: target }),
  // The as-run log, written by the server only (createRule null).
  'asRun.channel': (target) => asRunEntry({ channel: target }),
  'asRun.show': (target) => asRunEntry({ show: target }),
  'asRun.timeslot': (target) => asRunEntry({ timeslot: target }),
  'asRun.ad': (target) => asRunEntry({ kind: 'spot', ad: target }),
  // The spot library (features/ads).
  'ads.sponsor': (target) => ({ organization: org(), title: 'B spot', sponsor: target }),
  // Campaigns (features/campaigns); placements are the server's alone.
  'campaigns.sponsor': (target) => campaign({ sponsor: target }),
  'campaigns.channels': (target) => campaign({ channels: [target] }),
  'campaigns.ads': (target) => campaign({ ads: [target] }),
  'placements.campaign': (target) => placement({ campaign: target }),
  'placements.ad': (target) => placement({ ad: target }),
  'placements.channel': (target) => placement({ channel: target }),
  'placements.timeslot': (target) => placement({ timeslot: target }),
  'placements.show': (target) => placement({ show: target }),
  'asRunImports.channel': (target) => asRunImport({ channel: target }),
  'asRunImports.importedBy': (target) => asRunImport({ importedBy: target }),
  'importedAirings.asRunImport': (target) => importedAiring({ asRunImport: target }),
  'importedAirings.channel': (target) => importedAiring({ channel: target }),
  'importedAirings.ad': (target) => importedAiring({ ad: target }),
  // Viewers now (features/analytics), written by the server only (createRule null).
  'audienceNow.channel': (target) => ({ organization: org(), channel: target, viewers: 1 }),
  'cablecastSyncs.requestedBy': (target) => ({
    organization: org(),
    trigger: 'manual',
    state: 'queued',
    requestedBy: target,
  }),
};

/** Collections whose own rules refuse B before the engine's relation check is reached. */
const RULE_REFUSES = new Set([
  'feedback',
  'notifications',
  'organizations',
  'apiKeys',
  'webhookDeliveries',
  'cablecastSyncs',
  'submissions',
  'playoutPackages',
  'asRun',
  'placements',
  'asRunImports',
  'importedAirings',
  'audienceNow',
]);

/** Which of A's records a field points at, by the field's target collection. */
function targetOf(collection: string): string {
  const ids: Record<string, string> = {
    channels: a.channel,
    shows: a.show,
    series: a.series,
    recurrences: a.recurrence,
    users: a.user,
    podcasts: a.podcast,
    webhooks: a.webhook,
    certificationKinds: a.kind,
    equipment: a.item,
    timeslots: a.timeslot,
    sponsors: a.sponsor,
    ads: a.ad,
    campaigns: a.campaign,
    asRunImports: a.asRunImport,
  };
  const id = ids[collection];
  if (!id) throw new Error(`no record of A in ${collection}: add one to recordsOf`);
  return id;
}

const org = () => stationB.organization.id;

function campaign(overrides: Record<string, unknown>) {
  return {
    organization: org(),
    name: 'B campaign',
    sponsor: b.sponsor,
    flightStart: '2031-04-01',
    flightEnd: '2031-04-30',
    ...overrides,
  };
}
function placement(overrides: Record<string, unknown>) {
  return {
    organization: org(),
    campaign: b.campaign,
    ad: b.ad,
    channel: b.channel,
    breakId: 'x:0:end',
    start: '2031-04-01 12:00:00.000Z',
    ...overrides,
  };
}
function asRunImport(overrides: Record<string, unknown>) {
  return {
    organization: org(),
    channel: b.channel,
    periodStart: '2031-04-01 00:00:00.000Z',
    periodEnd: '2031-04-02 00:00:00.000Z',
    ...overrides,
  };
}
function importedAiring(overrides: Record<string, unknown>) {
  return {
    organization: org(),
    asRunImport: b.asRunImport,
    channel: b.channel,
    ad: b.ad,
    start: '2031-04-01 12:00:00.000Z',
    status: 'aired',
    ...overrides,
  };
}
function asRunEntry(overrides: Record<string, unknown>) {
  return {
    organization: org(),
    channel: b.channel,
    kind: 'programme',
    package: 'pkg000000000000',
    start: '2031-01-01 12:00:00.000Z',
    end: '2031-01-01 12:00:06.000Z',
    ...overrides,
  };
}
function playoutPackage(overrides: Record<string, unknown>) {
  return { organization: org(), profile: '720p30', source: 'x.mp4', segments: 1, ...overrides };
}
let slot = 0;
function timeslot(overrides: Record<string, unknown>) {
  slot += 1;
  return buildTimeslot(org(), {
    channel: b.channel,
    show: b.show,
    start: `2031-02-${String(slot).padStart(2, '0')} 12:00:00.000Z`,
    ...overrides,
  });
}
function submission(overrides: Record<string, unknown>) {
  return {
    organization: org(),
    title: 'B submission',
    submitterName: 'B',
    submitterEmail: 'b@example.org',
    status: 'pending',
    ...overrides,
  };
}
function certification(overrides: Record<string, unknown>) {
  return {
    organization: org(),
    member: b.user,
    kind: b.kind,
    granted: '2031-01-01 00:00:00.000Z',
    ...overrides,
  };
}
let reserved = 0;
function reservation(overrides: Record<string, unknown>) {
  reserved += 1;
  const day = String(reserved).padStart(2, '0');
  return {
    organization: org(),
    equipment: b.item,
    member: b.user,
    starts: `2031-03-${day} 10:00:00.000Z`,
    ends: `2031-03-${day} 12:00:00.000Z`,
    ...overrides,
  };
}
function episode(overrides: Record<string, unknown>) {
  return { organization: org(), podcast: b.podcast, title: 'B episode', ...overrides };
}
function recurrence(overrides: Record<string, unknown>) {
  return buildRecurrence(org(), {
    channel: b.channel,
    show: b.show,
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    startLocal: '2031-01-07T12:00',
    ...overrides,
  });
}

const MISSING = {
  code: 'validation_missing_rel_records',
  message: 'Failed to find all relation records with the provided ids.',
};

/** Relation fields that point into organizations, as `collection.field`. */
const scopedFields = COLLECTION_MODULES.flatMap(({ definition }) =>
  scopedRelations(
    definition,
    (name) => COLLECTION_MODULES.find((m) => m.definition.name === name)?.definition,
  )
    .filter(({ column }) => column !== undefined)
    .map(({ field, target }) => ({ key: `${definition.name}.${field.name}`, field, target })),
);

beforeAll(async () => {
  server = await startTestServer();
  stationA = await signUpOwner(server);
  stationB = await signUpOwner(server);
  a = await recordsOf(stationA, 'A');
  b = await recordsOf(stationB, 'B');
});

afterAll(async () => {
  await server?.stop();
});

describe('relations stay inside the organization', () => {
  it('has a case for every relation into an organization', () => {
    expect(scopedFields.map(({ key }) => key).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const key of Object.keys(CASES)) {
    const [collection = '', fieldName = ''] = key.split('.');
    it(`${key}: answers A's record on create exactly as a missing one`, async () => {
      const build = CASES[key];
      if (!build) throw new Error(key);
      const target = targetOf(scopedFields.find((f) => f.key === key)?.target.name ?? '');
      const foreign = await failure(stationB.pb.collection(collection).create(build(target)));
      const missing = await failure(
        stationB.pb.collection(collection).create(build('zzzzzzzzzzzzzzz')),
      );
      expect(missing).toEqual(foreign);
      // Where B's rules let the write through, the engine names the field.
      if (!RULE_REFUSES.has(collection))
        expect(foreign).toEqual({
          status: 400,
          message: 'Failed to create record.',
          data: { [fieldName]: MISSING },
        });
      else expect([400, 403]).toContain(foreign.status);
    });

    it(`${key}: refuses A's record on update and in a batch`, async () => {
      const build = CASES[key];
      if (
        !build ||
        [
          'feedback',
          'notifications',
          'apiKeys',
          'webhookDeliveries',
          'cablecastSyncs',
          'submissions',
          'playoutPackages',
          'asRun',
          'placements',
          'asRunImports',
          'importedAirings',
          'audienceNow',
        ].includes(collection)
      )
        return;
      const target = targetOf(scopedFields.find((f) => f.key === key)?.target.name ?? '');
      // A valid record of B's first (its own relations), then the one field pointed at A.
      const own =
        collection === 'organizations'
          ? stationB.organization
          : await stationB.pb.collection(collection).create(build(ownOf(key)));
      const value =
        fieldName === 'channels'
          ? [b.channel, target]
          : fieldName === 'filler'
            ? [b.show, target]
            : fieldName === 'ads'
              ? [b.ad, target]
              : target;
      const updated = await failure(
        stationB.pb.collection(collection).update(own.id, { [fieldName]: value }),
      );
      expect(updated).toMatchObject({ status: 400, data: { [fieldName]: MISSING } });

      const batch = stationB.pb.createBatch();
      if (collection === 'organizations')
        batch.collection(collection).update(own.id, { [fieldName]: target });
      else batch.collection(collection).create(build(target));
      const refused = await failure(batch.send());
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain('validation_missing_rel_records');
    });
  }
});

/** B's own record for the field's target, so the first write is valid. */
function ownOf(key: string): string {
  const target = scopedFields.find((f) => f.key === key)?.target.name;
  const ids: Record<string, string> = {
    channels: b.channel,
    shows: b.show,
    series: b.series,
    recurrences: b.recurrence,
    users: b.user,
    podcasts: b.podcast,
    certificationKinds: b.kind,
    equipment: b.item,
    sponsors: b.sponsor,
    ads: b.ad,
    campaigns: b.campaign,
    timeslots: b.timeslot,
    asRunImports: b.asRunImport,
  };
  return ids[target ?? ''] ?? '';
}

describe("another organization's schedule", () => {
  it('cannot be booked, and its titles are never named', async () => {
    // A books an hour on its private channel.
    await stationA.pb.collection('timeslots').create({
      organization: stationA.organization.id,
      channel: a.channel,
      show: a.show,
      start: '2031-03-01 12:00:00.000Z',
      durationSec: 3600,
    });
    const refused = await failure(
      stationB.pb.collection('timeslots').create({
        organization: stationB.organization.id,
        channel: a.channel,
        show: b.show,
        start: '2031-03-01 12:00:00.000Z',
        durationSec: 3600,
      }),
    );
    expect(refused.data).toEqual({ channel: MISSING });
    expect(JSON.stringify(refused)).not.toContain('A Confidential');
  });

  it("keeps rows written before the check out of A's guide and feeds, and A's bookings free", async () => {
    // A row as the old engine let it in: B's timeslot of B's show on A's public channel.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const start = `${day} 12:00:00.000Z`;
    const publicA = await createChannel(stationA.pb, stationA.organization.id, {
      name: 'A Public',
      public: true,
    });
    await server.database.db
      .insertInto('timeslots')
      .values({
        id: 'spamspamspam001',
        organization: stationB.organization.id,
        channel: publicA.id,
        show: b.show,
        start,
        durationSec: 3600,
        status: 'scheduled',
        recurrence: '',
        locked: false,
        bundle: '',
        source: 'manual',
        note: '',
        occurrence: '',
        created: '2031-01-01 00:00:00.000Z',
        updated: '2031-01-01 00:00:00.000Z',
      } as never)
      .execute();

    const guide = await fetch(
      `${server.url}/api/v1/guide?organization=${stationA.organization.id}&from=${day}T00:00:00Z&to=${day}T23:00:00Z`,
    );
    expect(guide.status).toBe(200);
    expect(await guide.text()).not.toContain('B Confidential');

    const xmltv = await fetch(`${server.url}/api/v1/feeds/${stationA.organization.slug}/xmltv.xml`);
    expect(xmltv.status).toBe(200);
    expect(await xmltv.text()).not.toContain('B Confidential');

    // A's own booking of that hour is not refused because of B's row.
    const booked = await stationA.pb.collection('timeslots').create({
      organization: stationA.organization.id,
      channel: publicA.id,
      show: a.show,
      start,
      durationSec: 3600,
    });
    expect(booked.channel).toBe(publicA.id);
  });

  it("lets a guest and another organization's owner expand nothing of A's", async () => {
    const guest = client(server);
    for (const pb of [guest, stationB.pb]) {
      const list = await pb.collection('channels').getList(1, 50, {
        expand: 'organization,timeslots_via_channel.show',
      });
      expect(JSON.stringify(list)).not.toContain('A Confidential');
    }
  });
});

describe("another organization's remittance details", () => {
  it('cannot be read, listed, written or created in its name', async () => {
    const mine = await stationA.pb.collection('remittances').create({
      organization: stationA.organization.id,
      bankName: 'A Confidential Bank',
      routingNumber: '021000021',
    });
    expect(await stationB.pb.collection('remittances').getFullList()).toEqual([]);
    expect((await failure(stationB.pb.collection('remittances').getOne(mine.id))).status).toBe(404);
    const update = await failure(
      stationB.pb.collection('remittances').update(mine.id, { bankName: 'B Bank' }),
    );
    expect(update.status).toBe(404);
    const create = await failure(
      stationB.pb
        .collection('remittances')
        .create({ organization: stationA.organization.id, bankName: 'B Bank' }),
    );
    expect([400, 403]).toContain(create.status);
    expect((await stationA.pb.collection('remittances').getOne(mine.id)).bankName).toBe(
      'A Confidential Bank',
    );
  });
});
