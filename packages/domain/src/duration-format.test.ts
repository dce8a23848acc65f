import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration, runtimeFit, slotLengthOf } from './duration-format.js';

describe('formatDuration: a length on the schedule', () => {
  it('is h:mm, to the minute', () => {
    expect(formatDuration(1800, 'length')).toBe('0:30');
    expect(formatDuration(900, 'length')).toBe('0:15');
    expect(formatDuration(3600, 'length')).toBe('1:00');
    expect(formatDuration(5400, 'length')).toBe('1:30');
    expect(formatDuration(94_500, 'length')).toBe('26:15');
    expect(formatDuration(1680, 'length')).toBe('0:28');
  });

  it('rounds to the nearest minute, and never reads a short length as none', () => {
    expect(formatDuration(89, 'length')).toBe('0:01');
    expect(formatDuration(91, 'length')).toBe('0:02');
    expect(formatDuration(10, 'length')).toBe('0:01');
    expect(formatDuration(10, 'length', { units: true })).toBe('1 min');
  });

  it('writes the units out where h:mm alone could be misread', () => {
    expect(formatDuration(1800, 'length', { units: true })).toBe('30 min');
    expect(formatDuration(3600, 'length', { units: true })).toBe('1 h');
    expect(formatDuration(6300, 'length', { units: true })).toBe('1 h 45 min');
    expect(formatDuration(7200, 'length', { units: true })).toBe('2 h');
  });

  it('is a dash for no length', () => {
    for (const none of [0, -60, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatDuration(none, 'length')).toBe('—');
      expect(formatDuration(none, 'length', { units: true })).toBe('—');
    }
  });
});

describe('formatDuration: a media runtime', () => {
  it('is m:ss under an hour, to the second', () => {
    expect(formatDuration(10, 'runtime')).toBe('0:10');
    expect(formatDuration(245, 'runtime')).toBe('4:05');
    expect(formatDuration(1710, 'runtime')).toBe('28:30');
    expect(formatDuration(2.6, 'runtime')).toBe('0:03');
    expect(formatDuration(3599, 'runtime')).toBe('59:59');
  });

  it('is h:mm:ss from an hour', () => {
    expect(formatDuration(3600, 'runtime')).toBe('1:00:00');
    expect(formatDuration(3723, 'runtime')).toBe('1:02:03');
  });

  it('writes the units out on request, leaving out the parts that are zero', () => {
    expect(formatDuration(10, 'runtime', { units: true })).toBe('10 s');
    expect(formatDuration(245, 'runtime', { units: true })).toBe('4 min 5 s');
    expect(formatDuration(240, 'runtime', { units: true })).toBe('4 min');
    expect(formatDuration(3723, 'runtime', { units: true })).toBe('1 h 2 min 3 s');
    expect(formatDuration(0, 'runtime', { units: true })).toBe('0 s');
  });

  it('keeps a spot’s hundredths or tenths on request, never rounding up', () => {
    // 899 frames at 29.97 fps: a "30-second" spot that runs just short of 30 s.
    expect(formatDuration(29.996633, 'runtime', { fraction: 2 })).toBe('0:29.99');
    expect(formatDuration(29.97, 'runtime', { fraction: 2 })).toBe('0:29.97');
    expect(formatDuration(2.969633, 'runtime', { fraction: 1 })).toBe('0:02.9');
    expect(formatDuration(60, 'runtime', { fraction: 2 })).toBe('1:00.00');
    expect(formatDuration(3600.5, 'runtime', { fraction: 2 })).toBe('1:00:00.50');
    expect(formatDuration(0, 'runtime', { fraction: 2 })).toBe('0:00.00');
    expect(formatDuration(29.996633, 'runtime', { fraction: 2, units: true })).toBe('29.99 s');
    expect(formatDuration(62.5, 'runtime', { fraction: 1, units: true })).toBe('1 min 2.5 s');
    expect(formatDuration(60, 'runtime', { fraction: 2, units: true })).toBe('1 min');
    expect(formatDuration(0.004, 'runtime', { fraction: 2, units: true })).toBe('0.00 s');
  });

  it('never reads a runtime with decimals longer than it is (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 7200, noNaN: true }), (seconds) => {
        const [whole = '', decimals = ''] = formatDuration(seconds, 'runtime', {
          fraction: 2,
        }).split('.');
        const parts = whole.split(':').map(Number);
        const read = parts.reduce((total: number, part: number) => total * 60 + part, 0);
        const shown = read + Number(decimals) / 100;
        expect(shown).toBeLessThanOrEqual(seconds + 1e-6);
        expect(seconds - shown).toBeLessThan(0.01 + 1e-6);
      }),
    );
  });

  it('is 0:00 for none', () => {
    for (const none of [0, -5, Number.NaN]) expect(formatDuration(none, 'runtime')).toBe('0:00');
  });

  it('reads back to the seconds it was given (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * 3600 }), (seconds) => {
        const parts = formatDuration(seconds, 'runtime').split(':').map(Number);
        const read = parts.reduce((total: number, part: number) => total * 60 + part, 0);
        expect(read).toBe(seconds);
      }),
    );
  });

  it('a length reads back to its whole minutes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 48 }), (quarters) => {
        const [hours, minutes] = formatDuration(quarters * 900, 'length')
          .split(':')
          .map(Number);
        expect((hours ?? 0) * 60 + (minutes ?? 0)).toBe(quarters * 15);
      }),
    );
  });
});

describe('runtimeFit', () => {
  it('knows nothing without both a slot length and a runtime', () => {
    expect(runtimeFit(0, 600)).toEqual({ fit: 'unknown' });
    expect(runtimeFit(1800, 0)).toEqual({ fit: 'unknown' });
    expect(runtimeFit(Number.NaN, 600)).toEqual({ fit: 'unknown' });
  });

  it('fits when the media needs this slot and no shorter one', () => {
    expect(runtimeFit(1800, 1680)).toEqual({ fit: 'fits' });
    expect(runtimeFit(1800, 1800)).toEqual({ fit: 'fits' });
    expect(runtimeFit(1800, 901)).toEqual({ fit: 'fits' });
  });

  it('is long when the media runs past the slot, by how much', () => {
    expect(runtimeFit(1800, 1930)).toEqual({ fit: 'long', overSec: 130 });
    expect(runtimeFit(1800, 1800.4)).toEqual({ fit: 'fits' });
  });

  it('is short when the media would fit a quarter hour less, with the airtime left empty', () => {
    expect(runtimeFit(1800, 10)).toEqual({ fit: 'short', emptySec: 1790, fitsLengthSec: 900 });
    expect(runtimeFit(1800, 900)).toEqual({ fit: 'short', emptySec: 900, fitsLengthSec: 900 });
    expect(runtimeFit(3600, 2400)).toEqual({ fit: 'short', emptySec: 1200, fitsLengthSec: 2700 });
  });
});

describe('slotLengthOf', () => {
  it('is the length in whole quarter hours, rounded up; 0 for none', () => {
    expect(slotLengthOf(1800)).toBe(1800);
    expect(slotLengthOf(10)).toBe(900);
    expect(slotLengthOf(1710)).toBe(1800);
    expect(slotLengthOf(1801)).toBe(2700);
    expect(slotLengthOf(0)).toBe(0);
    expect(slotLengthOf(Number.NaN)).toBe(0);
  });
});
