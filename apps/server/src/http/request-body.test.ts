import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferValue, nestedTooDeep } from './request-body.js';

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

describe('nestedTooDeep', () => {
  const depthOf = (value: unknown): number => {
    // The test's own measure, recursive: fine for the small values generated here.
    if (value === null || typeof value !== 'object') return 0;
    const children = Array.isArray(value) ? value : Object.values(value);
    return 1 + Math.max(0, ...children.map(depthOf));
  };

  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestedTooDeep(`${'['.repeat(64)}${']'.repeat(64)}`)).toBe(false);
    expect(nestedTooDeep(`${'['.repeat(65)}${']'.repeat(65)}`)).toBe(true);
    expect(nestedTooDeep(`{"a":"${'['.repeat(1000)}"}`)).toBe(false);
    expect(nestedTooDeep(`{"a":"\\"${'{'.repeat(100)}"}`)).toBe(false);
    expect(nestedTooDeep(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toBe(true);
    expect(nestedTooDeep('[[[', 2)).toBe(true);
  });

  it('agrees with the depth of any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, max) => {
        expect(nestedTooDeep(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
    );
  });
});
