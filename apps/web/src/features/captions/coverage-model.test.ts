import { describe, expect, it } from 'vitest';
import { coverageCsv, formatShare } from './coverage-model';

describe('formatShare', () => {
  it('rounds to a tenth of a percent, and says nothing aired with a dash', () => {
    expect(formatShare(0.5, 3600)).toBe('50%');
    expect(formatShare(1 / 3, 3600)).toBe('33.3%');
    expect(formatShare(0, 0)).toBe('—');
  });
});

describe('coverageCsv', () => {
  it('writes a row per channel and one for all, quoting what needs it', () => {
    const csv = coverageCsv({
      week: '2031-01-06',
      timeZone: 'UTC',
      channels: [
        {
          id: 'a',
          name: 'Community, Public',
          number: 1,
          language: 'en',
          scheduledSec: 7200,
          captionedSec: 3600,
          share: 0.5,
        },
        {
          id: 'b',
          name: 'Arts',
          number: 2,
          language: '',
          scheduledSec: 0,
          captionedSec: 0,
          share: 0,
        },
      ],
      total: { scheduledSec: 7200, captionedSec: 3600, share: 0.5 },
    });
    expect(csv).toBe(
      'Channel,Number,Language,Scheduled (h:mm),Captioned (h:mm),Share (%)\r\n' +
        '"Community, Public",1,en,2:00,1:00,50\r\n' +
        'Arts,2,,0:00,0:00,0\r\n' +
        'All channels,,,2:00,1:00,50\r\n',
    );
  });
});
