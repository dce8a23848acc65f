import { checkRules, formatDuration, formatPhone } from '@airgrid/domain';
import {
  AD_MAX_FILE_BYTES,
  type AdCategory,
  type AdRecord,
  type AdStatus,
  isEditorRole,
  LOUDNESS_TARGET_LUFS,
  LOUDNESS_TOLERANCE_DB,
  type MediaInfo,
  playsInBrowsers,
  type SponsorRecord,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { mediaFileProblem, mediaHint } from '../../shared/media/media-file';

// The spot library's logic apart from React (issue 40): who keeps it, how the lists are
// filtered, how a spot's runtime, validity and loudness read, and the forms' values, checks
// and bodies. The server decides (rules, the validity check); the page says the same first.

/** Staff (editors and above) keep spots and sponsors; other members read them. */
export const isStaff = (role: string): boolean => isEditorRole(role);

/** A spot as the lists read it, with its sponsor's name. */
export interface SpotRow extends AdRecord {
  expand?: { sponsor?: Pick<SponsorRecord, 'id' | 'name'> };
}

export function categoryLabel(category: string): string {
  const t = messages().ads;
  const labels: Record<AdCategory, string> = {
    underwriting: t.categoryUnderwriting,
    psa: t.categoryPsa,
    promo: t.categoryPromo,
    'station-id': t.categoryStationId,
  };
  return labels[category as AdCategory] ?? category;
}

export function statusLabel(status: string): string {
  const t = messages().ads;
  const labels: Record<AdStatus, string> = {
    draft: t.statusDraft,
    active: t.statusActive,
    archived: t.statusArchived,
  };
  return labels[status as AdStatus] ?? status;
}

export const STATUS_COLORS: Record<AdStatus, string> = {
  draft: 'gray',
  active: 'green',
  archived: 'dark',
};

// ── the spots list ─────────────────────────────────────────────────────────────────────────

/** "Draft and active" (the default: archived spots are put away), one status, or every spot. */
export type StatusFilter = 'current' | AdStatus | 'all';

export interface SpotFilters {
  search: string;
  /** A sponsor's id, 'none' for spots without one, '' for any. */
  sponsor: string;
  category: AdCategory | '';
  status: StatusFilter;
}

export const NO_FILTERS: SpotFilters = { search: '', sponsor: '', category: '', status: 'current' };

/** The spots the filters keep, by title (a station has dozens to hundreds: read at once). */
export function filterSpots(spots: readonly SpotRow[], filters: SpotFilters): SpotRow[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return spots
    .filter((spot) => {
      if (filters.status === 'current' && spot.status === 'archived') return false;
      if (
        filters.status !== 'current' &&
        filters.status !== 'all' &&
        spot.status !== filters.status
      )
        return false;
      if (filters.category && spot.category !== filters.category) return false;
      if (filters.sponsor === 'none' && spot.sponsor) return false;
      if (filters.sponsor && filters.sponsor !== 'none' && spot.sponsor !== filters.sponsor)
        return false;
      const text = `${spot.title} ${spot.expand?.sponsor?.name ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** A spot's runtime to the hundredth ("0:29.99"), or what stands in for it. */
export function runtimeText(spot: Pick<AdRecord, 'media' | 'durationSec'>): string {
  const t = messages().ads;
  if (!spot.media) return t.noMedia;
  if (!(spot.durationSec > 0)) return t.notReadYet;
  return formatDuration(spot.durationSec, 'runtime', { fraction: 2 });
}

/** A stored day (`YYYY-MM-DD 00:00:00.000Z`) as the US writes it, MM/DD/YYYY; '' for none. */
function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** Whether today (YYYY-MM-DD, the station's) is before, inside or after the spot's days. */
export function validityState(
  spot: Pick<AdRecord, 'validFrom' | 'validTo'>,
  today: string,
): 'upcoming' | 'current' | 'ended' {
  if (spot.validTo && spot.validTo.slice(0, 10) < today) return 'ended';
  if (spot.validFrom && spot.validFrom.slice(0, 10) > today) return 'upcoming';
  return 'current';
}

/** The days a spot may air: "06/01/2031 – 06/30/2031", "From …", "Until …", "Any day". */
export function validityText(spot: Pick<AdRecord, 'validFrom' | 'validTo'>): string {
  const t = messages().ads;
  const from = dayText(spot.validFrom);
  const to = dayText(spot.validTo);
  if (from && to) return from === to ? from : t.dayToDay(from, to);
  if (from) return t.fromDay(from);
  if (to) return t.untilDay(to);
  return t.always;
}

// ── loudness ───────────────────────────────────────────────────────────────────────────────

/** A dB figure with one decimal and a true minus sign: "−23.1". */
const decibels = (value: number) => value.toFixed(1).replace('-', '−');

export interface LoudnessVerdict {
  /** The sentence: "−23.1 LUFS, within ±2 of −24 (true peak −1.2 dBTP)", or how far off. */
  text: string;
  /** The short form for a table badge: "−23.1 LUFS". */
  label: string;
  /** How it sits against the target, in a few words: "Within ±2 of −24", "2.2 LU too loud". */
  note: string;
  /** Louder or quieter than the target allows; null when within it. */
  off: 'loud' | 'quiet' | null;
}

/**
 * How a spot's measured loudness sits against the broadcast target (ATSC A/85: −24 LKFS, ±2);
 * a sentence for no sound or no measure; null until the media has been read.
 */
export function loudnessVerdict(
  info: Partial<MediaInfo> | null | undefined,
): LoudnessVerdict | { text: string; label: string; note: string; off: 'unknown' } | null {
  const t = messages().ads;
  if (!info || typeof info.durationSec !== 'number') return null;
  if (info.audio === null) return { text: t.noSound, label: t.noSound, note: '', off: 'unknown' };
  const loudness = info.loudness;
  if (!loudness) return { text: t.loudnessUnknown, label: '—', note: '', off: 'unknown' };
  const lufs = decibels(loudness.integratedLufs);
  const peak = decibels(loudness.truePeakDb);
  const gap = loudness.integratedLufs - LOUDNESS_TARGET_LUFS;
  // Rounded as shown, so "−21.95" (shown −22.0) is within, as the reader would judge.
  const shown = Math.round(gap * 10) / 10;
  const by = Math.abs(shown).toFixed(1);
  if (shown > LOUDNESS_TOLERANCE_DB)
    return {
      text: t.loudnessLoud(lufs, by, peak),
      label: `${lufs} LUFS`,
      note: t.loudnessTooLoud(by),
      off: 'loud',
    };
  if (shown < -LOUDNESS_TOLERANCE_DB)
    return {
      text: t.loudnessQuiet(lufs, by, peak),
      label: `${lufs} LUFS`,
      note: t.loudnessTooQuiet(by),
      off: 'quiet',
    };
  return {
    text: t.loudnessWithin(lufs, peak),
    label: `${lufs} LUFS`,
    note: t.loudnessOk,
    off: null,
  };
}

// ── media ──────────────────────────────────────────────────────────────────────────────────

/** The hint under the spot's media input. */
export const SPOT_MEDIA_HINT = mediaHint(AD_MAX_FILE_BYTES);

/** A problem with a chosen spot file, said before anything is uploaded; null when fine. */
export function spotFileProblem(file: { name: string; type: string; size: number }) {
  return mediaFileProblem(file, AD_MAX_FILE_BYTES);
}

/** Whether the browser can play the spot now: its web copy, or its media as it is. */
export function hasPlayableMedia(spot: Pick<AdRecord, 'media' | 'webMedia' | 'mediaInfo'>) {
  if (spot.webMedia) return true;
  const info = spot.mediaInfo;
  return Boolean(
    spot.media && typeof info?.durationSec === 'number' && playsInBrowsers(info as MediaInfo),
  );
}

// ── the spot form ──────────────────────────────────────────────────────────────────────────

export interface SpotFormValues {
  title: string;
  sponsor: string;
  category: AdCategory;
  /** YYYY-MM-DD, or '' for no limit. */
  validFrom: string;
  validTo: string;
}

export function newSpotValues(sponsor = ''): SpotFormValues {
  return { title: '', sponsor, category: 'underwriting', validFrom: '', validTo: '' };
}

export function spotFormValues(spot: AdRecord): SpotFormValues {
  return {
    title: spot.title,
    sponsor: spot.sponsor,
    category: spot.category || 'underwriting',
    validFrom: spot.validFrom.slice(0, 10),
    validTo: spot.validTo.slice(0, 10),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form's check before it is sent: a title, real days, the last not before the first. */
export function checkSpotForm(values: SpotFormValues): Record<string, string> {
  const t = messages().ads;
  const errors: Record<string, string> = {};
  if (values.title.trim() === '') errors.title = t.giveTheSpotATitle;
  for (const name of ['validFrom', 'validTo'] as const) {
    const value = values[name];
    if (value !== '' && (!DAY.test(value) || Number.isNaN(Date.parse(value))))
      errors[name] = t.writeADay;
  }
  if (!errors.validFrom && !errors.validTo && values.validFrom && values.validTo) {
    if (values.validTo < values.validFrom)
      errors.validTo = t.lastDayBeforeFirst(dayText(values.validFrom));
  }
  return errors;
}

/** The record's fields for a create or an update. */
export function spotBody(values: SpotFormValues): Record<string, unknown> {
  const day = (value: string) => (value ? `${value} 00:00:00.000Z` : '');
  return {
    title: values.title.trim(),
    sponsor: values.sponsor,
    category: values.category,
    validFrom: day(values.validFrom),
    validTo: day(values.validTo),
  };
}

// ── the sponsor form ───────────────────────────────────────────────────────────────────────

export interface SponsorFormValues {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  billingAddress: string;
  notes: string;
}

export function sponsorFormValues(sponsor?: SponsorRecord): SponsorFormValues {
  return {
    name: sponsor?.name ?? '',
    contactName: sponsor?.contactName ?? '',
    email: sponsor?.email ?? '',
    phone: sponsor?.phone ?? '',
    billingAddress: sponsor?.billingAddress ?? '',
    notes: sponsor?.notes ?? '',
  };
}

/** A name, and an email and a phone the server will take (the same rules it checks). */
export function checkSponsorForm(values: SponsorFormValues): Record<string, string> {
  const t = messages().ads;
  const errors: Record<string, string> = {};
  if (values.name.trim() === '') errors.name = t.giveTheSponsorAName;
  if (checkRules(values.email.trim(), 'email', 'email')) errors.email = t.writeAnEmail;
  if (checkRules(values.phone.trim(), 'phone', 'phone')) errors.phone = t.writeAPhone;
  return errors;
}

/** The record's fields: text trimmed (the address keeps its lines), a phone as +1 (xxx) xxx-xxxx. */
export function sponsorBody(values: SponsorFormValues): Record<string, unknown> {
  return {
    name: values.name.trim(),
    contactName: values.contactName.trim(),
    email: values.email.trim(),
    phone: formatPhone(values.phone.trim()),
    billingAddress: values.billingAddress.trim(),
    notes: values.notes.trim(),
  };
}

/** Sponsors by name, archived ones only when asked, searched by name and contact. */
export function filterSponsors(
  sponsors: readonly SponsorRecord[],
  search: string,
  showArchived: boolean,
): SponsorRecord[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return sponsors
    .filter((sponsor) => showArchived || !sponsor.archived)
    .filter((sponsor) => {
      const text = `${sponsor.name} ${sponsor.contactName} ${sponsor.email}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** How many spots (archived ones aside) each sponsor has, by sponsor id. */
export function spotCounts(spots: readonly Pick<AdRecord, 'sponsor' | 'status'>[]) {
  const counts = new Map<string, number>();
  for (const spot of spots) {
    if (!spot.sponsor || spot.status === 'archived') continue;
    counts.set(spot.sponsor, (counts.get(spot.sponsor) ?? 0) + 1);
  }
  return counts;
}
