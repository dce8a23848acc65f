import type { ChannelRecord } from '../../shared/channels/channel-model';
import { stationPath } from '../../shared/stations/station-path';
import { usePublicStation } from '../../shared/stations/use-public-station';
import type { TunableChannel } from './watch-model';

// Links from one watch page to another channel's, kept under the station's own URL.

/**
 * The watch page of a channel, by id: a slug is only unique inside its station, and these links
 * must not land on another station's channel of the same name. Under the station's own URL
 * when the page knows its station (stationPath).
 */
export function watchPath(
  channel: Pick<TunableChannel, 'id'>,
  stationSlug?: string | null,
): string {
  return stationSlug
    ? stationPath(stationSlug, 'watch', channel.id)
    : `/watch/${encodeURIComponent(channel.id)}`;
}

/** The slug of the page's station when the channel is its own, for links that keep it. */
export function useStationSlug(channel: Pick<ChannelRecord, 'organization'>): string | null {
  const { station } = usePublicStation();
  return station && station.id === channel.organization ? station.slug : null;
}
