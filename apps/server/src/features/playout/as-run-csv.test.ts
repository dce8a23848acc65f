import { describe, expect, it } from 'vitest';
import { asRunCsv } from './as-run-csv.js';

describe('the as-run CSV', () => {
  it('has a header, UTC instants to the second, the duration, and quoted or defused text', () => {
    const start = Date.UTC(2031, 0, 6, 12, 0, 0);
    const csv = asRunCsv([
      {
        id: 'a',
        kind: 'programme',
        mediaId: 'pkg000000000001',
        slotId: 'slot00000000001',
        show: 'show00000000001',
        title: 'News, "live"',
        timeslot: 'slot00000000001',
        start,
        end: start + 12_000,
        offsetSec: 0,
      },
      {
        id: 'b',
        kind: 'filler',
        mediaId: 'pkg000000000002',
        show: 'show00000000002',
        title: '=HYPERLINK("x")',
        timeslot: '',
        start: start + 12_000,
        end: start + 18_000,
        offsetSec: 0,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'start,end,duration_sec,kind,title,timeslot,package',
      '2031-01-06T12:00:00Z,2031-01-06T12:00:12Z,12,programme,"News, ""live""",slot00000000001,pkg000000000001',
      `2031-01-06T12:00:12Z,2031-01-06T12:00:18Z,6,filler,"'=HYPERLINK(""x"")",,pkg000000000002`,
      '',
    ]);
  });
});
