import { formatTime } from '@airgrid/domain';
import { playbackPath } from '@airgrid/schema';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { nowAndNext, nowAndNextWindow } from '../../shared/channels/channel-schedule';
import { StationMissing } from '../../shared/stations/station-missing';
import { StationPicker } from '../../shared/stations/station-picker';
import { usePublicStation } from '../../shared/stations/use-public-station';
import { describeError } from '../../ui/forms/server-errors';
import { Bumper } from './bumper';
import { HlsPlayer, type PlayerState } from './hls-player';
import {
  MULTIVIEW_LAYOUTS,
  type MultiviewLayout,
  type MultiviewTiles,
  resizeLayout,
  restoreLayout,
  withMultiview,
} from './multiview-model';
import { saveUserSettings, watchQueries } from './queries';
import { bumperReason, tuningOrder } from './watch-model';

/** Where a signed-out viewer's layout is kept (signed in, it is saved on the account). */
const GUEST_LAYOUT_KEY = 'airgrid.multiview';

function readGuestLayout(): unknown {
  try {
    return JSON.parse(localStorage.getItem(GUEST_LAYOUT_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * /multiview and /o/:org/multiview: one to nine channels of one station at once (the page's
 * station from usePublicStation; with none known, the station picker). Each tile plays its channel muted (one tile at a
 * time can be heard), shows what is on now and next, and the bumper when nothing is on or the
 * stream is down. The grid and its channels are saved: on the account when signed in, in this
 * browser otherwise.
 */
export function MultiviewPage() {
  const t = messages();
  const publicStation = usePublicStation();
  const organization = publicStation.station?.id ?? '';
  const channels = useQuery({
    ...watchQueries.multiviewChannels(organization),
    enabled: organization !== '',
  });

  if (publicStation.isPending) return <Loader role="status" aria-label={t.watch.loadingChannels} />;
  if (publicStation.source === null) return <StationPicker page="multiview" />;
  if (!publicStation.station) {
    return (
      <StationMissing stationKey={publicStation.key} error={publicStation.error} page="multiview" />
    );
  }
  if (channels.isPending) return <Loader role="status" aria-label={t.watch.loadingChannels} />;
  if (channels.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(channels.error).error}
      </Alert>
    );
  }
  if (channels.data.length === 0) {
    return (
      <Stack gap="xs">
        <Title order={1}>{t.watch.multiview}</Title>
        <Text c="dimmed">{t.watch.thereIsNoChannelTo}</Text>
      </Stack>
    );
  }
  return <Multiview channels={channels.data} />;
}

function Multiview({ channels }: { channels: ChannelRecord[] }) {
  const t = messages();
  const { user } = useAuth();
  const ids = channels.map((channel) => channel.id);
  const [layout, setLayout] = useState<MultiviewLayout>(() =>
    restoreLayout(
      user ? (user.settings as { multiview?: unknown } | null)?.multiview : readGuestLayout(),
      ids,
    ),
  );
  const [audible, setAudible] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const shown = layout.channels.filter(Boolean);
  const window_ = nowAndNextWindow(Math.floor(now / 60_000) * 60_000);
  const guide = useQuery(
    watchQueries.multiviewGuide(channels[0]?.organization ?? '', shown, window_),
  );

  const save = (next: MultiviewLayout) => {
    setLayout(next);
    if (user) {
      saveUserSettings(user.id, withMultiview(user.settings, next)).catch(() => {
        // Kept for this visit; the next change tries again.
      });
    } else {
      try {
        localStorage.setItem(GUEST_LAYOUT_KEY, JSON.stringify(next));
      } catch {
        // A browser that blocks storage still shows the grid.
      }
    }
  };

  const columns = MULTIVIEW_LAYOUTS.find((option) => option.tiles === layout.tiles)?.columns ?? 2;
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  const options = channels.map((channel) => ({ value: channel.id, label: channel.name }));
  const lineUp = tuningOrder(channels);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <div>
          <Title order={1}>{t.watch.multiview}</Title>
          <Text c="dimmed" size="sm">
            {t.watch.upToNineChannelsAt}
          </Text>
        </div>
        <SegmentedControl
          aria-label={t.watch.grid}
          value={String(layout.tiles)}
          onChange={(value) => {
            setAudible(null);
            save(resizeLayout(layout, Number(value) as MultiviewTiles, ids));
          }}
          data={MULTIVIEW_LAYOUTS.map((option) => ({
            value: String(option.tiles),
            label: option.label,
          }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: Math.min(columns, 2), lg: columns }} spacing="sm">
        {layout.channels.map((id, index) => {
          const channel = byId.get(id);
          const slots = guide.data?.timeslots.filter((slot) => slot.channel === id) ?? [];
          return (
            <Tile
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position in the grid.
              key={index}
              index={index}
              channel={channel ?? null}
              options={options}
              lineUp={lineUp}
              onChoose={(value) => {
                const channelsNext = [...layout.channels];
                channelsNext[index] = value;
                save({ ...layout, channels: channelsNext });
              }}
              audible={audible === index}
              onAudible={(on) => setAudible(on ? index : null)}
              schedule={nowAndNext(slots, now)}
              now={now}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

interface TileProps {
  index: number;
  channel: ChannelRecord | null;
  options: { value: string; label: string }[];
  /** The station's channels in number order: what an empty tile offers. */
  lineUp: readonly ChannelRecord[];
  onChoose: (channel: string) => void;
  audible: boolean;
  onAudible: (audible: boolean) => void;
  schedule: ReturnType<typeof nowAndNext>;
  now: number;
}

function Tile({
  index,
  channel,
  options,
  lineUp,
  onChoose,
  audible,
  onAudible,
  schedule,
  now,
}: TileProps) {
  const t = messages();
  const [player, setPlayer] = useState<PlayerState>('loading');
  const zone = channel?.timeZone || 'UTC';
  const src = channel ? playbackPath(channel) : '';
  const reason = channel
    ? bumperReason({ onAir: schedule.now !== null, channel, streamFailed: player === 'failed' })
    : null;
  const playing = channel && (reason === null || reason === 'stream-down');
  const name = channel?.name ?? t.watch.tileValue(index + 1);
  return (
    <Stack gap={4} data-testid="multiview-tile" aria-label={name} component="section">
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label={t.watch.channelInTileValue(index + 1)}
          size="xs"
          data={options}
          value={channel?.id ?? null}
          onChange={(value) => value && onChoose(value)}
          placeholder={t.watch.chooseAChannel}
          style={{ flex: 1 }}
          allowDeselect={false}
        />
        <Tooltip label={audible ? t.watch.muteName(name) : t.watch.unmuteName(name)}>
          <ActionIcon
            variant={audible ? 'filled' : 'default'}
            aria-label={audible ? t.watch.muteName(name) : t.watch.unmuteName(name)}
            aria-pressed={audible}
            disabled={!playing}
            onClick={() => onAudible(!audible)}
          >
            {audible ? <IconVolume size={16} /> : <IconVolumeOff size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box
        pos="relative"
        style={{ aspectRatio: '16 / 9', background: '#000', borderRadius: 6, overflow: 'hidden' }}
      >
        {playing && src && (
          <HlsPlayer
            src={src}
            channel={channel?.id ?? ''}
            title={schedule.now?.show.title ?? name}
            onState={setPlayer}
            muted={!audible}
            controls={false}
          />
        )}
        {channel && reason && (
          <Bumper
            channel={channel}
            reason={reason}
            current={schedule.now}
            next={schedule.next}
            now={now}
            zone={zone}
            compact
          />
        )}
        {!channel && (
          <Stack
            pos="absolute"
            inset={0}
            p="sm"
            gap={8}
            align="center"
            justify="center"
            data-testid="multiview-empty"
            style={{
              overflowY: 'auto',
              background:
                'radial-gradient(circle at 50% 30%, var(--mantine-color-dark-5), var(--mantine-color-dark-8))',
            }}
          >
            <Text size="sm" fw={600} c="gray.2">
              {t.watch.pickAChannelForTile(index + 1)}
            </Text>
            <Group
              gap={6}
              justify="center"
              role="group"
              aria-label={t.watch.channelsForTileValue(index + 1)}
            >
              {lineUp.map((one) => (
                <Button
                  key={one.id}
                  size="compact-sm"
                  variant="default"
                  onClick={() => onChoose(one.id)}
                  leftSection={
                    <Text span size="xs" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {one.number}
                    </Text>
                  }
                >
                  {one.name}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        {/* Now and next along the bottom while the programme plays; the bumper says both
            itself (with its countdown), so the strip never covers it. */}
        {channel && !reason && (
          <Box
            pos="absolute"
            left={0}
            right={0}
            bottom={0}
            px="xs"
            py={4}
            data-testid="multiview-now-next"
            style={{ background: 'linear-gradient(transparent, rgba(0,0,0,.85))', color: 'white' }}
          >
            <Text size="xs" c="white" truncate="end">
              <b>{t.watch.now}</b> {schedule.now?.show.title ?? t.watch.nothingScheduled}
              {schedule.next
                ? t.watch.nextFormatTimeTitle(
                    formatTime(Date.parse(schedule.next.start.replace(' ', 'T')), zone),
                    schedule.next.show.title,
                  )
                : ''}
            </Text>
          </Box>
        )}
      </Box>
    </Stack>
  );
}
