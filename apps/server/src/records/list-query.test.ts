import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, pageNumber, pageSize, skipsTotal } from './list-query.js';

describe('a list request’s page', () => {
  it('starts at page 1 with 30 records unless asked', () => {
    expect(pageNumber({})).toBe(1);
    expect(pageSize({})).toBe(DEFAULT_PER_PAGE);
    expect(pageNumber({ page: '' })).toBe(1);
  });

  it('reads whole numbers, treats zero and negatives as unset, and caps perPage at 1,000', () => {
    expect(pageNumber({ page: '3' })).toBe(3);
    expect(pageNumber({ page: '0' })).toBe(1);
    expect(pageSize({ perPage: '-5' })).toBe(DEFAULT_PER_PAGE);
    expect(pageSize({ perPage: '5000' })).toBe(MAX_PER_PAGE);
  });

  it('refuses what is not a whole number with a 400 naming the parameter', () => {
    expect(() => pageNumber({ page: '1.5' })).toThrow(ApiError);
    expect(() => pageSize({ perPage: 'ten' })).toThrow(
      'Invalid perPage: it must be a whole number.',
    );
  });

  it('skips the total only for PocketBase’s true values', () => {
    for (const value of ['1', 't', 'true', 'T', 'TRUE', 'True'])
      expect(skipsTotal({ skipTotal: value })).toBe(true);
    for (const value of [undefined, '', '0', 'false', 'yes'])
      expect(skipsTotal({ ...(value === undefined ? {} : { skipTotal: value }) })).toBe(false);
  });
});
