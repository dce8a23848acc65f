import { episodeNumbers } from './episode-num.js';
import { xmlText } from './xml-text.js';

// XMLTV (INTEGRATIONS c.1, the XMLTV project's xmltv.dtd) written as strings, one element at a
// time, so the feed streams: the header, each channel, each programme, the footer. The order of
// elements and children is the DTD's.

/** The `<tv>` element's attributes. */
export interface XmltvSource {
  generatorName: string;
  generatorUrl: string;
  sourceName: string;
  sourceUrl: string;
}

/** A channel: its id (what programmes and the M3U's tvg-id name), names and logo. */
export interface XmltvChannel {
  id: string;
  /** The first is the name; more may follow (the channel number, which guide apps match on). */
  displayNames: readonly string[];
  /** Absolute URL, or "" for none. */
  icon: string;
}

/** Where and when a programme airs; times already formatted ("YYYYMMDDhhmmss ±hhmm"). */
export interface XmltvAiring {
  channel: string;
  start: string;
  stop: string;
}

/** What a programme is: the show's side, the same for every airing of it. */
export interface XmltvProgrammeDetails {
  title: string;
  subTitle: string;
  desc: string;
  category: string;
  /** Absolute URL, or "" for none. */
  icon: string;
  season: number;
  episode: number;
  rating: string;
}

const TV_PARENTAL = /^TV-(?:Y|Y7|Y7-FV|G|PG|14|MA)$/i;
const MPAA = /^(?:G|PG|PG-13|R|NC-17)$/i;

/**
 * The rating system a rating value belongs to, for `<rating system>`: US television's V-chip
 * (TV-PG) or the MPAA's film ratings (PG-13); "" when the value is neither.
 */
export function ratingSystem(value: string): string {
  const rating = value.trim();
  if (TV_PARENTAL.test(rating)) return 'VCHIP';
  if (MPAA.test(rating)) return 'MPAA';
  return '';
}

/**
 * The XML declaration and the opening `<tv>` tag. No doctype: a `SYSTEM "xmltv.dtd"` that
 * resolves nowhere makes validators warn and sends some parsers looking for the file; consumers
 * that validate bring their own copy of the DTD.
 */
export function xmltvHeader(source: XmltvSource): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<tv source-info-url="${xmlText(source.sourceUrl)}" source-info-name="${xmlText(source.sourceName)}"` +
    ` generator-info-name="${xmlText(source.generatorName)}" generator-info-url="${xmlText(source.generatorUrl)}">\n`
  );
}

/** The closing `</tv>` tag. */
export const XMLTV_FOOTER = '</tv>\n';

/** One `<channel>`: display names (empty ones left out, at least one kept), then the icon. */
export function xmltvChannel(channel: XmltvChannel): string {
  const names = channel.displayNames.map(xmlText).filter((name) => name !== '');
  let xml = `  <channel id="${xmlText(channel.id)}">\n`;
  for (const name of names.length > 0 ? names : [xmlText(channel.id)]) {
    xml += `    <display-name>${name}</display-name>\n`;
  }
  if (channel.icon !== '') xml += `    <icon src="${xmlText(channel.icon)}"/>\n`;
  return `${xml}  </channel>\n`;
}

/**
 * The children of a `<programme>` the DTD allows, in its order: title, sub-title, desc, category,
 * icon, episode-num (xmltv_ns, then onscreen), rating. Empty values are left out, except the
 * title: the DTD requires one, so an empty title stays an empty element. They depend only on the
 * show, so a feed writes them once per show and reuses them for every airing.
 */
export function xmltvProgrammeChildren(details: XmltvProgrammeDetails): string {
  let xml = `    <title>${xmlText(details.title)}</title>\n`;
  const subTitle = xmlText(details.subTitle);
  if (subTitle !== '') xml += `    <sub-title>${subTitle}</sub-title>\n`;
  const desc = xmlText(details.desc);
  if (desc !== '') xml += `    <desc>${desc}</desc>\n`;
  const category = xmlText(details.category);
  if (category !== '') xml += `    <category>${category}</category>\n`;
  if (details.icon !== '') xml += `    <icon src="${xmlText(details.icon)}"/>\n`;
  const numbers = episodeNumbers(details.season, details.episode);
  if (numbers.xmltvNs !== null) {
    xml += `    <episode-num system="xmltv_ns">${numbers.xmltvNs}</episode-num>\n`;
  }
  if (numbers.onscreen !== null) {
    xml += `    <episode-num system="onscreen">${numbers.onscreen}</episode-num>\n`;
  }
  const rating = xmlText(details.rating);
  if (rating !== '') {
    const system = ratingSystem(rating);
    xml += `    <rating${system ? ` system="${system}"` : ''}><value>${rating}</value></rating>\n`;
  }
  return xml;
}

/** One `<programme>`: the airing's attributes around children from {@link xmltvProgrammeChildren}. */
export function xmltvProgramme(airing: XmltvAiring, children: string): string {
  return `  <programme start="${airing.start}" stop="${airing.stop}" channel="${xmlText(airing.channel)}">\n${children}  </programme>\n`;
}
