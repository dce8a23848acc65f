import type { AdRecord, CampaignRecord, PlacementRecord, SponsorRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createMember,
  failure,
  signUpOwner,
  superuser,
  tinyWav,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Campaigns through the SDK, on SQLite and PostgreSQL (issue 40): who keeps and reads them,
// their defaults, and every check a write goes through, each said on its field: the flight as
// whole days, dayparts the placement engine can read, weights for the rotation's spots, the
// sponsor's own spots (not archived ones), and what a booked campaign needs to be placed. Only
// drafts are deleted; the delivery and the placements are the server's to write.

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let organization: string;
let root: PocketBase;
let staff: Record<'owner' | 'admin' | 'editor', PocketBase>;
let readers: Record<'producer' | 'viewer', PocketBase>;
let guest: PocketBase;
let stranger: Awaited<ReturnType<typeof signUpOwner>>;
let channel: string;
let sponsor: SponsorRecord;
let otherSponsor: SponsorRecord;
/** The sponsor's spot that can air (active, with its media). */
let airing: AdRecord;
/** The sponsor's draft spot, and another sponsor's spot. */
let draft: AdRecord;
let foreign: AdRecord;

beforeAll(async () => {
  server = await startTestServer();
  station = await signUpOwner(server);
  organization = station.organization.id;
  root = await superuser(server);
  const member = async (role: 'admin' | 'editor' | 'producer' | 'viewer') =>
    (await createMember(server, organization, role, root)).pb;
  staff = { owner: station.pb, admin: await member('admin'), editor: await member('editor') };
  readers = { producer: await member('producer'), viewer: await member('viewer') };
  guest = client(server);
  stranger = await signUpOwner(server);
  channel = (await createChannel(station.pb, organization)).id;
  const sponsors = station.pb.collection('sponsors');
  sponsor = await sponsors.create({ organization, name: 'Hilltop Bakery' });
  otherSponsor = await sponsors.create({ organization, name: 'Riverside Credit Union' });
  const ads = station.pb.collection('ads');
  airing = await ads.create<AdRecord>({
    organization,
    title: 'Bakery spring 30',
    sponsor: sponsor.id,
    status: 'active',
    media: new File([tinyWav()], 'bakery.wav', { type: 'audio/wav' }),
  });
  draft = await ads.create<AdRecord>({ organization, title: 'Bakery 15', sponsor: sponsor.id });
  foreign = await ads.create<AdRecord>({
    organization,
    title: 'Credit union 15',
    sponsor: otherSponsor.id,
  });
});

afterAll(async () => {
  await server?.stop();
});

const field = (refusal: { data: Record<string, unknown> }, name: string) =>
  (refusal.data[name] ?? {}) as { code?: string; message?: string };

const newCampaign = (pb: PocketBase, fields: Record<string, unknown> = {}) =>
  pb.collection('campaigns').create<CampaignRecord>({
    organization,
    name: 'Bakery spring',
    sponsor: sponsor.id,
    flightStart: '2031-04-01',
    flightEnd: '2031-04-30',
    ...fields,
  });

/** What a campaign needs to be booked. */
const bookable = () => ({ channels: [channel], ads: [airing.id], goalSpots: 12 });

describe('campaigns', () => {
  it('are kept by staff and read by members; guests and other stations see none', async () => {
    for (const [role, pb] of Object.entries(staff)) {
      const made = await newCampaign(pb, { name: `${role}’s campaign` });
      const edited = await pb
        .collection('campaigns')
        .update<CampaignRecord>(made.id, { notes: `Kept by the ${role}`, ...bookable() });
      expect(edited).toMatchObject({ notes: `Kept by the ${role}`, goalSpots: 12 });
    }
    const campaign = await newCampaign(staff.editor);
    for (const pb of Object.values(readers)) {
      const read = await pb.collection('campaigns').getOne<CampaignRecord>(campaign.id);
      expect(read.name).toBe('Bakery spring');
      expect((await failure(newCampaign(pb))).status).toBe(400);
      const update = pb.collection('campaigns').update(campaign.id, { name: 'Mine' });
      expect((await failure(update)).status).toBe(404);
      expect((await failure(pb.collection('campaigns').delete(campaign.id))).status).toBe(404);
    }
    for (const pb of [guest, stranger.pb]) {
      expect((await pb.collection('campaigns').getList()).items).toEqual([]);
      expect((await failure(pb.collection('campaigns').getOne(campaign.id))).status).toBe(404);
      expect((await failure(newCampaign(pb))).status).toBe(400);
      const update = pb.collection('campaigns').update(campaign.id, { name: 'Ours' });
      expect((await failure(update)).status).toBe(404);
    }
  });

  it('start as weekly drafts of priority 5, airing any time, with an even rotation', async () => {
    const campaign = await newCampaign(staff.editor);
    expect(campaign).toMatchObject({
      status: 'draft',
      goalPer: 'week',
      priority: 5,
      dayparts: [],
      weights: {},
      flightStart: '2031-04-01 00:00:00.000Z',
      flightEnd: '2031-04-30 00:00:00.000Z',
    });
  });

  it('fly from a day to a day on or after it, and say so otherwise', async () => {
    const backwards = await failure(
      newCampaign(staff.editor, { flightStart: '2031-04-30', flightEnd: '2031-04-01' }),
    );
    expect(field(backwards, 'flightEnd')).toEqual({
      code: 'validation_invalid_date_range',
      message: "Must be on or after the flight's first day (2031-04-30).",
    });
    const oneDay = await newCampaign(staff.editor, {
      flightStart: '2031-04-30 14:00:00.000Z',
      flightEnd: '2031-04-30 09:00:00.000Z',
    });
    expect(oneDay.flightEnd).toBe('2031-04-30 00:00:00.000Z');
  });

  it('keep dayparts the placement engine reads, and say which one is wrong', async () => {
    const campaign = await newCampaign(staff.editor, {
      dayparts: [
        { days: [5, 1, 3], from: '18:00', to: '21:00', note: 'dropped' },
        { days: [6, 7], from: '22:00', to: '24:00' },
      ],
    });
    expect(campaign.dayparts).toEqual([
      { days: [1, 3, 5], from: '18:00', to: '21:00' },
      { days: [6, 7], from: '22:00', to: '24:00' },
    ]);
    const cases: [unknown, string][] = [
      [{ days: 'weekdays' }, 'Dayparts are a list.'],
      [[{ days: [], from: '18:00', to: '21:00' }], 'Daypart 1 has no days.'],
      [[{ days: [0, 8], from: '18:00', to: '21:00' }], 'Daypart 1: days are 1 (Monday)'],
      [[{ days: [1, 1], from: '18:00', to: '21:00' }], 'Daypart 1 names a day twice.'],
      [
        [
          { days: [1], from: '06:00', to: '09:00' },
          { days: [2], from: '24:00', to: '09:00' },
        ],
        'Daypart 2: the from time must be HH:MM, 00:00 to 23:59.',
      ],
      [[{ days: [1], from: '6:00', to: '09:00' }], 'Daypart 1: the from time'],
      [[{ days: [1], from: '18:00', to: '24:30' }], 'Daypart 1: the to time'],
      [[{ days: [1], from: '18:00' }], 'Daypart 1: the to time'],
      [['weekdays'], 'Daypart 1 is not one.'],
      [
        Array.from({ length: 15 }, () => ({ days: [1], from: '06:00', to: '07:00' })),
        'At most 14 dayparts (this has 15)',
      ],
    ];
    for (const [dayparts, said] of cases) {
      const refused = await failure(
        staff.editor.collection('campaigns').update(campaign.id, { dayparts }),
      );
      expect(field(refused, 'dayparts').code).toBe('validation_invalid_dayparts');
      expect(field(refused, 'dayparts').message).toContain(said);
    }
    const kept = await staff.editor.collection('campaigns').getOne<CampaignRecord>(campaign.id);
    expect(kept.dayparts).toHaveLength(2);
    // Emptied, it airs any time.
    const cleared = await staff.editor
      .collection('campaigns')
      .update<CampaignRecord>(campaign.id, { dayparts: null });
    expect(cleared.dayparts).toEqual([]);
  });

  it('weigh only the spots of the rotation, each by a positive number', async () => {
    const campaign = await newCampaign(staff.editor, {
      ads: [airing.id, draft.id],
      weights: { [airing.id]: 2, [draft.id]: 0.5, [foreign.id]: 3, nothing: 1 },
    });
    expect(campaign.weights).toEqual({ [airing.id]: 2, [draft.id]: 0.5 });
    // A spot taken out of the rotation takes its weight with it.
    const fewer = await staff.editor
      .collection('campaigns')
      .update<CampaignRecord>(campaign.id, { ads: [airing.id] });
    expect(fewer.weights).toEqual({ [airing.id]: 2 });
    for (const weights of [{ [airing.id]: 0 }, { [airing.id]: -1 }, { [airing.id]: '2' }, [2]]) {
      const refused = await failure(
        staff.editor.collection('campaigns').update(campaign.id, { weights }),
      );
      expect(field(refused, 'weights')).toMatchObject({
        code: 'validation_invalid_weights',
        message: expect.stringContaining('a number above 0'),
      });
    }
  });

  it('rotate only their sponsor’s spots, naming any other', async () => {
    const refused = await failure(newCampaign(staff.editor, { ads: [airing.id, foreign.id] }));
    expect(field(refused, 'ads')).toEqual({
      code: 'validation_invalid_rotation',
      message:
        '“Credit union 15” is not this sponsor’s spot: a campaign rotates only its sponsor’s spots.',
    });
    // Changing the sponsor leaves the old sponsor's spots named.
    const campaign = await newCampaign(staff.editor, { ads: [airing.id] });
    const moved = await failure(
      staff.editor.collection('campaigns').update(campaign.id, { sponsor: otherSponsor.id }),
    );
    expect(field(moved, 'ads').message).toContain('“Bakery spring 30” is not this sponsor’s spot');
    const both = await staff.editor
      .collection('campaigns')
      .update<CampaignRecord>(campaign.id, { sponsor: otherSponsor.id, ads: [foreign.id] });
    expect(both.ads).toEqual([foreign.id]);
  });

  it('take no archived spot, but keep one archived after it was chosen', async () => {
    const spot = await staff.editor
      .collection('ads')
      .create<AdRecord>({ organization, title: 'Bakery winter 30', sponsor: sponsor.id });
    const campaign = await newCampaign(staff.editor, { ads: [spot.id] });
    await staff.editor.collection('ads').update(spot.id, { status: 'archived' });
    const renamed = await staff.editor
      .collection('campaigns')
      .update<CampaignRecord>(campaign.id, { name: 'Bakery winter' });
    expect(renamed.ads).toEqual([spot.id]);
    const refused = await failure(newCampaign(staff.editor, { ads: [spot.id] }));
    expect(field(refused, 'ads').message).toBe(
      '“Bakery winter 30” is archived: restore it in Ads, or leave it out.',
    );
  });

  it('are booked once they have a channel, a spot that can air and a goal, all said at once', async () => {
    const refused = await failure(newCampaign(staff.editor, { status: 'booked' }));
    expect(Object.keys(refused.data).sort()).toEqual(['ads', 'channels', 'goalSpots']);
    expect(field(refused, 'channels')).toMatchObject({
      code: 'validation_booked_needs_channel',
      message: 'A booked campaign airs on at least one channel: choose its channels.',
    });
    expect(field(refused, 'goalSpots').code).toBe('validation_booked_needs_goal');
    expect(field(refused, 'ads').code).toBe('validation_booked_needs_spot');

    // A draft spot cannot air yet.
    const campaign = await newCampaign(staff.editor, { ...bookable(), ads: [draft.id] });
    const draftOnly = await failure(
      staff.editor.collection('campaigns').update(campaign.id, { status: 'booked' }),
    );
    expect(Object.keys(draftOnly.data)).toEqual(['ads']);
    expect(field(draftOnly, 'ads').message).toContain('at least one active spot');

    const campaigns = staff.editor.collection('campaigns');
    const booked = await campaigns.update<CampaignRecord>(campaign.id, {
      status: 'booked',
      ads: [draft.id, airing.id],
    });
    expect(booked.status).toBe('booked');
    // A booked campaign keeps what booking needs; paused, resumed, ended.
    const emptied = await failure(campaigns.update(campaign.id, { channels: [] }));
    expect(Object.keys(emptied.data)).toEqual(['channels']);
    for (const status of ['paused', 'booked', 'ended'] as const) {
      expect((await campaigns.update<CampaignRecord>(campaign.id, { status })).status).toBe(status);
    }
    // An ended campaign stays ended; nothing booked goes back to draft.
    const reopened = await failure(campaigns.update(campaign.id, { status: 'booked' }));
    expect(field(reopened, 'status')).toMatchObject({
      code: 'validation_invalid_status_change',
      message: 'An ended campaign stays ended: make a new campaign for another flight.',
    });
    const other = await newCampaign(staff.editor, { ...bookable(), status: 'booked' });
    expect(
      field(await failure(campaigns.update(other.id, { status: 'draft' })), 'status').message,
    ).toBe('A booked campaign cannot become draft: pause it instead.');
  });

  it('are deleted only as drafts', async () => {
    const campaigns = staff.owner.collection('campaigns');
    const booked = await newCampaign(staff.editor, { ...bookable(), status: 'booked' });
    expect((await failure(campaigns.delete(booked.id))).status).toBe(404);
    await campaigns.update(booked.id, { status: 'ended' });
    expect((await failure(campaigns.delete(booked.id))).status).toBe(404);
    const drafted = await newCampaign(staff.editor);
    await staff.editor.collection('campaigns').delete(drafted.id);
    expect((await failure(campaigns.getOne(drafted.id))).status).toBe(404);
  });
});

describe('delivery and placements', () => {
  it('are the server’s to write, and members read them', async () => {
    // A flight already over: the placement service leaves it as it is, so what root writes
    // below stays written (a flight to come would be placed again a second after each change).
    const campaign = await newCampaign(staff.editor, {
      ...bookable(),
      status: 'booked',
      flightStart: '2020-03-01',
      flightEnd: '2020-03-31',
    });
    const delivery = {
      placedAt: Date.UTC(2031, 2, 31),
      per: 'week',
      placed: 10,
      goal: 12,
      shortfall: 2,
      periods: [{ period: '2031-03-31', goal: 12, placed: 10, shortfall: 2 }],
    };
    // Staff cannot write the delivery (a system field): it is quietly kept as it was.
    const tried = await staff.owner
      .collection('campaigns')
      .update<CampaignRecord>(campaign.id, { delivery, notes: 'tried' });
    expect(tried.notes).toBe('tried');
    expect(tried.delivery).toBeNull();
    await root.collection('campaigns').update(campaign.id, { delivery });
    const placement = {
      organization,
      campaign: campaign.id,
      ad: airing.id,
      channel,
      breakId: `${channel}:1931000000000:gap`,
      breakKind: 'gap',
      start: '2031-04-01 18:00:00.000Z',
      durationSec: 30,
    };
    for (const pb of Object.values(staff)) {
      expect((await failure(pb.collection('placements').create(placement))).status).toBe(403);
    }
    const placed = await root.collection('placements').create<PlacementRecord>(placement);
    for (const pb of Object.values(readers)) {
      const read = await pb.collection('campaigns').getOne<CampaignRecord>(campaign.id);
      expect(read.delivery).toEqual(delivery);
      const list = await pb
        .collection('placements')
        .getFullList<PlacementRecord>({ filter: `campaign = "${campaign.id}"` });
      expect(list.map(({ id }) => id)).toEqual([placed.id]);
    }
    for (const pb of [guest, stranger.pb]) {
      expect((await pb.collection('placements').getList()).items).toEqual([]);
    }
  });
});
