import { playoutPlaylistPath, playoutProfileOf } from '@airgrid/schema';
import { Anchor, Badge, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { messages } from '../../i18n/messages';
import {
  type ChannelRecord,
  playoutProfileLabel,
  sourceLabel,
} from '../../shared/channels/channel-model';
import { channelSource } from '../../shared/channels/playback';
import { SectionCard } from '../../ui/section-card';
import { StatusLine, toneOf } from '../../ui/status-line';
import { slateState, slateText } from './playout-model';
import { channelQueries, playoutKeys, watchChannelJobs } from './queries';

// The channel page's source card: which source airs (issue 39), and for each what viewers get:
// the stream's address; Airgrid playout's profile, live playlist and slate; the test pattern.

export function SourceCard({ channel }: { channel: ChannelRecord }) {
  const t = messages();
  const source = channelSource(channel);
  return (
    <SectionCard title={t.channels.source}>
      <Stack gap="xs" data-testid="channel-source">
        {source === 'stream' ? (
          <StreamSource channel={channel} />
        ) : (
          <>
            <Badge color="blue" variant="dot">
              {sourceLabel(source)}
            </Badge>
            {source === 'playout' ? (
              <PlayoutSource channel={channel} />
            ) : (
              <Text size="sm" c="dimmed">
                {t.channels.testPatternAirs}
              </Text>
            )}
          </>
        )}
      </Stack>
    </SectionCard>
  );
}

/** The station's own stream: its address, or what to do without one. */
function StreamSource({ channel }: { channel: ChannelRecord }) {
  const t = messages();
  return channel.streamUrl ? (
    <>
      <Badge color="blue" variant="dot">
        {t.channels.streamUrlSet}
      </Badge>
      <Anchor
        href={channel.streamUrl}
        target="_blank"
        rel="noreferrer"
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        {channel.streamUrl}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t.channels.theWatchPagePlaysThis}
      </Text>
    </>
  ) : (
    <>
      <Badge color="orange" variant="dot">
        {t.channels.noStreamUrl}
      </Badge>
      <Text size="sm" c="dimmed">
        {t.channels.withoutAStreamUrlThe}
      </Text>
    </>
  );
}

/** Airgrid playout: the profile, the live playlist players open, and the slate's state. */
function PlayoutSource({ channel }: { channel: ChannelRecord }) {
  const t = messages();
  const profile = playoutProfileOf(channel.playoutProfile).id;
  const playlist = `${window.location.origin}${playoutPlaylistPath(channel.id)}`;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t.channels.playoutAirsTheSchedule}
      </Text>
      <Detail label={t.channels.playoutProfile}>{playoutProfileLabel(profile)}</Detail>
      <Detail label={t.channels.livePlaylist}>
        <Anchor href={playlist} target="_blank" rel="noreferrer" size="sm">
          {playlist}
        </Anchor>
      </Detail>
      <Detail label={t.channels.slate}>
        <SlateLine channel={channel.id} profile={profile} />
      </Detail>
    </>
  );
}

/** The slate's state in the channel's profile, live: its job's events refresh it. */
function SlateLine({ channel, profile }: { channel: string; profile: string }) {
  const t = messages();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...channelQueries.slate(channel, profile),
    // Events say when it changes; a look every few seconds covers one missed on a reconnect.
    refetchInterval: (current) => {
      const state = current.state.data?.job?.state;
      return state === 'queued' || state === 'running' ? 3000 : false;
    },
  });
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: playoutKeys.slate(channel, profile) });
    return watchChannelJobs(channel, refresh, refresh);
  }, [channel, profile, queryClient]);

  if (query.isPending)
    return <Loader size="xs" role="status" aria-label={t.channels.loadingSlate} />;
  if (query.isError) return null;
  const state = slateState(query.data.job, query.data.packaged);
  return <StatusLine tone={toneOf(state.kind)}>{slateText(state)}</StatusLine>;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
