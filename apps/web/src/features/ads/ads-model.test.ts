import type { MediaInfo, SponsorRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  checkSponsorForm,
  checkSpotForm,
  filterSponsors,
  filterSpots,
  hasPlayableMedia,
  loudnessVerdict,
  NO_FILTERS,
  newSpotValues,
  runtimeText,
  type SpotRow,
  sponsorBody,
  sponsorFormValues,
  spotBody,
  spotCounts,
  spotFileProblem,
  spotFormValues,
  validityState,
  validityText,
} from './ads-model';

function buildSpot(overrides: Partial<SpotRow> = {}): SpotRow {
  return {
    id: 'spot00000000001',
    created: '',
    updated: '',
    collectionId: 'pbc_1911549009',
    collectionName: 'ads',
    organization: 'org000000000001',
    title: 'Bakery spring 30',
    sponsor: '',
    category: 'underwriting',
    media: '',
    durationSec: 0,
    mediaInfo: {},
    webMedia: '',
    validFrom: '',
    validTo: '',
    status: 'draft',
    archivedAt: '',
    ...overrides,
  } as SpotRow;
}

function buildSponsor(overrides: Partial<SponsorRecord> = {}): SponsorRecord {
  return {
    id: 'spon00000000001',
    created: '',
    updated: '',
    organization: 'org000000000001',
    name: 'Hilltop Bakery',
    contactName: '',
    email: '',
    phone: '',
    billingAddress: '',
    notes: '',
    archived: false,
    archivedAt: '',
    ...overrides,
  } as SponsorRecord;
}

const read = (overrides: Partial<MediaInfo> = {}): Partial<MediaInfo> => ({
  durationSec: 30,
  container: 'mov,mp4',
  video: { codec: 'h264', width: 1920, height: 1080 },
  audio: { codec: 'aac', channels: 2 },
  ...overrides,
});

