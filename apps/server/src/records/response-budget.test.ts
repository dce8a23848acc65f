import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { assertResponseSize, ExpandBudget, estimateJsonBytes } from './response-budget.js';

describe('estimateJsonBytes', () => {
  it('is close to the serialized size of records', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.dictionary(
            fc.string({ maxLength: 12 }),
            fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.boolean(), fc.constant(null)),
          ),
          { maxLength: 20 },
        ),
        (records) => {
          const actual = Buffer.byteLength(JSON.stringify(records));
          const estimate = estimateJsonBytes(records);
          // Within a factor of the truth either way (escapes and number widths differ).
          expect(estimate).toBeGreaterThanOrEqual(actual / 4);
          expect(estimate).toBeLessThanOrEqual(actual * 12 + 16);
        },
      ),
    );
  });

  it('counts a shared object once per place it is written, measuring it once', () => {
    const leaf = { title: 'x'.repeat(1000) };
    let level: unknown = leaf;
    // Ten levels of 20 references each: 20^10 copies when serialized.
    for (let i = 0; i < 10; i++) level = { items: Array.from({ length: 20 }, () => level) };
    const bytes = estimateJsonBytes(level);
    expect(bytes).toBeGreaterThan(20 ** 10 * 1000);
    expect(() => assertResponseSize(level)).toThrow(ApiError);
  });

  it('lets an ordinary page through', () => {
    const page = { items: Array.from({ length: 30 }, (_, i) => ({ id: String(i), name: 'a' })) };
    expect(() => assertResponseSize(page)).not.toThrow();
  });
});

describe('ExpandBudget', () => {
  it('charges at least one per query and refuses past the limit with a 400', () => {
    const budget = new ExpandBudget(3);
    budget.spend(0);
    budget.spend(2);
    expect(() => budget.spend(0)).toThrow(
      expect.objectContaining({
        status: 400,
        message: expect.stringContaining('more than 3 related records'),
      }),
    );
  });
});
