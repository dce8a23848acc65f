import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bumperReason, countdown, watchWindow } from './watch-model';

describe('watchWindow', () => {
  it('runs from local midnight today to local midnight in two days', () => {
    const now = Date.parse('2026-12-01T15:00:00Z'); // 10:00 in New York
    expect(watchWindow(now, 'America/New_York')).toEqual({
      from: Date.parse('2026-12-01T05:00:00Z'),
      today: Date.parse('2026-12-02T05:00:00Z'),
      to: Date.parse('2026-12-03T05:00:00Z'),
    });
  });

  it('has a 23-hour today on the day clocks go forward in London', () => {
    const window = watchWindow(Date.parse('2027-03-28T12:00:00Z'), 'Europe/London');
    expect(window.today - window.from).toBe(23 * 3_600_000);
  });

  it('always holds now, in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2035-01-01') }),
        fc.constantFrom(
          'UTC',
          'America/New_York',
          'Europe/London',
          'Australia/Lord_Howe',
          'Asia/Kathmandu',
        ),
        (now, zone) => {
          const window = watchWindow(now, zone);
          return window.from <= now && now < window.today && window.today < window.to;
        },
      ),
    );
  });
});

describe('bumperReason', () => {
  it('shows the bumper when nothing is on, when there is no stream, or when it fails', () => {
    expect(bumperReason({ onAir: false, streamUrl: 'https://s/x.m3u8', streamFailed: false })).toBe(
      'off-air',
    );
    expect(bumperReason({ onAir: true, streamUrl: '', streamFailed: false })).toBe('no-stream');
    expect(bumperReason({ onAir: true, streamUrl: 'https://s/x.m3u8', streamFailed: true })).toBe(
      'stream-down',
    );
    expect(
      bumperReason({ onAir: true, streamUrl: 'https://s/x.m3u8', streamFailed: false }),
    ).toBeNull();
  });
});

describe('countdown', () => {
  it('counts minutes and seconds, hours when there are some, and says now at the end', () => {
    expect(countdown(249_000, 0)).toBe('4:09');
    expect(countdown(3_909_000, 0)).toBe('1:05:09');
    expect(countdown(500, 0)).toBe('0:01');
    expect(countdown(0, 0)).toBe('now');
    expect(countdown(0, 10)).toBe('now');
  });
});
