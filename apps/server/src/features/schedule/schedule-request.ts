import type { FieldError } from '../../errors/api-error.js';

// What the schedule's remaining hand-written parsers (series, copy) answer, until their
// endpoints read through their contracts (decision 0038).

export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; errors: Record<string, FieldError> };
