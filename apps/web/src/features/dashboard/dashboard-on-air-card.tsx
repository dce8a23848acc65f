import { Anchor, Box, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
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
  airings,
  now,
  zone,
}: {
  channels: readonly DashboardChannel[];
  colors: ReadonlyMap<string, string>;
  airings: readonly Airing[];
  now: number;
  zone: string;
}) {
  const clock = useClockSetting();
  const rows = onAirByChannel(channels, airings, now);
  return (
    <SectionCard title="On air now">
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
                  aria-label={`${current.title}: ${Math.round(progress)}% aired`}
                />
              </>
            ) : (
              <Text c="dimmed">Off air: viewers see the channel’s bumper.</Text>
            )}
            <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
              {next
                ? `Next: ${next.title}, ${formatSpan(next, zone, clock)}`
                : 'Nothing else in the next 24 hours.'}
            </Text>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}
