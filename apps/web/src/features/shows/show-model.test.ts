import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import {
  type AiringRecord,
  breakPointLabel,
  canCreateShows,
  canManageAllShows,
  canManageShow,
  checkShowForm,
  distinctCategories,
  draftAiringsWarning,
  emptyListMessage,
  hasPlayableMedia,
  lengthFacts,
  MEDIA_MAX_BYTES,
  mediaFileProblem,
  NO_FILTERS,
  newShowValues,
  playoutReadiness,
  playoutText,
  showPayload,
  showsFilterParts,
  splitAirings,
  thumbnailFileProblem,
  thumbnailHint,
  thumbnailSizeProblem,
} from './show-model';

describe('show roles', () => {
  const show = { producer: 'u-pat' };

  it('lets owners, admins and editors manage every show', () => {
    for (const role of ['owner', 'admin', 'editor']) {
      expect(canManageAllShows(role)).toBe(true);
      expect(canManageShow({ id: 'u-other', role }, show)).toBe(true);
      expect(canCreateShows(role)).toBe(true);
    }
  });

  it('lets a producer manage only the shows they produce', () => {
    expect(canManageAllShows('producer')).toBe(false);
    expect(canCreateShows('producer')).toBe(true);
    expect(canManageShow({ id: 'u-pat', role: 'producer' }, show)).toBe(true);
    expect(canManageShow({ id: 'u-sam', role: 'producer' }, show)).toBe(false);
    expect(canManageShow({ id: 'u-pat', role: 'producer' }, { producer: '' })).toBe(false);
  });

  it('keeps viewers and the signed-out to reading', () => {
    expect(canCreateShows('viewer')).toBe(false);
    expect(canManageShow({ id: 'u-pat', role: 'viewer' }, show)).toBe(false);
    expect(canManageShow(null, show)).toBe(false);
    expect(canCreateShows(undefined)).toBe(false);
  });
});

describe('showsFilterParts', () => {
  const pb = new PocketBase('http://localhost');
  const build = (filters: Partial<typeof NO_FILTERS>) => {
    const { expression, params } = showsFilterParts({ ...NO_FILTERS, ...filters });
    return pb.filter(expression, params);
  };

  it('hides archived shows unless asked for, and filters nothing else by default', () => {
    expect(build({})).toBe('status != "archived"');
    expect(build({ showArchived: true })).toBe('');
  });

  it('searches title, subtitle and description with placeholders the SDK quotes', () => {
    const parts = showsFilterParts({ ...NO_FILTERS, search: '  say "hi" ' });
    expect(parts.expression).toBe(
      '(title ~ {:search} || subtitle ~ {:search} || description ~ {:search}) && status != "archived"',
    );
    expect(parts.params).toEqual({ search: 'say "hi"' });
    expect(build({ search: 'say "hi"', showArchived: true })).toBe(
      '(title ~ "say \\"hi\\"" || subtitle ~ "say \\"hi\\"" || description ~ "say \\"hi\\"")',
    );
  });

  it('never pastes a value into the expression, even one that looks like filter syntax', () => {
    const hostile = "x' || id != '";
    const parts = showsFilterParts({
      ...NO_FILTERS,
      search: hostile,
      category: hostile,
      producer: hostile,
    });
    expect(parts.expression).not.toContain(hostile);
    expect(build({ category: hostile, showArchived: true })).toBe(`category = "x' || id != '"`);
  });

  it('combines category, producer, caption status and never aired', () => {
    expect(
      build({
        category: 'News',
        producer: 'abc123',
        captionStatus: 'partial',
        neverAired: true,
      }),
    ).toBe(
      'category = "News" && producer = "abc123" && captionStatus = "partial" && timeslots_via_show.id ?= null && status != "archived"',
    );
  });

  it('counts a show without a caption status as having none', () => {
    expect(build({ captionStatus: 'none', showArchived: true })).toBe(
      '(captionStatus = "none" || captionStatus = "")',
    );
  });
});

