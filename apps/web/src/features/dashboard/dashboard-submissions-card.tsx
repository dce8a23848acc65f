import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';
import { dashboardQueries } from './queries';

// The dashboard's "Submissions waiting" card (issue 41, item 4): producers' shows waiting for
// review, newest first, linking to the review queue. Nothing when none wait, and for members
// the rules do not show submissions to (below editor).

export function SubmissionsCard({ className }: { className?: string }) {
  const t = messages().dashboard;
  const query = useQuery(dashboardQueries.waitingSubmissions());
  const waiting = query.data;
  if (!waiting || waiting.total === 0) return null;
  return (
    <div className={className}>
      <SectionCard title={t.submissionsWaiting}>
        <Text size="sm" c="dimmed">
          {t.submissionsWaitingCount(waiting.total)}
        </Text>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {waiting.items.map((submission) => (
            <Text component="li" size="sm" key={submission.id}>
              <Text span fw={500}>
                {submission.title}
              </Text>{' '}
              <Text span c="dimmed">
                {t.fromSubmitter(submission.submitterName)}
              </Text>
            </Text>
          ))}
        </Stack>
        <Anchor component={Link} to="/shows/submissions" size="sm">
          {t.reviewSubmissions}
        </Anchor>
      </SectionCard>
    </div>
  );
}
