import { Anchor, Badge, Box, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { SectionCard } from '../../ui/section-card';
import {
  type Airing,
  type DashboardChannel,
  formatSpan,
  onAirByChannel,
  timeLeft,
} from './dashboard-model';

// The dashboard's "On air now" card: each channel's programme at this minute, how far it has
// run, and what follows.

export function OnAirCard({
  channels,
  colors,
  streamless,
  airings,
  now,
  zone,
}: {
  channels: readonly DashboardChannel[];
  colors: ReadonlyMap<string, string>;
  /** Channels with no stream address: flagged, since viewers cannot watch them. */
  streamless: ReadonlySet<string>;
  airings: readonly Airing[];
  now: number;
  zone: string;
}) {
  const t = messages();
  const clock = useClockSetting();
  const rows = onAirByChannel(channels, airings, now);
  return (
    <SectionCard title={t.dashboard.onAirNow}>
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map(({ channel, now: current, next, progress, remaining }) => (
          <Box
            component="li"
            key={channel.id}
            aria-label={`${channel.number} ${channel.name}`}
            pl="sm"
            style={{
              borderLeft: `4px solid ${colors.get(channel.id) || 'var(--mantine-color-default-border)'}`,
            }}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={`/channels/${channel.id}`}
                  size="sm"
                  fw={600}
                  c="dimmed"
                  underline="hover"
                >
                  {channel.number} · {channel.name}
                </Anchor>
                {streamless.has(channel.id) && (
                  <Badge
                    component={Link}
                    to={`/channels/${channel.id}`}
                    size="xs"
                    color="orange"
                    variant="light"
                    style={{ cursor: 'pointer' }}
                    title={t.dashboard.noStreamExplained}
                  >
                    {t.dashboard.noStream}
                  </Badge>
                )}
              </Group>
              {current && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {timeLeft(remaining)}
                </Text>
              )}
            </Group>
            {current ? (
              <>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                  <Text fw={600} lineClamp={2} style={{ minWidth: 0 }}>
                    {current.title}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatSpan(current, zone, clock)}
                  </Text>
                </Group>
                <Progress
                  value={progress}
                  size="sm"
                  mt={4}
                  aria-label={t.dashboard.percentAired(current.title, Math.round(progress))}
                />
              </>
            ) : (
              <Text c="dimmed">{t.dashboard.offAirViewersSeeThe}</Text>
            )}
            <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
              {next
                ? t.dashboard.nextTitleNext(next.title, formatSpan(next, zone, clock))
                : t.dashboard.nothingElseInTheNext}
            </Text>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}