describe('emptyListMessage', () => {
  it('says why the list is empty', () => {
    expect(emptyListMessage({ ...NO_FILTERS, search: ' zzz ' })).toBe('No shows match “zzz”.');
    expect(emptyListMessage({ ...NO_FILTERS, neverAired: true })).toBe(
      'No shows match these filters.',
    );
    expect(emptyListMessage({ ...NO_FILTERS, showArchived: true })).toBe(
      'No shows yet: create one with New show, or import a CSV.',
    );
  });
});

describe('distinctCategories', () => {
  it('lists each category once, trimmed and sorted, without blanks', () => {
    expect(
      distinctCategories([
        { category: 'Sports' },
        { category: ' News' },
        { category: '' },
        { category: 'News' },
        {},
      ]),
    ).toEqual(['News', 'Sports']);
  });
});

describe('the show form', () => {
  it('needs a title and a readable duration', () => {
    expect(checkShowForm({ ...newShowValues(), duration: 'soon' })).toEqual({
      title: 'Give the show a title.',
      duration: 'Write the duration in minutes, e.g. 30, or as hours:minutes, e.g. 1:30.',
    });
  });

  it('holds text to the schema limits', () => {
    const errors = checkShowForm({ ...newShowValues(), title: 'x'.repeat(201) });
    expect(errors.title).toBe('The title can be at most 200 characters.');
  });

  it('sends trimmed text, snapped seconds and whole numbers', () => {
    expect(
      showPayload({
        ...newShowValues(),
        title: ' Riverside Tonight ',
        duration: '28',
        season: 2,
        producerName: ' Pat ',
      }),
    ).toEqual({
      title: 'Riverside Tonight',
      subtitle: '',
      description: '',
      category: '',
      durationSec: 1800,
      rating: '',
      language: '',
      season: 2,
      episode: 0,
      status: 'draft',
      producer: '',
      producerName: 'Pat',
    });
  });

  it('drops the free-text producer name when a member produces the show', () => {
    expect(showPayload({ ...newShowValues('u1'), title: 'A', producerName: 'Pat' })).toMatchObject({
      producer: 'u1',
      producerName: '',
    });
  });
});

