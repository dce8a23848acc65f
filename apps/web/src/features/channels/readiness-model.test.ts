import { describe, expect, it } from 'vitest';
import {
  packagingUnderWay,
  type Readiness,
  readinessRows,
  readinessSummary,
} from './readiness-model';

const show = { id: 'show1', title: 'Evening news' };

function reply(issues: Readiness['issues']): Readiness {
  return {
    channel: 'ch1',
    timeZone: 'America/New_York',
    from: '2031-01-06T10:00:00.000Z',
    to: '2031-01-07T10:00:00.000Z',
    counts: { total: issues.length, noMedia: 0, notPackaged: 0, tooLong: 0, gaps: 0 },
    issues,
  };
}

const slot = {
  start: '2031-01-06T11:00:00.000Z',
  end: '2031-01-06T11:30:00.000Z',
  timeslot: 'ts1',
  show,
};

describe('readinessRows', () => {
  it('says when on the channel’s clock, the show, what is wrong and what to do', () => {
    const [row] = readinessRows(reply([{ kind: 'no-media', ...slot }]));
    expect(row).toEqual({
      key: 'no-media:ts1',
      when: '01/06/2031 6:00 AM – 6:30 AM',
      show,
      problem: 'The show has no media: the filler or the slate airs instead.',
      action: 'Upload the show’s media.',
      color: 'red',
      progress: null,
    });
  });

  it('follows the packaging: waiting, queued, packaging with its progress, failed', () => {
    const rows = readinessRows(
      reply([
        { kind: 'not-packaged', ...slot, state: 'waiting', progress: 0 },
        { kind: 'not-packaged', ...slot, state: 'queued', progress: 0 },
        { kind: 'not-packaged', ...slot, state: 'packaging', progress: 42 },
        { kind: 'not-packaged', ...slot, state: 'failed', progress: 0, error: 'ffmpeg exited 1' },
      ]),
    );
    expect(rows.map((row) => [row.problem, row.color, row.progress])).toEqual([
      ['Its media is not packaged yet: packaging starts in a moment.', 'orange', null],
      ['Its media is waiting to be packaged.', 'orange', null],
      ['Its media is being packaged… 42%', 'orange', 42],
      ['Its media could not be packaged: ffmpeg exited 1', 'red', null],
    ]);
    expect(rows[3]?.action).toBe('Upload the media again, or schedule another show.');
  });

  it('says how much is cut from media longer than its slot', () => {
    const [row] = readinessRows(reply([{ kind: 'too-long', ...slot, cutSec: 100 }]));
    expect(row).toMatchObject({
      problem: 'Its media is 1 min 40 s longer than the timeslot: the end is cut.',
      action: 'Lengthen the timeslot, or shorten the media.',
      color: 'yellow',
    });
  });

  it('says how long a gap is, why, and what fills it', () => {
    const gap = {
      kind: 'gap' as const,
      start: '2031-01-06T11:15:00.000Z',
      end: '2031-01-06T12:00:00.000Z',
    };
    const rows = readinessRows(
      reply([
        { ...gap, fillerSec: 600, slateSec: 2100, cancelled: [] },
        {
          ...gap,
          fillerSec: 2700,
          slateSec: 0,
          endsEarly: { timeslot: 'ts1', show },
          cancelled: [],
        },
        {
          ...gap,
          fillerSec: 0,
          slateSec: 2700,
          cancelled: [{ timeslot: 'ts2', show: { id: 's2', title: 'Town hall' } }],
        },
      ]),
    );
    expect(rows.map((row) => row.problem)).toEqual([
      '45 min with no programme. Filler for 10 min, then the slate for 35 min.',
      '45 min with no programme: “Evening news” ends early. The filler covers it.',
      '45 min with no programme. Cancelled: Town hall. The slate airs for 45 min (no filler).',
    ]);
    expect(rows[0]).toMatchObject({ show: null, when: '01/06/2031 6:15 AM – 7:00 AM' });
    expect(rows[1]?.show).toEqual(show);
    expect(rows[0]?.action).toBe('Schedule a show, lengthen a timeslot, or add filler.');
  });
});

describe('readinessSummary and packagingUnderWay', () => {
  it('says all clear, or how many problems in the window', () => {
    expect(readinessSummary(reply([]), '24')).toBe(
      'All clear: everything in the next 24 hours airs as scheduled.',
    );
    expect(readinessSummary(reply([{ kind: 'no-media', ...slot }]), '168')).toBe(
      '1 thing will not air as scheduled in the next 7 days.',
    );
  });

  it('looks again soon only while something is being packaged', () => {
    expect(packagingUnderWay(undefined)).toBe(false);
    expect(packagingUnderWay(reply([{ kind: 'no-media', ...slot }]))).toBe(false);
    expect(
      packagingUnderWay(reply([{ kind: 'not-packaged', ...slot, state: 'failed', progress: 0 }])),
    ).toBe(false);
    expect(
      packagingUnderWay(reply([{ kind: 'not-packaged', ...slot, state: 'queued', progress: 0 }])),
    ).toBe(true);
  });
});
