import type { GuideTimeslot } from '@airgrid/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bumperReason,
  countdown,
  isTypingTarget,
  programmeProgress,
  remoteKey,
  splitToday,
  stepChannel,
  tuneDigits,
  tuningOrder,
  watchWindow,
} from './watch-model';

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
  const stream = { id: 'c1', source: 'stream', streamUrl: 'https://s/x.m3u8' };

  it('shows the bumper when nothing is on, when there is no stream, or when it fails', () => {
    expect(bumperReason({ onAir: false, channel: stream, streamFailed: false })).toBe('off-air');
    expect(
      bumperReason({ onAir: true, channel: { ...stream, streamUrl: ' ' }, streamFailed: false }),
    ).toBe('no-stream');
    expect(bumperReason({ onAir: true, channel: stream, streamFailed: true })).toBe('stream-down');
    expect(bumperReason({ onAir: true, channel: stream, streamFailed: false })).toBeNull();
  });

  it('reads a channel from before sources (no source) as its stream URL', () => {
    const old = { id: 'c1', streamUrl: '' };
    expect(bumperReason({ onAir: false, channel: old, streamFailed: false })).toBe('off-air');
    expect(bumperReason({ onAir: true, channel: old, streamFailed: false })).toBe('no-stream');
  });

  it('never covers Airgrid playout or the test pattern but for a failing player', () => {
    for (const source of ['playout', 'test-pattern']) {
      // The stream URL left from before does not matter: the source decides what plays.
      const channel = { id: 'c1', source, streamUrl: '' };
      expect(bumperReason({ onAir: false, channel, streamFailed: false })).toBeNull();
      expect(bumperReason({ onAir: true, channel, streamFailed: false })).toBeNull();
      expect(bumperReason({ onAir: false, channel, streamFailed: true })).toBe('stream-down');
      expect(bumperReason({ onAir: true, channel, streamFailed: true })).toBe('stream-down');
    }
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

const channel = (number: number, name: string, id = `c${number}`) => ({
  id,
  slug: '',
  number,
  name,
});
const LINE_UP = [channel(12, 'Twelve'), channel(2, 'Two'), channel(1, 'One'), channel(3, 'Three')];

describe('the channel switcher', () => {
  it('steps in channel-number order, whatever order the list came in', () => {
    expect(tuningOrder(LINE_UP).map((one) => one.number)).toEqual([1, 2, 3, 12]);
  });

  it('steps up and down and wraps round at either end, as a TV does', () => {
    expect(stepChannel(LINE_UP, 'c1', 1)?.number).toBe(2);
    expect(stepChannel(LINE_UP, 'c3', 1)?.number).toBe(12);
    expect(stepChannel(LINE_UP, 'c12', 1)?.number).toBe(1);
    expect(stepChannel(LINE_UP, 'c1', -1)?.number).toBe(12);
    expect(stepChannel(LINE_UP, 'c2', -1)?.number).toBe(1);
  });

  it('has nowhere to step with one channel, and starts at an end from an unknown one', () => {
    expect(stepChannel([channel(1, 'One')], 'c1', 1)).toBeNull();
    expect(stepChannel([], 'c1', 1)).toBeNull();
    expect(stepChannel(LINE_UP, 'elsewhere', 1)?.number).toBe(1);
    expect(stepChannel(LINE_UP, 'elsewhere', -1)?.number).toBe(12);
  });

  it('orders equal numbers by name, so stepping never loops between two of them', () => {
    const twins = [channel(5, 'Beta', 'b'), channel(5, 'Alpha', 'a')];
    expect(stepChannel(twins, 'a', 1)?.id).toBe('b');
    expect(stepChannel(twins, 'b', 1)?.id).toBe('a');
  });

  it('tunes typed digits at once when no longer number starts with them', () => {
    expect(tuneDigits(LINE_UP, '2')).toEqual({ channel: LINE_UP[1], complete: true });
    expect(tuneDigits(LINE_UP, '12')).toEqual({ channel: LINE_UP[0], complete: true });
    expect(tuneDigits(LINE_UP, '7')).toEqual({ channel: null, complete: true });
  });

  it('waits after a digit that a longer channel number starts with', () => {
    expect(tuneDigits(LINE_UP, '1')).toEqual({ channel: LINE_UP[2], complete: false });
    expect(tuneDigits([channel(12, 'Twelve')], '1')).toEqual({ channel: null, complete: false });
  });

  it('reads digits, the arrows and a remote’s channel keys, and nothing else', () => {
    expect(remoteKey('7')).toEqual({ digit: '7' });
    expect(remoteKey('ArrowUp')).toEqual({ step: 1 });
    expect(remoteKey('ChannelUp')).toEqual({ step: 1 });
    expect(remoteKey('ArrowDown')).toEqual({ step: -1 });
    expect(remoteKey('ChannelDown')).toEqual({ step: -1 });
    for (const key of ['a', 'Enter', 'ArrowLeft', ' ', 'F1']) expect(remoteKey(key)).toBeNull();
  });

  it('leaves keys typed into a field alone', () => {
    const element = (closest: string | null, isContentEditable = false) =>
      ({ closest: () => closest, isContentEditable }) as unknown as EventTarget;
    expect(isTypingTarget(element('input'))).toBe(true);
    expect(isTypingTarget(element(null, true))).toBe(true);
    expect(isTypingTarget(element(null))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('splitToday', () => {
  const slot = (start: string, minutes: number) =>
    ({ id: start, start: `${start}:00.000Z`, durationSec: minutes * 60 }) as GuideTimeslot;
  const day = [
    slot('2026-12-01 09:00', 60),
    slot('2026-12-01 10:00', 30),
    slot('2026-12-01 10:30', 60),
    slot('2026-12-01 11:30', 30),
  ];

  it('puts what has ended before now behind "earlier", and keeps the one on now first', () => {
    const { earlier, later } = splitToday(day, Date.parse('2026-12-01T10:45:00Z'));
    expect(earlier.map((one) => one.id)).toEqual(['2026-12-01 09:00', '2026-12-01 10:00']);
    expect(later.map((one) => one.id)).toEqual(['2026-12-01 10:30', '2026-12-01 11:30']);
  });

  it('counts a programme ending exactly now as earlier', () => {
    const { earlier } = splitToday(day, Date.parse('2026-12-01T10:30:00Z'));
    expect(earlier).toHaveLength(2);
  });

  it('keeps the whole day when nothing has ended yet, and none when all has', () => {
    expect(splitToday(day, Date.parse('2026-12-01T08:00:00Z')).later).toHaveLength(4);
    expect(splitToday(day, Date.parse('2026-12-01T23:00:00Z')).later).toHaveLength(0);
  });
});

describe('programmeProgress', () => {
  const slot = {
    start: '2026-11-29 18:00:00.000Z',
    end: '2026-11-29 18:30:00.000Z',
    durationSec: 1800,
  } as GuideTimeslot;
  const at = (iso: string) => Date.parse(iso);

  it('says how far the programme has run, within 0 and 100', () => {
    expect(programmeProgress(slot, at('2026-11-29T18:00:00Z'))).toBe(0);
    expect(programmeProgress(slot, at('2026-11-29T18:15:00Z'))).toBe(50);
    expect(programmeProgress(slot, at('2026-11-29T18:30:00Z'))).toBe(100);
    expect(programmeProgress(slot, at('2026-11-29T17:00:00Z'))).toBe(0);
    expect(programmeProgress(slot, at('2026-11-29T19:00:00Z'))).toBe(100);
  });

  it('reads the end from the duration when it is missing, and 0 for unreadable times', () => {
    const noEnd = { ...slot, end: '' };
    expect(programmeProgress(noEnd, at('2026-11-29T18:06:00Z'))).toBe(20);
    expect(programmeProgress({ ...slot, start: 'never' }, at('2026-11-29T18:06:00Z'))).toBe(0);
  });
});
