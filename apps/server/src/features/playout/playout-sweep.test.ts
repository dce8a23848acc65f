import { describe, expect, it } from 'vitest';
import type { PackageRow } from './playout-repository.js';
import { supersededPackages } from './playout-sweep.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2031, 0, 20);

function pkg(
  id: string,
  created: number,
  media: { show?: string; ad?: string; channel?: string },
  profile = '720p30',
): PackageRow {
  return {
    id,
    organization: 'org',
    show: media.show ?? '',
    ad: media.ad ?? '',
    channel: media.channel ?? '',
    profile,
    source: `${id}.mp4`,
    segmentSec: 6,
    segments: 10,
    durationSec: 60,
    created,
  };
}

describe('supersededPackages', () => {
  it('keeps the newest of each media and profile, and any replaced less than eight days ago', () => {
    const packages = [
      pkg('old', NOW - 30 * DAY, { show: 'a' }),
      pkg('mid', NOW - 9 * DAY, { show: 'a' }),
      pkg('new', NOW - 2 * DAY, { show: 'a' }),
      pkg('other-profile', NOW - 30 * DAY, { show: 'a' }, '480p30'),
      pkg('slate-1', NOW - 20 * DAY, { channel: 'c' }),
      pkg('slate-2', NOW - 10 * DAY, { channel: 'c' }),
      pkg('alone', NOW - 90 * DAY, { show: 'b' }),
      // A spot's packages are kept apart from a show's of the same id.
      pkg('spot-old', NOW - 40 * DAY, { ad: 'a' }),
      pkg('spot-new', NOW - 20 * DAY, { ad: 'a' }),
    ];
    // "old" was replaced 9 days ago (by "mid"): gone. "mid" was replaced 2 days ago: a slot
    // that began with it may still be on air. The slates: the first replaced 10 days ago. The
    // spot's first was replaced 20 days ago.
    expect(supersededPackages(packages, NOW).map((p) => p.id)).toEqual([
      'old',
      'slate-1',
      'spot-old',
    ]);
  });
});
