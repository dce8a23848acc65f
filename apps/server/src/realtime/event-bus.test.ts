import { describe, expect, it } from 'vitest';
import { runsBySize } from './event-bus.js';

describe('runsBySize', () => {
  const small = (n: number) => `{"n":${n}}`;
  const large = (n: number) => `{"n":${n},"pad":"${'x'.repeat(8000)}"}`;

  it('sends consecutive small payloads together, in order', () => {
    expect(runsBySize([small(1), small(2), small(3)])).toEqual([
      { inline: true, payloads: [small(1), small(2), small(3)] },
    ]);
  });

  it('sends each large payload on its own, keeping publish order around it', () => {
    expect(runsBySize([small(1), large(2), large(3), small(4), small(5)])).toEqual([
      { inline: true, payloads: [small(1)] },
      { inline: false, payloads: [large(2)] },
      { inline: false, payloads: [large(3)] },
      { inline: true, payloads: [small(4), small(5)] },
    ]);
  });

  it('measures bytes, not characters: multi-byte text counts for what PostgreSQL limits', () => {
    const accents = `{"t":"${'é'.repeat(3000)}"}`; // 3,000 characters, 6,000+ bytes
    const more = `{"t":"${'é'.repeat(4500)}"}`; // 4,500 characters, 9,000+ bytes
    expect(runsBySize([accents, more]).map((run) => run.inline)).toEqual([true, false]);
  });
});
