import { describe, expect, it } from 'vitest';
import { pickFields } from './fields-picker.js';

const record = {
  id: 'abc',
  title: 'Morning Coffee',
  description: '<p>Neighbours   talk about <b>town</b> life every day</p>',
  expand: { show: { id: 's1', title: 'News', rating: 'TV-G' } },
};

describe('pickFields', () => {
  it('keeps only the listed keys', () => {
    expect(pickFields(record, 'id,title', false)).toEqual({ id: 'abc', title: 'Morning Coffee' });
  });

  it('follows dotted paths into nested objects', () => {
    expect(pickFields(record, 'id,expand.show.title', false)).toEqual({
      id: 'abc',
      expand: { show: { title: 'News' } },
    });
  });

  it('treats * as every key at its level', () => {
    expect(pickFields(record, '*', false)).toEqual(record);
    expect(pickFields(record, 'id,expand.show.*', false)).toEqual({
      id: 'abc',
      expand: { show: record.expand.show },
    });
  });

  it('trims text and strips HTML with :excerpt', () => {
    expect(pickFields(record, 'description:excerpt(20,true)', false)).toEqual({
      description: 'Neighbours talk abou...',
    });
    expect(pickFields(record, 'description:excerpt(200)', false)).toEqual({
      description: 'Neighbours talk about town life every day',
    });
  });

  it('applies to each item of a list, not to the envelope', () => {
    const list = { items: [record, record], page: 1, perPage: 30, totalItems: 2, totalPages: 1 };
    expect(pickFields(list, 'id', true)).toEqual({
      ...list,
      items: [{ id: 'abc' }, { id: 'abc' }],
    });
  });

  it('leaves the body alone without fields', () => {
    expect(pickFields(record, undefined, false)).toBe(record);
    expect(pickFields(record, ' ', false)).toBe(record);
  });
});
