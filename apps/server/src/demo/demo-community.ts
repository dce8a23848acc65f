import { randomBytes } from 'node:crypto';
import { addDays, instantToLocal, localToInstant, toRecordDate } from '@airgrid/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { stableRecordId } from '../records/record-id.js';

// The demo station's community side (issue 20): the texts of its submission form, two shows
// waiting for review, certification kinds, an equipment room with a field kit, the demo
// owner's certification and reservations, and two sponsors with their spots (drafts: their
// files are the station's to upload), so /shows/submissions, /equipment, /ads and the member
// page have something to show on first run. Stable ids: seeding again adds only what is missing.

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

const LICENCE = [
  'By submitting, you grant Riverside Community TV a non-exclusive right to air your show on its channels and to stream it on its website, for as long as it stays in the catalogue.',
  'You keep your copyright. You confirm that you own or have cleared everything in the show: music, footage and the consent of the people in it.',
].join('\n\n');

const POLICY = [
  'Riverside Community TV airs shows made by and for the community. No advertising or paid endorsements, no hate speech, and nothing unlawful to broadcast.',
  'Shows with strong language or mature themes are scheduled after 10 pm and rated accordingly.',
].join('\n\n');

const KINDS = [
  { name: 'Field kit', description: 'The field camera kits: camera, tripod and microphone.' },
  { name: 'Studio camera', description: 'The studio cameras in Studio A.' },
  { name: 'Edit suite', description: 'The edit suite and its workstation.' },
] as const;

type KindName = (typeof KINDS)[number]['name'];

const ITEMS: readonly {
  name: string;
  category: string;
  serial: string;
  location: string;
  kit?: string;
  certification?: KindName;
  status?: 'maintenance';
  notes?: string;
  value: number;
}[] = [
  {
    name: 'Sony FX6 camera',
    category: 'Camera',
    serial: 'FX6-0412',
    location: 'Equipment room',
    kit: 'Field kit A',
    certification: 'Field kit',
    value: 6500,
  },
  {
    name: 'Sachtler tripod',
    category: 'Support',
    serial: 'TRI-7',
    location: 'Equipment room',
    kit: 'Field kit A',
    value: 1400,
  },
  {
    name: 'Rode NTG5 shotgun microphone',
    category: 'Audio',
    serial: 'NTG5-2231',
    location: 'Equipment room',
    kit: 'Field kit A',
    value: 500,
  },
  {
    name: 'Zoom H6 recorder',
    category: 'Audio',
    serial: 'H6-8810',
    location: 'Equipment room',
    value: 350,
  },
  {
    name: 'Blackmagic Studio Camera 4K',
    category: 'Camera',
    serial: 'BMSC-03',
    location: 'Studio A',
    certification: 'Studio camera',
    value: 2300,
  },
  {
    name: 'Aputure 300d light',
    category: 'Lighting',
    serial: 'AP300-19',
    location: 'Workshop',
    status: 'maintenance',
    notes: 'The fan is noisy: sent for service.',
    value: 1100,
  },
];

const SUBMISSIONS = [
  {
    key: 'garden-club',
    title: 'Garden Club: Spring Planting',
    description: 'The Riverside Garden Club plants the community beds on Elm Street.',
    category: 'Community',
    durationSec: 1800,
    mediaUrl: 'https://video.example.org/garden-club-spring.mp4',
    submitterName: 'Maya Ortiz',
    submitterEmail: 'maya.ortiz@example.org',
  },
  {
    key: 'youth-jazz',
    title: 'Youth Jazz Night',
    description: 'The high school jazz band’s winter concert, recorded live.',
    category: 'Music',
    durationSec: 3600,
    mediaUrl: 'https://video.example.org/youth-jazz-night',
    submitterName: 'Sam Lee',
    submitterEmail: 'sam.lee@example.org',
  },
] as const;

const SPONSORS = [
  {
    key: 'hilltop',
    name: 'Hilltop Bakery',
    contactName: 'Ada Baker',
    email: 'ada@hilltop-bakery.example',
    phone: '+1 (555) 201-4477',
    billingAddress: '12 Main Street\nRiverside, CA 92501',
    notes: 'Underwrites the morning news, renewing each spring.',
  },
  {
    key: 'credit-union',
    name: 'Riverside Credit Union',
    contactName: 'Sam Ortiz',
    email: 'marketing@riverside-cu.example',
    phone: '',
    billingAddress: 'Marketing department\n400 River Road\nRiverside, CA 92507',
    notes: '',
  },
] as const;

const SPOTS = [
  {
    key: 'hilltop-30',
    title: 'Hilltop Bakery — spring 30',
    sponsor: 'hilltop',
    category: 'underwriting',
  },
  {
    key: 'cu-15',
    title: 'Riverside Credit Union — 15',
    sponsor: 'credit-union',
    category: 'underwriting',
  },
  { key: 'vote-psa', title: 'Vote early — PSA', sponsor: '', category: 'psa' },
] as const;

