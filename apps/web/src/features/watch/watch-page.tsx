import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { NEEDS_APP } from '../../lib/app-start';
import { usePageReady } from '../../lib/use-page-ready';
import { stationQueries } from '../../shared/stations/queries';
import { StationMissing } from '../../shared/stations/station-missing';
import { publicPagePath } from '../../shared/stations/station-path';
import { StationPicker } from '../../shared/stations/station-picker';
import { usePublicStation } from '../../shared/stations/use-public-station';
import { describeError } from '../../ui/forms/server-errors';
import { ChannelPlayer } from './channel-player';
import { watchQueries } from './queries';

/**
 * The channel a /watch path names (id or slug) inside the page's station when one is known
 * (usePublicStation), else any public channel with that id or slug. Public channels are
 * readable by anyone (the channels' rule); archived ones never play.
 */
function useWatchedChannel(key: string, station: string) {
  return useQuery({ ...watchQueries.channel(key, station), enabled: key !== '' });
}

/**
 * /watch, /watch/:channel, /o/:org/watch and /o/:org/watch/:channel (watch layout, always
 * dark): the live player, now and next, and today's schedule. The bumper takes the player's
 * place whenever nothing is scheduled or the stream is missing or down, with the next
 * programme and a countdown to it; the player keeps trying the stream and comes back by
 * itself. Bare /watch opens the station's live channel; with no station known, the picker.
 */
export function WatchPage() {
  const t = messages();
  usePageReady();
  const { channel: named = '' } = useParams();
  const publicStation = usePublicStation();
  const station = publicStation.station;
  // The station's chosen landing channel, else the one on air now.
  const landing = station?.landingChannel ?? '';
  const live = useQuery({
    ...stationQueries.live(station?.id ?? ''),
    enabled: named === '' && station !== null && landing === '',
  });
  const key = named || landing || live.data?.id || '';
  const channel = useWatchedChannel(key, station?.id ?? '');

  if (named === '') {
    if (publicStation.isPending)
      return <Loader role="status" aria-label={t.watch.loadingChannel} {...NEEDS_APP} />;
    if (publicStation.source === null) return <StationPicker page="watch" />;
    if (!station) {
      return (
        <StationMissing stationKey={publicStation.key} error={publicStation.error} page="watch" />
      );
    }
    if (landing === '' && live.isPending)
      return <Loader role="status" aria-label={t.watch.loadingChannel} {...NEEDS_APP} />;
  }
  const guideLink = publicPagePath(station?.slug, 'tvguide');

  if (key !== '' && channel.isPending)
    return <Loader role="status" aria-label={t.watch.loadingChannel} {...NEEDS_APP} />;
  if (channel.isError || live.isError) {
    return (
      <Alert color="red" role="alert" title={t.watch.theChannelCouldNotBe}>
        {describeError(channel.error ?? live.error).error}
      </Alert>
    );
  }
  if (!channel.data) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={1} c="gray.1">
          {named ? t.watch.channelNotFound : t.watch.nothingToWatchYet}
        </Title>
        <Text c="gray.4">
          {named ? t.watch.thereIsNoPublicChannel(named) : t.watch.noPublicChannelIsOn}{' '}
          {t.watch.seeWhatIsOnIn}{' '}
          <Anchor component={Link} to={guideLink}>
            {t.watch.tvGuide}
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }
  return <ChannelPlayer channel={channel.data} guideLink={guideLink} />;
}