describe('file limits', () => {
  it('takes any video or audio file up to the media limit', () => {
    expect(mediaFileProblem({ name: 'ep1.mp4', type: 'video/mp4', size: 1000 })).toBeNull();
    expect(mediaFileProblem({ name: 'ep1.mp3', type: 'audio/mpeg', size: 1000 })).toBeNull();
    expect(mediaFileProblem({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe(
      '"notes.pdf" is of type application/pdf: choose a video or audio file.',
    );
    expect(MEDIA_MAX_BYTES).toBe(8 * 1024 ** 3);
    expect(
      mediaFileProblem({ name: 'big.mov', type: 'video/quicktime', size: MEDIA_MAX_BYTES + 1 }),
    ).toBe('"big.mov" is 8.0 GB: media can be at most 8 GB.');
  });

  it('checks thumbnails against the schema field', () => {
    expect(thumbnailHint()).toBe('SVG, PNG, JPG or GIF (max, 3840 X 2160px)');
    expect(thumbnailFileProblem({ name: 'a.txt', type: 'text/plain', size: 3 })).toBe(
      '"a.txt" is of type text/plain: only SVG, PNG, JPG or GIF files are allowed.',
    );
    expect(thumbnailFileProblem({ name: 'a.png', type: 'image/png', size: 26 * 1024 * 1024 })).toBe(
      '"a.png" is larger than the 25 MB allowed.',
    );
    expect(
      thumbnailSizeProblem({ name: 'a.png', type: 'image/png' }, { width: 4000, height: 100 }),
    ).toBe('The image must be at most 3840 × 2160 px (this one is 4000 × 100).');
    expect(
      thumbnailSizeProblem({ name: 'a.png', type: 'image/png' }, { width: 640, height: 360 }),
    ).toBeNull();
  });
});

describe('splitAirings', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  const slot = (id: string, start: string, status = 'scheduled') => ({
    id,
    start,
    durationSec: 1800,
    status: status as 'scheduled' | 'cancelled',
  });

  it('puts airings not yet ended first-soonest and ended ones latest-first', () => {
    const { upcoming, past } = splitAirings(
      [
        slot('later', '2026-05-02 09:00:00.000Z'),
        slot('old', '2026-04-01 09:00:00.000Z'),
        slot('on-now', '2026-05-01 11:45:00.000Z'),
        slot('recent', '2026-04-30 09:00:00.000Z'),
        slot('cancelled', '2026-05-03 09:00:00.000Z', 'cancelled'),
      ],
      now,
    );
    expect(upcoming.map((s) => s.id)).toEqual(['on-now', 'later']);
    expect(past.map((s) => s.id)).toEqual(['recent', 'old']);
  });
});

describe('draftAiringsWarning', () => {
  const now = Date.parse('2026-03-10T13:15:00Z');
  const channel = { id: 'c1', name: 'Channel One', timeZone: 'America/New_York' };
  const airing = (id: string, start: string, status = 'scheduled') =>
    ({
      id,
      start,
      durationSec: 1800,
      status,
      expand: { channel },
    }) as unknown as AiringRecord;
  const airings = [
    airing('past', '2026-03-09 22:00:00.000Z'),
    airing('cancelled', '2026-03-11 22:00:00.000Z', 'cancelled'),
    airing('later', '2026-03-14 22:00:00.000Z'),
    airing('first', '2026-03-12 22:00:00.000Z'),
  ];

  it('counts a draft’s airings to come and names the first, in its channel’s zone', () => {
    expect(draftAiringsWarning({ status: 'draft' }, airings, now)).toEqual({
      count: 2,
      first: 'Thu, Mar 12 6:00 PM',
      channel: 'Channel One',
    });
  });

  it('reads a show with no status as a draft, as its badge does', () => {
    expect(draftAiringsWarning({ status: '' }, airings, now)?.count).toBe(2);
  });

  it('says nothing of a ready or archived show, or of a draft with nothing to come', () => {
    expect(draftAiringsWarning({ status: 'ready' }, airings, now)).toBeNull();
    expect(draftAiringsWarning({ status: 'archived' }, airings, now)).toBeNull();
    expect(draftAiringsWarning({ status: 'draft' }, airings.slice(0, 2), now)).toBeNull();
  });
});

describe('lengthFacts', () => {
  const media = (durationSec: number) => ({
    durationSec,
    container: 'mp4',
    video: null,
    audio: null,
  });

  it('keeps the slot the station gave beside what the media runs', () => {
    expect(lengthFacts({ durationSec: 1800, mediaInfo: media(1680) })).toEqual({
      slotSec: 1800,
      runtimeSec: 1680,
      fit: { fit: 'fits' },
      warning: null,
    });
  });

  it('warns of a clip far shorter than its slot, naming the slot it would fit', () => {
    const facts = lengthFacts({ durationSec: 1800, mediaInfo: media(10) });
    expect(facts.fit).toEqual({ fit: 'short', emptySec: 1790, fitsLengthSec: 900 });
    expect(facts.warning).toBe(
      'The media runs only 10 s: it fits a 15 min slot, and would leave most of this 30 min slot with nothing on air. Check the file, or give the show a shorter slot.',
    );
  });

  it('warns of media that runs past its slot, by how much', () => {
    expect(lengthFacts({ durationSec: 1800, mediaInfo: media(1930) }).warning).toBe(
      'The media runs 2 min 10 s longer than its 30 min slot: its end would be cut off on air. Give the show a longer slot, or shorten the media.',
    );
  });

  it('reads a length kept from before as the slot it asks for, and says nothing without media', () => {
    expect(lengthFacts({ durationSec: 10, mediaInfo: null })).toMatchObject({
      slotSec: 900,
      runtimeSec: 0,
      warning: null,
    });
    expect(lengthFacts({ durationSec: 0, mediaInfo: media(600) })).toMatchObject({
      slotSec: 0,
      fit: { fit: 'unknown' },
      warning: null,
    });
  });
});

describe('hasPlayableMedia', () => {
  const h264 = {
    durationSec: 60,
    container: 'mov,mp4,m4a,3gp,3g2,mj2',
    video: { codec: 'h264', width: 640, height: 360 },
    audio: { codec: 'aac', channels: 2 },
  };
  it('plays the media itself when browsers can, else its web copy once made', () => {
    expect(hasPlayableMedia({ media: 'a.mp4', webMedia: '', mediaInfo: h264 })).toBe(true);
    const ts = { ...h264, container: 'mpegts', video: { ...h264.video, codec: 'mpeg2video' } };
    expect(hasPlayableMedia({ media: 'a.ts', webMedia: '', mediaInfo: ts })).toBe(false);
    expect(hasPlayableMedia({ media: 'a.ts', webMedia: 'a_web.mp4', mediaInfo: ts })).toBe(true);
  });
  it('waits until the media has been read', () => {
    expect(hasPlayableMedia({ media: 'a.mp4', webMedia: '', mediaInfo: {} })).toBe(false);
    expect(hasPlayableMedia({ media: '', webMedia: '', mediaInfo: null })).toBe(false);
  });
});

describe('playoutReadiness', () => {
  const show = { media: 'meeting_abc.mov', webMedia: 'meeting_abc_web.mp4' };

  it('says the latest packaging job while it waits, runs or after it failed', () => {
    expect(playoutReadiness(show, { state: 'queued' }, [])).toEqual({ kind: 'queued', error: '' });
    expect(playoutReadiness(show, { state: 'running', progress: 12.4 }, [])).toEqual({
      kind: 'running',
      progress: 12,
    });
    expect(
      playoutReadiness(show, { state: 'failed', error: 'No video stream' }, [
        { source: 'meeting_abc_web.mp4' },
      ]),
    ).toEqual({ kind: 'failed', error: 'No video stream' });
  });

  it('is ready when a package was made from the web copy, or from the media without one', () => {
    const done = { state: 'done' };
    expect(playoutReadiness(show, done, [{ source: 'meeting_abc_web.mp4' }])).toEqual({
      kind: 'ready',
    });
    expect(
      playoutReadiness({ ...show, webMedia: '' }, null, [
        { source: 'other.mp4' },
        { source: 'meeting_abc.mov' },
      ]),
    ).toEqual({ kind: 'ready' });
  });

  it('needs packaging again when no package is of the current file, and says nothing without any', () => {
    expect(playoutReadiness(show, { state: 'done' }, [{ source: 'meeting_abc.mov' }])).toEqual({
      kind: 'stale',
    });
    expect(playoutReadiness(show, null, [])).toBeNull();
    expect(playoutReadiness(show, { state: 'done' }, [])).toBeNull();
  });

  it('says each state in a line', () => {
    expect(playoutText({ kind: 'running', progress: 40 })).toBe('Packaging for playout… 40%');
    expect(playoutText({ kind: 'queued', error: '' })).toBe('Waiting to be packaged for playout…');
    expect(playoutText({ kind: 'failed', error: 'No disk' })).toBe(
      'Not packaged for playout: No disk',
    );
    expect(playoutText({ kind: 'ready' })).toBe('Ready for playout');
    expect(playoutText({ kind: 'stale' })).toMatch(/^Needs packaging again/);
  });
});

describe('breakPointLabel', () => {
  it('writes the media’s m:ss with tenths, never rounding up past the point', () => {
    expect(breakPointLabel(0.04)).toBe('0:00.0');
    expect(breakPointLabel(724.5)).toBe('12:04.5');
    expect(breakPointLabel(59.99)).toBe('0:59.9');
    expect(breakPointLabel(3723.2)).toBe('1:02:03.2');
  });
});
