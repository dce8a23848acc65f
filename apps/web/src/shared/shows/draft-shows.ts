import { type Clock, formatTime } from '@airgrid/domain';

// Drafts on air (issue 36, item 5). A show's status changes nothing viewers see: a draft's
// airings air, and the guide, the watch pages and the feeds (XMLTV, M3U, iCalendar) list them
// like any other. The status is the station's own note that the show still needs checking, so
// the places that show a draft's airings (the timeslot panel, the dashboard, the show page)
// warn of it and offer Mark ready.

/**
 * Whether a show's status reads as a draft: `draft`, or none at all (a show made through the
 * API without one), which the catalogue's badge and the edit form also call a draft.
 */
export function isDraftShow(status: string | null | undefined): boolean {
  return status !== 'ready' && status !== 'archived';
}

/** A timeslots filter term: the airing's show is a draft, as {@link isDraftShow} reads it. */
export const DRAFT_SHOW_TERM = 'show.status != "ready" && show.status != "archived"';

/** "Tue, Mar 17 7:00 PM": an instant as people read an airing's start, in the zone. */
export function airingStartLabel(instant: number, zone: string, clock: Clock = '12h'): string {
  const date = new Date(instant).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: zone,
  });
  return `${date} ${formatTime(instant, zone, clock)}`;
}
