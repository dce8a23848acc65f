import { formatBytes } from '@airgrid/domain';
import { ApiError } from '../errors/api-error.js';

// What one records request may cost: expand is bounded by depth and back-relations as in
// PocketBase, and also by the related records it reads in total and by the size of the answer.
// Expanded records are shared between the records that name them, so an answer's JSON can grow
// with the product of the levels while the reads stay small (20 channels × 20 × 20 …): the size
// is estimated on the shared objects, before anything is serialized (docs/security.md).

/** Related records one request's expand may read, over every level and relation. */
const MAX_EXPANDED_RECORDS = 10_000;
/** Largest answer the records API builds, estimated before serializing. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Counts what an expand reads; refuses, with a 400 the client can act on, past the limit. */
export class ExpandBudget {
  #left: number;

  constructor(readonly limit = MAX_EXPANDED_RECORDS) {
    this.#left = limit;
  }

  /** Charges one query of `rows` rows (a query that finds nothing still costs one). */
  spend(rows: number): void {
    this.#left -= Math.max(1, rows);
    if (this.#left < 0) {
      throw new ApiError(
        400,
        `The expand would read more than ${this.limit} related records: expand fewer relations or fewer levels, or ask for fewer records per page.`,
      );
    }
  }
}

/**
 * An estimate of the JSON size of `value` in bytes, from the lengths of its strings and keys. An
 * object reached twice counts twice, as it is written twice, but is measured once, so the
 * estimate costs what the distinct objects cost, however often they repeat.
 */
export function estimateJsonBytes(value: unknown): number {
  const sizes = new Map<object, number>();
  const measure = (item: unknown, depth: number): number => {
    if (typeof item === 'string') return item.length + 2;
    if (typeof item === 'number') return 24;
    if (item === null || typeof item !== 'object') return 5;
    // Past any depth a request can build (JSON fields are depth-limited on input).
    if (depth > 256) return 0;
    const known = sizes.get(item);
    if (known !== undefined) return known;
    let size = 2;
    if (Array.isArray(item)) {
      for (const element of item) size += measure(element, depth + 1) + 1;
    } else {
      for (const key in item)
        size += key.length + 4 + measure((item as Record<string, unknown>)[key], depth + 1);
    }
    sizes.set(item, size);
    return size;
  };
  return measure(value, 0);
}

/** The 400 for an answer past the size limit. */
export function responseTooLarge(limit = MAX_RESPONSE_BYTES): ApiError {
  return new ApiError(
    400,
    `The response would be larger than ${formatBytes(limit)}: ask for fewer records per page, fewer fields or a shallower expand.`,
  );
}

/** Refuses an answer whose JSON would be larger than the limit. */
export function assertResponseSize(value: unknown, limit = MAX_RESPONSE_BYTES): void {
  if (estimateJsonBytes(value) > limit) throw responseTooLarge(limit);
}