describe('the spots list', () => {
  const bakery = buildSpot({
    id: 'a',
    title: 'Bakery spring 30',
    sponsor: 'hilltop',
    expand: { sponsor: { id: 'hilltop', name: 'Hilltop Bakery' } },
    status: 'active',
    media: 'bakery.mp4',
  });
  const psa = buildSpot({ id: 'b', title: 'Vote early', category: 'psa' });
  const old = buildSpot({ id: 'c', title: 'Autumn fair', status: 'archived' });
  const spots = [psa, old, bakery];

  it('hides archived spots until asked, and sorts by title', () => {
    expect(filterSpots(spots, NO_FILTERS).map(({ id }) => id)).toEqual(['a', 'b']);
    expect(filterSpots(spots, { ...NO_FILTERS, status: 'archived' }).map(({ id }) => id)).toEqual([
      'c',
    ]);
    expect(filterSpots(spots, { ...NO_FILTERS, status: 'all' }).map(({ id }) => id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('filters by sponsor (or none), category, and words of the title or sponsor', () => {
    expect(filterSpots(spots, { ...NO_FILTERS, sponsor: 'hilltop' })).toEqual([bakery]);
    expect(filterSpots(spots, { ...NO_FILTERS, sponsor: 'none' })).toEqual([psa]);
    expect(filterSpots(spots, { ...NO_FILTERS, category: 'psa' })).toEqual([psa]);
    expect(filterSpots(spots, { ...NO_FILTERS, search: 'hilltop SPRING' })).toEqual([bakery]);
    expect(filterSpots(spots, { ...NO_FILTERS, search: 'fair' })).toEqual([]);
  });

  it('writes the runtime to the hundredth, never rounded up', () => {
    expect(runtimeText(buildSpot())).toBe('No media');
    expect(runtimeText(buildSpot({ media: 'x.mp4' }))).toBe('Not read yet');
    expect(runtimeText(buildSpot({ media: 'x.mp4', durationSec: 29.996633 }))).toBe('0:29.99');
    expect(runtimeText(buildSpot({ media: 'x.mp4', durationSec: 60.5 }))).toBe('1:00.50');
  });

  it('says the days a spot may air, and whether today is among them', () => {
    const june = { validFrom: '2031-06-01 00:00:00.000Z', validTo: '2031-06-30 00:00:00.000Z' };
    expect(validityText(june)).toBe('06/01/2031\u00a0– 06/30/2031');
    expect(validityText({ validFrom: june.validFrom, validTo: '' })).toBe('From 06/01/2031');
    expect(validityText({ validFrom: '', validTo: june.validTo })).toBe('Until 06/30/2031');
    expect(validityText({ validFrom: june.validFrom, validTo: june.validFrom })).toBe('06/01/2031');
    expect(validityText({ validFrom: '', validTo: '' })).toBe('Any day');
    expect(validityState(june, '2031-05-31')).toBe('upcoming');
    expect(validityState(june, '2031-06-01')).toBe('current');
    expect(validityState(june, '2031-06-30')).toBe('current');
    expect(validityState(june, '2031-07-01')).toBe('ended');
    expect(validityState({ validFrom: '', validTo: '' }, '2031-07-01')).toBe('current');
  });
});

describe('loudnessVerdict', () => {
  it('waits for the media to be read', () => {
    expect(loudnessVerdict(undefined)).toBeNull();
    expect(loudnessVerdict({})).toBeNull();
  });

  it('says a spot within ±2 of −24 plainly', () => {
    expect(
      loudnessVerdict(read({ loudness: { integratedLufs: -23.14, truePeakDb: -1.23 } })),
    ).toEqual({
      text: '−23.1 LUFS, within ±2 of −24 (true peak −1.2 dBTP)',
      label: '−23.1 LUFS',
      note: 'Within ±2 of −24',
      off: null,
    });
    // The edges, as shown: −22.0 and −26.0 are within.
    expect(
      loudnessVerdict(read({ loudness: { integratedLufs: -21.96, truePeakDb: -1 } }))?.off,
    ).toBe(null);
    expect(
      loudnessVerdict(read({ loudness: { integratedLufs: -26.04, truePeakDb: -1 } }))?.off,
    ).toBe(null);
  });

  it('warns how far off a loud or quiet spot is', () => {
    const loud = loudnessVerdict(read({ loudness: { integratedLufs: -17.2, truePeakDb: 0.4 } }));
    expect(loud).toMatchObject({ off: 'loud', label: '−17.2 LUFS', note: '6.8 LU too loud' });
    expect(loud?.text).toBe(
      '−17.2 LUFS: 6.8 LU louder than the −24 target (true peak 0.4 dBTP). Bring it down before it airs.',
    );
    const quiet = loudnessVerdict(read({ loudness: { integratedLufs: -30.5, truePeakDb: -9 } }));
    expect(quiet).toMatchObject({ off: 'quiet', label: '−30.5 LUFS', note: '6.5 LU too quiet' });
  });

  it('says when there is no sound, or no measure', () => {
    expect(loudnessVerdict(read({ audio: null }))).toMatchObject({
      off: 'unknown',
      text: 'No sound in the file.',
    });
    expect(loudnessVerdict(read({ loudness: null }))?.off).toBe('unknown');
  });
});

describe('a spot’s media', () => {
  it('is checked before upload', () => {
    expect(spotFileProblem({ name: 'spot.mp4', type: 'video/mp4', size: 1000 })).toBeNull();
    expect(spotFileProblem({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe(
      '"notes.pdf" is of type application/pdf: choose a video or audio file.',
    );
    expect(
      spotFileProblem({ name: 'huge.mov', type: 'video/quicktime', size: 3 * 1024 ** 3 }),
    ).toBe('"huge.mov" is 3 GB: media can be at most 2 GB.');
  });

  it('plays in the browser once read, or through its web copy', () => {
    expect(hasPlayableMedia(buildSpot({ media: 'x.mp4' }))).toBe(false);
    expect(hasPlayableMedia(buildSpot({ media: 'x.mp4', mediaInfo: read() }))).toBe(true);
    const ts = read({
      container: 'mpegts',
      video: { codec: 'mpeg2video', width: 720, height: 480 },
    });
    expect(hasPlayableMedia(buildSpot({ media: 'x.ts', mediaInfo: ts }))).toBe(false);
    expect(hasPlayableMedia(buildSpot({ media: 'x.ts', mediaInfo: ts, webMedia: 'x.mp4' }))).toBe(
      true,
    );
  });
});

describe('the spot form', () => {
  it('needs a title, real days, and the last day on or after the first', () => {
    expect(checkSpotForm(newSpotValues())).toEqual({ title: 'Give the spot a title.' });
    expect(
      checkSpotForm({
        ...newSpotValues(),
        title: 'A',
        validFrom: '2031-06-30',
        validTo: '2031-06-01',
      }),
    ).toEqual({
      validTo: 'The last day must be on or after the first day (06/30/2031). Change one of them.',
    });
    expect(
      checkSpotForm({
        ...newSpotValues(),
        title: 'A',
        validFrom: '2031-06-30',
        validTo: '2031-06-30',
      }),
    ).toEqual({});
    expect(checkSpotForm({ ...newSpotValues(), title: 'A', validFrom: '30/06/2031' })).toEqual({
      validFrom: 'Write a date, or leave it empty.',
    });
  });

  it('sends whole days and reads them back', () => {
    const values = {
      ...newSpotValues('hilltop'),
      title: '  Bakery spring 30 ',
      validFrom: '2031-06-01',
      validTo: '',
    };
    const body = spotBody(values);
    expect(body).toEqual({
      title: 'Bakery spring 30',
      sponsor: 'hilltop',
      category: 'underwriting',
      validFrom: '2031-06-01 00:00:00.000Z',
      validTo: '',
    });
    expect(spotFormValues(buildSpot(body as Partial<SpotRow>))).toEqual({
      ...values,
      title: 'Bakery spring 30',
    });
  });
});

describe('the sponsor form', () => {
  it('needs a name, and an email and a phone the server takes', () => {
    expect(checkSponsorForm(sponsorFormValues())).toEqual({
      name: 'Give the sponsor a name.',
    });
    expect(
      checkSponsorForm({ ...sponsorFormValues(), name: 'A', email: 'ada@', phone: '12345' }),
    ).toEqual({
      email: 'Write an email address like name@example.org, or leave it empty.',
      phone: 'Write a 10-digit phone number like (555) 201-4477, or leave it empty.',
    });
    expect(
      checkSponsorForm({
        ...sponsorFormValues(),
        name: 'A',
        email: 'ada@hilltop.example',
        phone: '555 201 4477',
      }),
    ).toEqual({});
  });

  it('keeps the billing address’s lines and formats the phone', () => {
    expect(
      sponsorBody({
        ...sponsorFormValues(),
        name: ' Hilltop Bakery ',
        phone: '5552014477',
        billingAddress: '12 Main St\nSpringfield, IL 62701\n',
      }),
    ).toMatchObject({
      name: 'Hilltop Bakery',
      phone: '+1 (555) 201-4477',
      billingAddress: '12 Main St\nSpringfield, IL 62701',
    });
  });

  it('lists sponsors by name, archived ones on request, and counts their spots', () => {
    const sponsors = [
      buildSponsor({ id: 'z', name: 'Zenith Credit Union', contactName: 'Ada' }),
      buildSponsor({ id: 'h', name: 'Hilltop Bakery' }),
      buildSponsor({ id: 'o', name: 'Old Mill', archived: true }),
    ];
    expect(filterSponsors(sponsors, '', false).map(({ id }) => id)).toEqual(['h', 'z']);
    expect(filterSponsors(sponsors, '', true).map(({ id }) => id)).toEqual(['h', 'o', 'z']);
    expect(filterSponsors(sponsors, 'ada', false).map(({ id }) => id)).toEqual(['z']);
    const counts = spotCounts([
      { sponsor: 'h', status: 'active' },
      { sponsor: 'h', status: 'draft' },
      { sponsor: 'h', status: 'archived' },
      { sponsor: '', status: 'active' },
    ]);
    expect(counts.get('h')).toBe(2);
    expect(counts.get('z')).toBeUndefined();
  });
});
