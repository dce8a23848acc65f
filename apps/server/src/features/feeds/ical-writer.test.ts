import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  escapeIcsText,
  foldIcsLine,
  ICS_FOOTER,
  icsCalendarHeader,
  icsEvent,
  icsEventDetails,
  icsTimeZone,
} from './ical-writer.js';
import { formatIcsLocal, formatIcsUtc, ZoneOffsets, zoneAbbreviation } from './zone-offsets.js';

const at = (iso: string) => Date.parse(iso);

/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab disappears. */
function unfold(text: string): string {
  return text.replace(/\r\n[ \t]/g, '');
}

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon and comma, and writes line breaks as \\n', () => {
    expect(escapeIcsText('a\\b; c, d')).toBe('a\\\\b\\; c\\, d');
    expect(escapeIcsText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeIcsText('tab\there')).toBe('tab\there');
    expect(escapeIcsText('bell\u0007 del\u007f')).toBe('bell del');
    expect(escapeIcsText('Café "quoted": 東京')).toBe('Café "quoted": 東京');
  });
});

describe('foldIcsLine', () => {
  it('leaves a line of 75 octets alone and folds a longer one', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldIcsLine(exact)).toBe(exact);
    const long = `SUMMARY:${'x'.repeat(68)}`;
    expect(foldIcsLine(long)).toBe(`SUMMARY:${'x'.repeat(67)}\r\n x`);
  });

  it('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(40)}`; // 8 + 80 octets
    const pieces = foldIcsLine(line).split('\r\n');
    expect(pieces.map((piece) => Buffer.byteLength(piece))).toEqual([74, 15]);
    expect(unfold(foldIcsLine(line))).toBe(line);
  });

  it('keeps every line within 75 octets, whole characters, and unfolds to the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (value) => {
        const line = `DESCRIPTION:${escapeIcsText(value)}`;
        const folded = foldIcsLine(line);
        for (const piece of folded.split('\r\n')) {
          expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
          // Lone surrogates would come back from UTF-8 as U+FFFD.
          expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
        }
        expect(
          folded
            .split('\r\n')
            .slice(1)
            .every((piece) => piece.startsWith(' ')),
        ).toBe(true);
        expect(unfold(folded)).toBe(line);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a calendar', () => {
  const zone = new ZoneOffsets('America/New_York');
  const from = at('2026-10-31T04:00:00Z');
  const to = at('2026-11-02T05:00:00Z');

  function calendar(events: { id: string; start: number; end: number; summary: string }[]) {
    const dateTime = (epochMs: number) =>
      zone.isAmbiguousWallTime(epochMs)
        ? { utc: formatIcsUtc(epochMs) }
        : { tzid: zone.timeZone, local: formatIcsLocal(epochMs, zone) };
    return (
      icsCalendarHeader({
        prodId: '-//Airgrid//Airgrid feeds//EN',
        name: 'RCTV 1, Station',
        description: 'Public access; since 1984',
        timeZone: zone.timeZone,
        refreshMinutes: 60,
      }) +
      icsTimeZone(zone.timeZone, zone.transitions(from, to), zone.offsetAt(from), (instant) =>
        zoneAbbreviation(zone.timeZone, instant),
      ) +
      events
        .map((event) =>
          icsEvent(
            {
              uid: `${event.id}@tv.example.org`,
              dtstamp: '20261020T120000Z',
              start: dateTime(event.start),
              end: dateTime(event.end),
            },
            icsEventDetails({
              summary: event.summary,
              description: 'Line one\nLine two; with, punctuation',
              categories: 'Government',
              location: 'RCTV 1',
            }),
          ),
        )
        .join('') +
      ICS_FOOTER
    );
  }

  it('writes the VTIMEZONE from the real transitions', () => {
    const text = calendar([]);
    expect(text).toContain(
      [
        'BEGIN:VTIMEZONE',
        'TZID:America/New_York',
        'BEGIN:DAYLIGHT',
        'DTSTART:20260308T020000',
        'TZOFFSETFROM:-0500',
        'TZOFFSETTO:-0400',
        'TZNAME:EDT',
        'END:DAYLIGHT',
        'BEGIN:STANDARD',
        'DTSTART:20261101T020000',
        'TZOFFSETFROM:-0400',
        'TZOFFSETTO:-0500',
        'TZNAME:EST',
        'END:STANDARD',
        'END:VTIMEZONE',
      ].join('\r\n'),
    );
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes one STANDARD observance for a zone without transitions', () => {
    expect(icsTimeZone('UTC', [], 0, () => 'UTC')).toBe(
      [
        'BEGIN:VTIMEZONE',
        'TZID:UTC',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0000',
        'TZOFFSETTO:+0000',
        'TZNAME:UTC',
        'END:STANDARD',
        'END:VTIMEZONE',
        '',
      ].join('\r\n'),
    );
  });

  it('reads back in ical.js with the same instants on both sides of the fall-back', () => {
    const events = [
      // 01:30 EDT, the first pass, and 01:30 EST, the second: the same wall-clock time.
      { id: 'first', start: at('2026-11-01T05:30:00Z'), end: at('2026-11-01T06:30:00Z') },
      { id: 'second', start: at('2026-11-01T06:30:00Z'), end: at('2026-11-01T07:30:00Z') },
      { id: 'before', start: at('2026-10-31T16:00:00Z'), end: at('2026-10-31T17:00:00Z') },
      { id: 'after', start: at('2026-11-01T17:00:00Z'), end: at('2026-11-01T18:00:00Z') },
    ].map((event) => ({ ...event, summary: `Show ${event.id}, with a comma; and more` }));
    const text = calendar(events);
    // Both passes through the repeated hour are written in UTC; other times with the TZID.
    expect(text).toContain('DTSTART:20261101T053000Z');
    expect(text).toContain('DTSTART:20261101T063000Z');
    expect(text).toContain('DTSTART;TZID=America/New_York:20261031T120000');
    expect(text).toContain('DTSTART;TZID=America/New_York:20261101T120000');

    const root = new ICAL.Component(ICAL.parse(text));
    for (const timezone of root.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(timezone);
    }
    try {
      const parsed = root
        .getAllSubcomponents('vevent')
        .map((component) => new ICAL.Event(component));
      expect(parsed.map((event) => event.uid)).toEqual(
        events.map((event) => `${event.id}@tv.example.org`),
      );
      for (const [index, event] of parsed.entries()) {
        expect(event.startDate.toJSDate().getTime()).toBe(events[index]?.start);
        expect(event.endDate.toJSDate().getTime()).toBe(events[index]?.end);
        expect(event.summary).toBe(events[index]?.summary);
        expect(event.description).toBe('Line one\nLine two; with, punctuation');
      }
      // X- properties are TEXT (RFC 5545 §3.8.8.2), escaped; ical.js hands them back raw.
      expect(root.getFirstPropertyValue('x-wr-calname')).toBe('RCTV 1\\, Station');
    } finally {
      ICAL.TimezoneService.reset();
    }
  });
});
