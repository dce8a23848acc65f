import { describe, expect, it } from 'vitest';
import { untilMinuteEnds } from './start-on-demand';

const minute = Date.UTC(2026, 10, 26, 15, 0, 0);

describe('untilMinuteEnds', () => {
  it('is what is left of the minute the page was rendered in', () => {
    expect(untilMinuteEnds(minute + 5_000, minute + 5_000)).toBe(55_000);
    expect(untilMinuteEnds(minute + 5_000, minute + 50_000)).toBe(10_000);
    expect(untilMinuteEnds(minute, minute)).toBe(60_000);
    expect(untilMinuteEnds(minute + 59_999, minute + 59_998)).toBe(2);
  });

  it('is 0 once that minute is over on this clock: the page is not current here', () => {
    expect(untilMinuteEnds(minute + 59_000, minute + 60_000)).toBe(0);
    expect(untilMinuteEnds(minute, minute + 3_600_000)).toBe(0);
  });

  it('is 0 for a device whose clock is more than a minute behind the server', () => {
    expect(untilMinuteEnds(minute + 30_000, minute - 3_600_000)).toBe(0);
    expect(untilMinuteEnds(minute + 30_000, minute - 1)).toBe(0);
  });

  it('counts a device slightly behind the server to the server’s minute end', () => {
    expect(untilMinuteEnds(minute + 30_000, minute + 1_000)).toBe(59_000);
  });
});
