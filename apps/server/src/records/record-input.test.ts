import { channels, organizations, recurrences, shows, timeslots } from '@airgrid/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, resolveInput, validateRecord } from './record-input.js';

// Values a client sends that no record can hold are field errors here, before any hook or
// database sees them: NULs, unpaired surrogates in json, json nested too deep, dates outside
// years 1 to 9999, numbers that are not finite or whole numbers past 2^53.

const NUL = { code: 'validation_invalid_characters', message: 'Must not contain NUL characters.' };

const nestedArrays = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('resolveInput', () => {
  it('refuses a NUL in text, url, email, select, relation and json values, keys included', () => {
    const { errors } = resolveInput(
      shows,
      {
        subtitle: 'a\u0000b',
        mediaUrl: 'https://example.org/\u0000',
        producer: 'abc\u0000',
        status: ['draft\u0000'],
        tags: ['fine', { 'key\u0000': 1 }],
        externalIds: { deep: [[['\u0000']]] },
      },
      null,
      false,
    );
    expect(errors).toEqual({
      subtitle: NUL,
      mediaUrl: NUL,
      producer: NUL,
      status: NUL,
      tags: NUL,
      externalIds: NUL,
    });
    expect(
      resolveInput(organizations, { contactEmail: 'a\u0000@b.org' }, null, false).errors,
    ).toEqual({ contactEmail: NUL });
  });

  it('refuses an unpaired surrogate in json, which jsonb cannot hold', () => {
    for (const value of [['\ud800'], { '\udfff': 1 }, 'x\ud800y']) {
      expect(resolveInput(shows, { tags: value }, null, false).errors.tags?.code).toBe(
        'validation_invalid_characters',
      );
    }
    // A whole pair is an ordinary character.
    expect(resolveInput(shows, { tags: ['💩'] }, null, false).errors).toEqual({});
  });

  it('holds json to 64 levels of nesting, walking it without recursion', () => {
    expect(resolveInput(shows, { tags: nestedArrays(MAX_JSON_DEPTH) }, null, false).errors).toEqual(
      {},
    );
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      expect(resolveInput(shows, { tags: nestedArrays(depth) }, null, false).errors.tags).toEqual({
        code: 'validation_json_too_deep',
        message: 'Must not nest arrays and objects more than 64 levels deep.',
        params: { maxDepth: 64 },
      });
    }
  });

  it('replaces a refused value, so rules that read the body never see it', () => {
    const created = resolveInput(shows, { producer: { a: 'x\u0000' } }, null, false);
    expect(created.values.producer).toBe('');
    const existing = { id: 'abc', producer: 'p'.repeat(15), durationSec: 600 };
    const updated = resolveInput(shows, { producer: 'x\u0000', durationSec: {} }, existing, false);
    expect(updated.values).toEqual({ producer: 'p'.repeat(15), durationSec: 600 });
    expect(Object.keys(updated.errors).sort()).toEqual(['durationSec', 'producer']);
  });

  it('reads dates from years 1 to 9999 only, in any form', () => {
    const range = {
      code: 'validation_invalid_date',
      message: 'Must be a datetime from 0001-01-01 00:00:00.000Z to 9999-12-31 23:59:59.999Z.',
      params: { min: '0001-01-01 00:00:00.000Z', max: '9999-12-31 23:59:59.999Z' },
    };
    for (const start of [
      1e20,
      -1e20,
      8.64e15,
      Number.MAX_VALUE,
      '+275760-09-13',
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00Z',
      '0000-12-31 23:59:59.999Z',
    ]) {
      const { errors, values } = resolveInput(timeslots, { start }, null, false);
      expect(errors.start, String(start)).toEqual(range);
      expect(values.start).toBe('');
    }
    // A five-digit year without its sign is not ISO 8601: no date at all.
    for (const start of ['soon', '10000-01-01 00:00:00.000Z']) {
      expect(resolveInput(timeslots, { start }, null, false).errors.start).toEqual({
        code: 'validation_invalid_date',
        message: 'Must be a valid datetime.',
      });
    }
    expect(
      resolveInput(timeslots, { start: '0001-01-01 00:00:00.000Z' }, null, false).values,
    ).toEqual({ start: '0001-01-01 00:00:00.000Z' });
    expect(
      resolveInput(timeslots, { start: '9999-12-31T23:59:59.999Z' }, null, false).values,
    ).toEqual({ start: '9999-12-31 23:59:59.999Z' });
  });

  it('never throws on a date, whatever the number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string()), (start) => {
        const { values, errors } = resolveInput(timeslots, { start }, null, false);
        expect(typeof values.start === 'string' || errors.start !== undefined).toBe(true);
      }),
    );
  });

  it('refuses whole numbers past 2^53, naming the field’s own bound when it has one', () => {
    expect(resolveInput(channels, { sortOrder: 2 ** 60 }, null, false).errors.sortOrder).toEqual({
      code: 'validation_unsafe_integer',
      message: 'Must be a whole number from -9007199254740991 to 9007199254740991.',
      params: { min: -9007199254740991, max: 9007199254740991 },
    });
    expect(resolveInput(timeslots, { durationSec: 1e300 }, null, false).errors.durationSec).toEqual(
      {
        code: 'validation_max_number_constraint',
        message: 'Must be less than 604800.',
        params: { max: 604800 },
      },
    );
    expect(resolveInput(shows, { season: -1e300 }, null, false).errors.season?.code).toBe(
      'validation_min_number_constraint',
    );
    // A sum past 2^53 is refused the same way.
    const sum = resolveInput(
      channels,
      { 'sortOrder+': Number.MAX_SAFE_INTEGER },
      { sortOrder: Number.MAX_SAFE_INTEGER },
      false,
    );
    expect(sum.errors.sortOrder?.code).toBe('validation_unsafe_integer');
    for (const durationSec of ['Infinity', 'NaN', '1e400', {}]) {
      expect(
        resolveInput(recurrences, { durationSec }, null, false).errors.durationSec?.code,
        String(durationSec),
      ).toBe('validation_invalid_number');
    }
  });
});

describe('validateRecord', () => {
  it('holds durations to 7 days and whole numbers to 2^53', () => {
    const slot = {
      id: 'i'.repeat(15),
      organization: 'o'.repeat(15),
      channel: 'c'.repeat(15),
      show: 's'.repeat(15),
      start: '2027-01-04 19:00:00.000Z',
      durationSec: 604_800 + 900,
      // Numbers are always present by validation time (the engine fills their zero).
      cablecastId: 0,
      sourceDurationSec: 0,
    };
    expect(validateRecord(timeslots, slot).durationSec?.code).toBe(
      'validation_max_number_constraint',
    );
    expect(validateRecord(timeslots, { ...slot, durationSec: 604_800 })).toEqual({});
    expect(
      validateRecord(shows, {
        id: 'i'.repeat(15),
        organization: 'o'.repeat(15),
        title: 'T',
        durationSec: 604_801,
      }),
    ).toMatchObject({ durationSec: { code: 'validation_max_number_constraint' } });
    expect(
      validateRecord(channels, {
        organization: 'o'.repeat(15),
        name: 'C',
        slug: 'c',
        timeZone: 'UTC',
        sortOrder: 2 ** 53,
      }).sortOrder?.code,
    ).toBe('validation_unsafe_integer');
    expect(
      validateRecord(channels, {
        organization: 'o'.repeat(15),
        name: 'C',
        slug: 'c',
        timeZone: 'UTC',
        sortOrder: Number.POSITIVE_INFINITY,
      }).sortOrder?.code,
    ).toBe('validation_invalid_number');
  });
});
