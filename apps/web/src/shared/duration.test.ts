import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration';

describe('parseDuration', () => {
  it('reads minutes and hours:minutes, rounded up to 15 minutes', () => {
    expect(parseDuration('30')).toEqual({ seconds: 1800 });
    expect(parseDuration(' 1:30 ')).toEqual({ seconds: 5400 });
    expect(parseDuration('37')).toEqual({ seconds: 2700 });
    expect(parseDuration('45')).toEqual({ seconds: 2700 });
    expect(parseDuration('50')).toEqual({ seconds: 3600 });
    expect(parseDuration('0:50')).toEqual({ seconds: 3600 });
    expect(parseDuration('52.5')).toEqual({ seconds: 3600 });
    expect(parseDuration('5')).toEqual({ seconds: 900 });
  });

  it('treats empty as unknown', () => {
    expect(parseDuration('')).toEqual({ seconds: 0 });
  });

  it('explains what it cannot read', () => {
    expect(parseDuration('half an hour')).toEqual({
      error: 'Write the duration in minutes, e.g. 30, or as hours:minutes, e.g. 1:30.',
    });
    expect(parseDuration('0')).toEqual({ error: 'The duration must be more than 0 minutes.' });
    expect(parseDuration('1500')).toEqual({ error: 'The duration can be at most 24 hours.' });
  });
});
