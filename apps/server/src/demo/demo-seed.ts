import { randomBytes } from 'node:crypto';
import {
  addDays,
  instantToLocal,
  localToInstant,
  QUARTER_HOUR_SEC,
  toRecordDate,
} from '@airgrid/domain';
import { DEFAULT_CURRENCY, organizations } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import { TEST_PATTERN_PATH } from '../assets.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import { enqueueJob } from '../jobs/job-queue-repository.js';
import { stableRecordId } from '../records/record-id.js';
import {
  BULLETIN_BOARD,
  DEMO_CHANNELS,
  DEMO_LOGIN,
  DEMO_LOGO_NAME,
  DEMO_LOGO_SVG,
  DEMO_ORGANIZATION,
  DEMO_SHOWS,
  type DemoChannel,
  type DemoShow,
} from './demo-catalogue.js';
import { seedDemoCommunity } from './demo-community.js';

/** Days of timeslots the seed writes: yesterday, so past airings exist, then a week ahead. */
const FIRST_DAY_OFFSET = -1;
const DAYS = 8;
const INSERT_BATCH = 200;

export interface SeedProgress {
  step: 'organization' | 'channels' | 'shows' | 'timeslots' | 'community';
  done: number;
  total: number;
}

export interface SeedResult {
  organizationId: string;
  channels: number;
  shows: number;
  timeslots: number;
  /** Rows that did not exist before this run (0 when seeding again). */
  inserted: number;
}

export interface SeedOptions {
  clock: Clock;
  /** bcrypt hash of the demo user's password (hashing is the caller's, to keep this free of cost settings). */
  demoPasswordHash: string;
  /**
   * The server's public address: the demo channels stream the built-in test pattern from it
   * (features/streams). Without it they have no stream and the watch page shows the bumper.
   */
  appUrl?: string;
  onProgress?: (progress: SeedProgress) => void;
  /**
   * Stores a file (the file storage's `putBuffer`): given, the demo station gets its logo, as
   * an upload would leave it. Without it the station has no logo.
   */
  storeFile?: (key: string, data: Buffer, contentType: string) => Promise<void>;
  /**
   * The first channel airs through Airgrid playout: its shows become its filler rotation too,
   * and a `demo-media` job (demo-media.ts) gives them sample media, which the playout then
   * packages. Off, every channel plays the test pattern.
   */
  playout?: boolean;
}