/**
 * Seeds the community side of the demo organization; returns how many rows it added. `owner`
 * is the demo login, who holds the certification and the reservations.
 */
export async function seedDemoCommunity(
  trx: Transaction<Database> | Kysely<Database>,
  organization: string,
  owner: string,
  timeZone: string,
  nowMs: number,
): Promise<number> {
  const now = toRecordDate(nowMs);
  const stamps = { created: now, updated: now };
  const key = (what: string) => stableRecordId(`${what}:${organization}`);
  let inserted = 0;
  const count = (result: { numInsertedOrUpdatedRows?: bigint }[]) => {
    inserted += result.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0n), 0);
  };

  // The form's texts, unless the station wrote its own.
  await trx
    .updateTable('organizations')
    .set({ submissionLicence: LICENCE })
    .where('id', '=', organization)
    .where('submissionLicence', '=', '')
    .execute();
  await trx
    .updateTable('organizations')
    .set({ submissionPolicy: POLICY })
    .where('id', '=', organization)
    .where('submissionPolicy', '=', '')
    .execute();

  const kindId = (name: string) => key(`certification-kind:${name}`);
  count(
    await trx
      .insertInto('certificationKinds')
      .values(KINDS.map((kind) => ({ id: kindId(kind.name), organization, ...kind, ...stamps })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );
  // The owner's field-kit certification runs out in ten days: the expiring list shows it.
  count(
    await trx
      .insertInto('certifications')
      .values({
        id: key('certification:owner:field-kit'),
        organization,
        member: owner,
        kind: kindId('Field kit'),
        granted: toRecordDate(nowMs - 355 * DAY),
        expires: toRecordDate(nowMs + 10 * DAY),
        note: 'Passed the field production workshop.',
        ...stamps,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );

  const itemId = (name: string) => key(`equipment:${name}`);
  count(
    await trx
      .insertInto('equipment')
      .values(
        ITEMS.map((item) => ({
          id: itemId(item.name),
          organization,
          name: item.name,
          category: item.category,
          serial: item.serial,
          status: item.status ?? 'available',
          location: item.location,
          notes: item.notes ?? '',
          kit: item.kit ?? '',
          certificationRequired: item.certification ? kindId(item.certification) : '',
          replacementValue: item.value,
          ...stamps,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );

  // Last week the camera went out and came back; tomorrow the recorder is confirmed: at ten in
  // the morning, the station's time.
  const today = instantToLocal(nowMs, timeZone).slice(0, 10);
  const lastWeek = localToInstant(`${addDays(today, -7)}T10:00`, timeZone);
  const tomorrow = localToInstant(`${addDays(today, 1)}T10:00`, timeZone);
  count(
    await trx
      .insertInto('reservations')
      .values([
        {
          id: key('reservation:camera-last-week'),
          organization,
          equipment: itemId('Sony FX6 camera'),
          member: owner,
          starts: toRecordDate(lastWeek),
          ends: toRecordDate(lastWeek + 6 * HOUR),
          status: 'returned',
          checkedOutAt: toRecordDate(lastWeek),
          checkedInAt: toRecordDate(lastWeek + 5 * HOUR),
          checkoutNote: 'Two batteries, charged; lens cap on.',
          returnNote: 'All back; one battery flat.',
          note: 'Farmers market interviews.',
          ...stamps,
        },
        {
          id: key('reservation:recorder-tomorrow'),
          organization,
          equipment: itemId('Zoom H6 recorder'),
          member: owner,
          starts: toRecordDate(tomorrow),
          ends: toRecordDate(tomorrow + 4 * HOUR),
          status: 'confirmed',
          // Every row names every column: SQLite has no DEFAULT in a multi-row insert.
          checkedOutAt: '',
          checkedInAt: '',
          checkoutNote: '',
          returnNote: '',
          note: 'Town hall meeting audio.',
          ...stamps,
        },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );

  count(
    await trx
      .insertInto('submissions')
      .values(
        SUBMISSIONS.map(({ key: name, ...submission }) => ({
          id: key(`submission:${name}`),
          organization,
          ...submission,
          awaitingFile: false,
          mediaInfo: JSON.stringify({}),
          licenceAccepted: true,
          policyAccepted: true,
          status: 'pending',
          statusToken: randomBytes(24).toString('base64url'),
          ...stamps,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );
  const sponsorId = (name: string) => key(`sponsor:${name}`);
  count(
    await trx
      .insertInto('sponsors')
      .values(
        SPONSORS.map(({ key: name, ...sponsor }) => ({
          id: sponsorId(name),
          organization,
          ...sponsor,
          archived: false,
          ...stamps,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );
  count(
    await trx
      .insertInto('ads')
      .values(
        SPOTS.map((spot) => ({
          id: key(`ad:${spot.key}`),
          organization,
          title: spot.title,
          sponsor: spot.sponsor ? sponsorId(spot.sponsor) : '',
          category: spot.category,
          mediaInfo: JSON.stringify({}),
          status: 'draft',
          ...stamps,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );
  return inserted;
}
