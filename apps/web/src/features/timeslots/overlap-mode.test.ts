import { describe, expect, it } from 'vitest';
import { parseOverlapMode } from './overlap-mode';

describe('parseOverlapMode', () => {
  it('reads the stored mode, push when nothing or something unknown is stored', () => {
    expect(parseOverlapMode('no-overlap')).toBe('no-overlap');
    expect(parseOverlapMode('push')).toBe('push');
    expect(parseOverlapMode(null)).toBe('push');
    expect(parseOverlapMode('sideways')).toBe('push');
  });
});
