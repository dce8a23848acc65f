import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';
import { readinessLines } from './dashboard-model';
import { dashboardQueries } from './queries';

// The dashboard's "Ready to air" card (issue 39, item 4): per channel airing through Airgrid
// playout, what will not air as scheduled in the next 24 hours, linking to the channel page
// where each problem is listed. Nothing for a station without playout channels.

export function ReadinessCard({ className }: { className?: string }) {
  const t = messages().dashboard;
  const query = useQuery(dashboardQueries.readiness());
  const lines = query.data ? readinessLines(query.data) : [];
  if (lines.length === 0) return null;
  return (
    <div className={className}>
      <SectionCard title={t.readyToAir}>
        <Text size="sm" c="dimmed">
          {t.readinessHint}
        </Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Group key={line.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
              {line.clear ? (
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
              ) : (
                <IconAlertTriangle size={18} color="var(--mantine-color-orange-7)" aria-hidden />
              )}
              <div>
                <Anchor component={Link} to={`/channels/${line.id}`} size="sm" fw={500}>
                  {line.name}
                </Anchor>
                <Text size="sm" c={line.clear ? 'dimmed' : undefined}>
                  {line.text}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </SectionCard>
    </div>
  );
}
