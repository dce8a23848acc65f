import { formatIcsWallClock, formatOffset, type ZoneTransition } from './zone-offsets.js';

// iCalendar (RFC 5545) written as strings, one component at a time, so a channel's calendar
// streams: the calendar's properties and VTIMEZONE, each VEVENT, the end. Every content line is
// escaped, folded at 75 octets and ends with CRLF.

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** Control characters RFC 5545's TEXT cannot carry (everything below U+0020 but tab, and DEL). */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma get a backslash, every line
 * break becomes `\n`, and other control characters are dropped.
 */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .replace(CONTROL, '')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n');
}

/**
 * One content line folded as RFC 5545 §3.1 asks: no line longer than 75 octets (the CRLF not
 * counted), each continuation starting with one space. Folds fall between characters, never
 * inside a UTF-8 sequence or a surrogate pair, so every piece is valid UTF-8 on its own.
 */
export function foldIcsLine(line: string): string {
  if (line.length <= MAX_LINE_OCTETS && Buffer.byteLength(line) <= MAX_LINE_OCTETS) return line;
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  // The first line may hold 75 octets; continuations hold the leading space and 74 more.
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const code = character.codePointAt(0) ?? 0;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = ' ';
      octets = 1;
      limit = MAX_LINE_OCTETS;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join(CRLF);
}

/** Content lines, folded, each ending with CRLF. */
function lines(...contentLines: readonly string[]): string {
  let text = '';
  for (const line of contentLines) text += `${foldIcsLine(line)}${CRLF}`;
  return text;
}

/** The calendar's own properties. */
export interface IcsCalendar {
  prodId: string;
  /** Shown by calendar apps as the subscription's name (X-WR-CALNAME). */
  name: string;
  description: string;
  /** The zone the calendar's events are written in (X-WR-TIMEZONE, for Google Calendar). */
  timeZone: string;
  /** How often subscribers should fetch again, in minutes. */
  refreshMinutes: number;
}

/** BEGIN:VCALENDAR and the calendar's properties. */
export function icsCalendarHeader(calendar: IcsCalendar): string {
  const refresh = `PT${Math.max(1, Math.round(calendar.refreshMinutes))}M`;
  return lines(
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId}`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
    ...(calendar.description ? [`X-WR-CALDESC:${escapeIcsText(calendar.description)}`] : []),
    `X-WR-TIMEZONE:${calendar.timeZone}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
  );
}

/** END:VCALENDAR. */
export const ICS_FOOTER = `END:VCALENDAR${CRLF}`;

/**
 * A VTIMEZONE for the zone as it behaves in one window: one observance per transition (the one
 * in force when the window opens, then each inside it), each with its onset as a wall-clock time
 * in the offset before it, as §3.6.5 asks. Rules (RRULE) are not needed for a finite window, and
 * writing the actual transitions cannot go wrong when a zone's rules change. A zone that has
 * never changed (UTC) gets one STANDARD observance at its fixed offset.
 * `abbreviation` names the offset in force from an instant (TZNAME), or "" to leave it out.
 */
export function icsTimeZone(
  timeZone: string,
  transitions: readonly ZoneTransition[],
  fixedOffset: number,
  abbreviation: (at: number) => string,
): string {
  const observances =
    transitions.length > 0
      ? transitions
      : [{ at: 0, offsetFrom: fixedOffset, offsetTo: fixedOffset } satisfies ZoneTransition];
  const body: string[] = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  for (const transition of observances) {
    const kind = transition.offsetTo > transition.offsetFrom ? 'DAYLIGHT' : 'STANDARD';
    const name = abbreviation(transition.at);
    body.push(
      `BEGIN:${kind}`,
      `DTSTART:${formatIcsWallClock(transition.at + transition.offsetFrom)}`,
      `TZOFFSETFROM:${formatOffset(transition.offsetFrom)}`,
      `TZOFFSETTO:${formatOffset(transition.offsetTo)}`,
      ...(name ? [`TZNAME:${escapeIcsText(name)}`] : []),
      `END:${kind}`,
    );
  }
  body.push('END:VTIMEZONE');
  return lines(...body);
}

/** A DATE-TIME either as wall-clock time in a zone of the calendar or as UTC. */
export type IcsDateTime = { tzid: string; local: string } | { utc: string };

/** When an airing is, and its identity. */
export interface IcsAiring {
  uid: string;
  /** UTC, "YYYYMMDDTHHMMSSZ". */
  dtstamp: string;
  start: IcsDateTime;
  end: IcsDateTime;
}

/** What an airing is: the same for every airing of a show on the channel. */
export interface IcsEventDetails {
  summary: string;
  description: string;
  categories: string;
  location: string;
}

function dateTime(name: string, value: IcsDateTime): string {
  return 'utc' in value ? `${name}:${value.utc}` : `${name};TZID=${value.tzid}:${value.local}`;
}

/**
 * The descriptive lines of an event (empty ones left out), folded: a feed writes them once per
 * show and reuses them for every airing.
 */
export function icsEventDetails(details: IcsEventDetails): string {
  return lines(
    `SUMMARY:${escapeIcsText(details.summary)}`,
    ...(details.description ? [`DESCRIPTION:${escapeIcsText(details.description)}`] : []),
    ...(details.categories ? [`CATEGORIES:${escapeIcsText(details.categories)}`] : []),
    ...(details.location ? [`LOCATION:${escapeIcsText(details.location)}`] : []),
  );
}

/** One VEVENT: the airing's lines around details from {@link icsEventDetails}. */
export function icsEvent(airing: IcsAiring, details: string): string {
  return (
    lines(
      'BEGIN:VEVENT',
      `UID:${airing.uid}`,
      `DTSTAMP:${airing.dtstamp}`,
      dateTime('DTSTART', airing.start),
      dateTime('DTEND', airing.end),
    ) +
    details +
    lines('TRANSP:TRANSPARENT', 'END:VEVENT')
  );
}
