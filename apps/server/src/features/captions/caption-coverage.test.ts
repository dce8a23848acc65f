import { describe, expect, it } from 'vitest';
import { captionCoverage } from './caption-coverage.js';

const channels = [
  { id: 'c1', name: 'Community', number: 1, language: 'en' },
  { id: 'c2', name: 'Comunidad', number: 2, language: 'es' },
  { id: 'c3', name: 'Arts', number: 3, language: '' },
  { id: 'c4', name: 'Quiet', number: 4, language: 'en' },
];

describe('captionCoverage', () => {
  it('counts airtime whose show has a complete track in the channel’s language', () => {
    const result = captionCoverage(
      channels,
      [
        { channel: 'c1', show: 'meeting', durationSec: 3600 },
        { channel: 'c1', show: 'concert', durationSec: 1800 },
        { channel: 'c2', show: 'meeting', durationSec: 3600 },
        { channel: 'c2', show: 'noticias', durationSec: 1800 },
        { channel: 'c3', show: 'concert', durationSec: 900 },
        { channel: 'c3', show: 'meeting', durationSec: 900 },
      ],
      [
        { show: 'meeting', language: 'en-US' },
        { show: 'noticias', language: 'es' },
      ],
    );
    expect(
      result.channels.map(({ id, scheduledSec, captionedSec, share }) => [
        id,
        scheduledSec,
        captionedSec,
        share,
      ]),
    ).toEqual([
      ['c1', 5400, 3600, 3600 / 5400],
      ['c2', 5400, 1800, 1800 / 5400],
      // No language named: any complete track counts.
      ['c3', 1800, 900, 0.5],
      // Nothing scheduled: nothing to caption.
      ['c4', 0, 0, 0],
    ]);
    expect(result.total).toEqual({ scheduledSec: 12_600, captionedSec: 6300, share: 0.5 });
  });

  it('ignores airings on channels it was not given', () => {
    const result = captionCoverage(
      channels.slice(0, 1),
      [{ channel: 'elsewhere', show: 'x', durationSec: 60 }],
      [],
    );
    expect(result.total.scheduledSec).toBe(0);
  });
});
