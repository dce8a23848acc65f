import { describe, expect, it } from 'vitest';
import { inferValue } from './request-body.js';

describe('inferValue', () => {
  it('infers booleans and round-tripping numbers only', () => {
    expect(inferValue('true')).toBe(true);
    expect(inferValue('false')).toBe(false);
    expect(inferValue('12')).toBe(12);
    expect(inferValue('-1.5')).toBe(-1.5);
    expect(inferValue('')).toBe('');
    expect(inferValue('007')).toBe('007');
    expect(inferValue('1e3')).toBe('1e3');
    expect(inferValue('1.50')).toBe('1.50');
    expect(inferValue('abc')).toBe('abc');
    expect(inferValue('True')).toBe('True');
  });
});
