import { describe, expect, it } from 'vitest';
import { checkOptions } from './embed-options.js';

describe('embed options', () => {
  it('keeps the known settings within their limits and drops unknown keys', () => {
    expect(checkOptions({ hours: 6, count: 10, colour: 'red' })).toEqual({
      options: { hours: 6, count: 10 },
    });
    expect(checkOptions(null)).toEqual({ options: {} });
    expect(checkOptions({})).toEqual({ options: {} });
  });

  it('says which setting is wrong and what it may be', () => {
    expect(checkOptions({ hours: 13 })).toEqual({
      message: 'options.hours (the hours the guide shows) must be a whole number from 1 to 12.',
    });
    expect(checkOptions({ count: 2.5 })).toEqual({
      message:
        'options.count (the airings the upcoming list shows) must be a whole number from 1 to 50.',
    });
    expect(checkOptions({ hours: '4' })).toMatchObject({ message: /options\.hours/ });
    expect(checkOptions([1])).toEqual({ message: 'Options must be an object, e.g. {"hours": 4}.' });
  });
});