/** Whether the database holds any organization (the demo seeds only an empty one). */
export async function hasOrganizations(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes the demo organization, its channels, a catalogue of shows, a week of timeslots, and
 * its community side (demo-community.ts: submissions, equipment, certifications).
 * Idempotent: ids derive from stable keys and each local day's schedule derives from its date
 * alone, so running it again (even on a later day) adds only what is missing and never overlaps.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const { clock, onProgress } = options;
  const now = toRecordDate(clock.now());
  const org = DEMO_ORGANIZATION;
  const organizationId = stableRecordId(`organization:${org.slug}`);

  const existing = await db
    .selectFrom('organizations')
    .select('id')
    .where('slug', '=', org.slug)
    .executeTakeFirst();
  if (existing && existing.id !== organizationId) {
    throw new Error(
      `An organization with the slug "${org.slug}" already exists and was not made by the demo seed; nothing was changed.`,
    );
  }

  const shows = DEMO_SHOWS.map((show) => ({
    show,
    id: stableRecordId(`show:${org.slug}:${show.title}`),
  }));
  const channels = DEMO_CHANNELS.map((channel) => ({
    channel,
    id: stableRecordId(`channel:${org.slug}:${channel.slug}`),
  }));
  const timeslots = channels.flatMap(({ channel, id }) =>
    scheduleChannel(channel, org.timeZone, clock.now(), shows).map((slot) => ({
      ...slot,
      channel: id,
    })),
  );

  let inserted = 0;
  const count = (result: { numInsertedOrUpdatedRows?: bigint }[]) =>
    result.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0n), 0);

  await db.transaction().execute(async (trx) => {
    inserted += count(
      await trx
        .insertInto('organizations')
        .values({
          id: organizationId,
          name: org.name,
          slug: org.slug,
          timeZone: org.timeZone,
          website: org.website,
          contactEmail: org.contactEmail,
          branding: JSON.stringify({ accentColor: org.accentColor }),
          currency: DEFAULT_CURRENCY,
          created: now,
          updated: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),
    );
    const demoUser = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', DEMO_LOGIN.email))
      .executeTakeFirst();
    if (!demoUser) {
      inserted += count(
        await trx
          .insertInto('users')
          .values({
            id: stableRecordId(`user:${DEMO_LOGIN.email}`),
            email: DEMO_LOGIN.email,
            name: DEMO_LOGIN.name,
            password: options.demoPasswordHash,
            tokenKey: randomBytes(24).toString('base64url'),
            verified: true,
            organization: organizationId,
            role: 'owner',
            created: now,
            updated: now,
          })
          .execute(),
      );
    }
    if (options.storeFile) {
      // Also on a demo station seeded before it had a logo; a logo someone chose stays.
      await trx
        .updateTable('organizations')
        .set({ logo: DEMO_LOGO_NAME })
        .where('id', '=', organizationId)
        .where('logo', '=', '')
        .execute();
    }
    onProgress?.({ step: 'organization', done: 1, total: 1 });

    for (const [index, { channel, id }] of channels.entries()) {
      const playout = options.playout === true && index === 0;
      inserted += count(
        await trx
          .insertInto('channels')
          .values({
            id,
            organization: organizationId,
            name: channel.name,
            slug: channel.slug,
            number: channel.number,
            description: channel.description,
            timeZone: org.timeZone,
            public: true,
            streamUrl: options.appUrl ? `${options.appUrl}${TEST_PATTERN_PATH}` : '',
            color: channel.color,
            sortOrder: channel.number,
            ...(playout
              ? {
                  source: 'playout',
                  playoutProfile: DEMO_PLAYOUT_PROFILE,
                  filler: JSON.stringify(fillerOf(channel, shows)),
                }
              : {}),
            created: now,
            updated: now,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute(),
      );
      onProgress?.({ step: 'channels', done: index + 1, total: channels.length });
    }

    for (const [index, { show, id }] of shows.entries()) {
      inserted += count(
        await trx
          .insertInto('shows')
          .values({
            id,
            organization: organizationId,
            title: show.title,
            description: show.description,
            category: show.category,
            rating: show.rating,
            language: 'en',
            durationSec: show.minutes * 60,
            producerName: show.producerName,
            status: 'ready',
            created: now,
            updated: now,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute(),
      );
      onProgress?.({ step: 'shows', done: index + 1, total: shows.length });
    }

    for (let offset = 0; offset < timeslots.length; offset += INSERT_BATCH) {
      const batch = timeslots.slice(offset, offset + INSERT_BATCH).map((slot) => ({
        ...slot,
        organization: organizationId,
        status: 'scheduled',
        source: 'manual',
        created: now,
        updated: now,
      }));
      inserted += count(
        await trx
          .insertInto('timeslots')
          .values(batch)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute(),
      );
      onProgress?.({ step: 'timeslots', done: offset + batch.length, total: timeslots.length });
    }

    const first = channels[0];
    if (options.playout && first && inserted > 0) {
      // The slate first, so the channel is on air within seconds; then the sample media.
      for (const kind of ['playout-slate', 'demo-media'] as const) {
        await enqueueJob(
          trx,
          { organization: organizationId, kind, target: `channels/${first.id}` },
          clock.now(),
        );
      }
    }

    inserted += await seedDemoCommunity(
      trx,
      organizationId,
      demoUser?.id ?? stableRecordId(`user:${DEMO_LOGIN.email}`),
      org.timeZone,
      clock.now(),
    );
    onProgress?.({ step: 'community', done: 1, total: 1 });
  });

  // After the commit, as uploads are stored: the record names the file, the storage holds it.
  await options.storeFile?.(
    `${organizations.id}/${organizationId}/${DEMO_LOGO_NAME}`,
    Buffer.from(DEMO_LOGO_SVG),
    'image/svg+xml',
  );

  return {
    organizationId,
    channels: channels.length,
    shows: shows.length,
    timeslots: timeslots.length,
    inserted,
  };
}

/** The demo's playout profile: the lightest, so a first run packages its shows in minutes. */
const DEMO_PLAYOUT_PROFILE = '480p30';

/** A channel's shows, as its filler rotation: the bulletin board first, then by title. */
function fillerOf(
  channel: DemoChannel,
  shows: readonly { show: DemoShow; id: string }[],
): string[] {
  const own = shows
    .filter(({ show }) => channel.categories.includes(show.category) && show !== BULLETIN_BOARD)
    .sort((a, b) => a.show.title.localeCompare(b.show.title));
  const board = shows.find(({ show }) => show === BULLETIN_BOARD);
  return [...(board ? [board.id] : []), ...own.map(({ id }) => id)];
}

interface PlannedTimeslot {
  id: string;
  show: string;
  start: string;
  durationSec: number;
}

/**
 * Fills each local day of the window back to back with the channel's kinds of shows, from
 * local midnight to the next local midnight (23 or 25 hours on DST days). The picks depend only
 * on the channel and the date, so every run plans the same day the same way.
 */
function scheduleChannel(
  channel: DemoChannel,
  timeZone: string,
  nowMs: number,
  shows: readonly { show: DemoShow; id: string }[],
): PlannedTimeslot[] {
  const today = instantToLocal(nowMs, timeZone).slice(0, 10);
  const fitting = shows.filter(({ show }) => channel.categories.includes(show.category));
  const filler = shows.find(({ show }) => show === BULLETIN_BOARD);
  if (!filler || fitting.length === 0) return [];
  const planned: PlannedTimeslot[] = [];
  for (let day = FIRST_DAY_OFFSET; day < FIRST_DAY_OFFSET + DAYS; day++) {
    const date = addDays(today, day);
    const dayEnd = localToInstant(`${addDays(date, 1)}T00:00`, timeZone);
    let cursor = localToInstant(`${date}T00:00`, timeZone);
    let pick = seedNumber(`${channel.slug}:${date}`);
    while (cursor < dayEnd) {
      const remaining = (dayEnd - cursor) / 1000;
      let choice = fitting[pick % fitting.length] ?? filler;
      pick = (pick * 1_103_515_245 + 12_345) % 2_147_483_648;
      if (choice.show.minutes * 60 > remaining) choice = filler;
      const durationSec = Math.min(choice.show.minutes * 60, remaining);
      const start = toRecordDate(cursor);
      planned.push({
        id: stableRecordId(`timeslot:${channel.slug}:${start}`),
        show: choice.id,
        start,
        durationSec: Math.max(QUARTER_HOUR_SEC, durationSec),
      });
      cursor += durationSec * 1000;
    }
  }
  return planned;
}

function seedNumber(key: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16_777_619) >>> 0;
  return hash;
}
