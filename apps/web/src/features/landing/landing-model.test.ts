import type { GuideChannel, GuideTimeslot } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { onNowRows } from './landing-model';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 11, 1, 15, 30);

function channel(id: string): GuideChannel {
  return { id, name: id, number: 1, slug: id, logo: '', color: '', timeZone: 'UTC', public: true };
}

function slot(id: string, channelId: string, startMs: number, hours: number): GuideTimeslot {
  const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
  return {
    id,
    channel: channelId,
    start: iso(startMs),
    end: iso(startMs + hours * HOUR),
    durationSec: hours * 3600,
    show: {
      id: `show-${id}`,
      title: id,
      subtitle: '',
      description: '',
      category: '',
      rating: '',
      durationSec: hours * 3600,
      thumbnail: '',
      season: 0,
      episode: 0,
      descriptions: '',
    },
  };
}

describe('onNowRows', () => {
  it("gives each channel, in the guide's order, its programme on now and the next one", () => {
    const rows = onNowRows(
      {
        channels: [channel('b'), channel('a'), channel('idle')],
        timeslots: [
          slot('a-next', 'a', NOW + HOUR, 1),
          slot('a-now', 'a', NOW - HOUR / 2, 1),
          slot('b-later', 'b', NOW + 2 * HOUR, 1),
        ],
      },
      NOW,
    );
    expect(rows.map((row) => [row.channel.id, row.now?.id ?? null, row.next?.id ?? null])).toEqual([
      ['b', null, 'b-later'],
      ['a', 'a-now', 'a-next'],
      ['idle', null, null],
    ]);
  });
});
