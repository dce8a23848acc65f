import { formatDuration } from '@airgrid/domain';
import { Anchor, Group, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';
import { dashboardQueries } from './queries';

// The dashboard's "Caption coverage this week" card (issue 41, item 4): the share of this
// week's scheduled airtime (Monday on, in the station's zone) captioned in each channel's
// language, linking to the report and to the captions page. Nothing for a station without
// channels.

export function CaptionsCard({ className }: { className?: string }) {
  const t = messages().dashboard;
  const query = useQuery(dashboardQueries.captionCoverage());
  const report = query.data;
  if (!report || report.channels.length === 0) return null;
  const { scheduledSec, share } = report.total;
  const percent = Math.round(share * 100);
  return (
    <div className={className}>
      <SectionCard title={t.captionCoverageThisWeek}>
        {scheduledSec === 0 ? (
          <Text size="sm">{t.nothingScheduledThisWeek}</Text>
        ) : (
          <>
            <Group justify="space-between" align="baseline" gap="xs">
              <Text fz="xl" fw={700} data-testid="dashboard-caption-share">
                {percent}%
              </Text>
              <Text size="sm" c="dimmed">
                {t.ofScheduled(formatDuration(scheduledSec, 'length'))}
              </Text>
            </Group>
            <Progress
              value={percent}
              color={percent >= 90 ? 'teal' : 'orange'}
              aria-label={t.captionedShare}
            />
          </>
        )}
        <Group gap="md">
          <Anchor component={Link} to="/analytics?range=last-7-days&section=captions" size="sm">
            {t.seeCaptionReport}
          </Anchor>
          <Anchor component={Link} to="/captions" size="sm">
            {t.openCaptions}
          </Anchor>
        </Group>
      </SectionCard>
    </div>
  );
}
