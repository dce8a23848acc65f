import { describe, expect, it } from 'vitest';
import { splitOnAir } from './on-air-edit.js';
import { at, media, slot } from './test-playout.js';

const SHOW = media('show', 300);
const OTHER = media('other', 600);
const onAir = slot('a', '10:00', 60, SHOW);
const spans = (slots: { id: string; start: number; durationSec: number }[]) =>
  slots.map((s) => [s.id, (s.start - at('10:00')) / 1000, s.durationSec]);

describe('splitOnAir', () => {
  it('splits the slot on air at the next boundary and gives the edit to the second part', () => {
    const result = splitOnAir(onAir, { media: OTHER }, at('10:20:03'), 6, 'a2');
    expect(spans(result)).toEqual([
      ['a', 0, 1206],
      ['a2', 1206, 3600 - 1206],
    ]);
    expect(result[0]?.media).toBe(SHOW);
    expect(result[1]?.media).toBe(OTHER);
  });

  it('splits at the following boundary when now is on one (that segment is already listed)', () => {
    expect(spans(splitOnAir(onAir, { cancelled: true }, at('10:20'), 6, 'a2'))[0]).toEqual([
      'a',
      0,
      1206,
    ]);
  });

  it('moves only the end of a slot on air, never before the boundary', () => {
    expect(spans(splitOnAir(onAir, { end: at('10:45') }, at('10:20'), 6, 'a2'))).toEqual([
      ['a', 0, 2700],
    ]);
    expect(spans(splitOnAir(onAir, { end: at('10:05') }, at('10:20'), 6, 'a2'))).toEqual([
      ['a', 0, 1206],
    ]);
  });

  it('edits a slot that has not started in place', () => {
    const result = splitOnAir(onAir, { media: OTHER, end: at('11:30') }, at('09:00'), 6, 'a2');
    expect(spans(result)).toEqual([['a', 0, 5400]]);
    expect(result[0]?.media).toBe(OTHER);
    expect(splitOnAir(onAir, { end: at('09:00') }, at('09:00'), 6, 'a2')).toEqual([]);
  });

  it('leaves a slot that is over by the boundary as it was', () => {
    expect(splitOnAir(onAir, { cancelled: true }, at('10:59:54'), 6, 'a2')).toEqual([onAir]);
  });

  it('keeps only the first part when the edit ends the slot at the boundary', () => {
    const result = splitOnAir(onAir, { media: OTHER, end: at('10:10') }, at('10:20'), 6, 'a2');
    expect(spans(result)).toEqual([['a', 0, 1206]]);
  });
});
