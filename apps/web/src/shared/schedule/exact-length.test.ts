import { describe, expect, it } from 'vitest';
import { exactLength } from './exact-length';

describe('exactLength', () => {
  it('says minutes and seconds, leaving out a zero part', () => {
    expect(exactLength(3510)).toBe('58 min 30 s');
    expect(exactLength(4)).toBe('4 s');
    expect(exactLength(120)).toBe('2 min');
    expect(exactLength(4.6)).toBe('5 s');
  });

  it('reads nothing, or nonsense, as no time at all', () => {
    expect(exactLength(0)).toBe('0 min');
    expect(exactLength(-3)).toBe('0 min');
    expect(exactLength(Number.NaN)).toBe('0 min');
  });
});
