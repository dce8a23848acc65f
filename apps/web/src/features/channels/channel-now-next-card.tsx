import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { airingTimes, nowAndNext, nowAndNextWindow } from '../../shared/channels/channel-schedule';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { nothingOnText } from './playout-model';
import { channelGuide, channelKeys } from './queries';

// The channel page's "Now and next" card: what airs now and after, read again each minute.

export function NowAndNextCard({ channel }: { channel: ChannelRecord }) {
  const t = messages();
  const query = useQuery({
    queryKey: channelKeys.nowNext(channel.id),
    refetchInterval: NOW_REFRESH_MS,
    queryFn: async () => {
      const now = Date.now();
      const response = await channelGuide(nowAndNextWindow(now), channel.id);
      return { at: now, ...nowAndNext(response.timeslots, now) };
    },
  });

  return (
    <SectionCard title={t.channels.nowAndNext}>
      {query.isPending ? (
        <Loader role="status" size="sm" aria-label={t.channels.loadingNowAndNext} />
      ) : query.isError ? (
        <Text c="red" role="alert">
          {describeError(query.error).error}
        </Text>
      ) : (
        <Stack gap="md">
          <Airing
            label={t.channels.now}
            testId="channel-now"
            title={query.data.now?.show.title}
            times={query.data.now && airingTimes(query.data.now, channel.timeZone, query.data.at)}
            empty={nothingOnText(channel)}
          />
          <Airing
            label={t.channels.next}
            testId="channel-next"
            title={query.data.next?.show.title}
            times={query.data.next && airingTimes(query.data.next, channel.timeZone, query.data.at)}
            empty={t.channels.nothingScheduledInTheNext}
          />
          <Text size="xs" c="dimmed">
            {t.channels.timesInTimeZone(channel.timeZone)}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}

/** How often now and next is read again, so the page follows the schedule. */
const NOW_REFRESH_MS = 60_000;

function Airing({
  label,
  testId,
  title,
  times,
  empty,
}: {
  label: string;
  testId: string;
  title: string | undefined;
  times: string | null | undefined;
  empty: string;
}) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {title ? (
        <>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {times}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </div>
  );
}
