import type { GuideChannel } from '@airgrid/schema';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { dayQuery, headQuery } from './queries';
import { type GuideSource, toRows, withHead } from './tvguide-model';

// Loading: one day at a time (the station's calendar day, 23 to 25 hours), as the grid shows
// one day. A day of 200 channels is about 9,600 programmes and 4 MB of JSON; a week in one
// request would be seven times that to fetch and parse before the first frame, for days most
// visitors never open. The first screenful of channels is asked for apart and drawn first, so
// the grid appears before the whole day has arrived. The neighbouring days are fetched when the
// pointer or focus reaches the previous/next buttons, so stepping a day is usually instant,
// without loading them while the grid scrolls.

/** Channels asked for first: more than a tall screen shows, with the grid's overscan. */
const HEAD_CHANNELS = 30;

/** The first channels in display order: those the head query asks for. */
export function headChannels(channels: readonly GuideChannel[]): string[] {
  return channels.slice(0, HEAD_CHANNELS).map((channel) => channel.id);
}

/**
 * One day of the station's guide, `date` in its `zone`: its rows (the first channels' alone
 * while only they have arrived) and the answer shown, kept from the previous day while the
 * next loads.
 */
export function useGuideDay(
  source: GuideSource,
  zone: string,
  date: string,
  channels: readonly GuideChannel[],
) {
  const queryClient = useQueryClient();
  // The first screenful of channels comes first, but only while the grid has nothing to show:
  // once a whole day has been shown, another day's loads behind the one on screen.
  const headIds = useMemo(() => headChannels(channels), [channels]);
  const [warm, setWarm] = useState(false);
  const [headShown, setHeadShown] = useState(false);
  const cached = queryClient.getQueryData(dayQuery(source, zone, date).queryKey) !== undefined;
  const useHead = headIds.length < channels.length && !warm && !cached;
  const head = useQuery({ ...headQuery(source, zone, date, headIds), enabled: useHead });
  const day = useQuery({
    ...dayQuery(source, zone, date),
    placeholderData: keepPreviousData,
    // Asked for once the first channels are on screen: fetching and reading 4 MB meanwhile
    // would hold up their drawing.
    enabled: !useHead || headShown || head.isError,
  });
  // Passive effects run after the browser has painted the render that set them off.
  useEffect(() => {
    if (head.data) setHeadShown(true);
  }, [head.data]);
  useEffect(() => {
    if (day.data && !day.isPlaceholderData) setWarm(true);
  }, [day.data, day.isPlaceholderData]);
  const rows = useMemo(() => {
    if (day.data) return toRows(day.data.guide);
    if (head.data && useHead) return withHead(channels, head.data.guide);
    return [];
  }, [day.data, head.data, useHead, channels]);
  const shownData = day.data ?? (useHead ? head.data : undefined);
  return { day, rows, shownData };
}
