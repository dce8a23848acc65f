import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';
import { owingCampaigns } from './dashboard-model';
import { dashboardQueries } from './queries';

// The dashboard's "Campaigns owing spots" card (issue 40, item 6): booked campaigns whose
// spots the schedule's breaks cannot all take, linking to each campaign's page. Nothing when
// every booked campaign is placed in full.

export function CampaignsCard({ className }: { className?: string }) {
  const t = messages().dashboard;
  const query = useQuery(dashboardQueries.owingCampaigns());
  const lines = query.data ? owingCampaigns(query.data) : [];
  if (lines.length === 0) return null;
  return (
    <div className={className}>
      <SectionCard title={t.campaignsOwingSpots}>
        <Text size="sm" c="dimmed">
          {t.campaignsOwingHint}
        </Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Group key={line.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
              <IconAlertTriangle size={18} color="var(--mantine-color-orange-7)" aria-hidden />
              <div>
                <Anchor component={Link} to={`/campaigns/${line.id}`} size="sm" fw={500}>
                  {line.name}
                </Anchor>
                <Text size="sm">{line.text}</Text>
              </div>
            </Group>
          ))}
        </Stack>
      </SectionCard>
    </div>
  );
}
