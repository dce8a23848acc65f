import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { airingStartLabel } from '../../shared/shows/draft-shows';
import classes from './dashboard.module.css';
import { draftAiringsAhead, draftsWindow } from './dashboard-model';
import { dashboardQueries } from './queries';

// The dashboard's drafts warning: airings of draft shows in the next 7 days. Drafts air as
// scheduled and viewers see them, so a station is told before they do; nothing when none.

/** How many airings the warning names; the count says how many more there are. */
const LIMIT = 5;

export function DraftAiringsCard({ now, zone }: { now: number; zone: string }) {
  const t = messages();
  const clock = useClockSetting();
  const span = draftsWindow(now);
  const query = useQuery(dashboardQueries.draftAirings(span.start, span.end));
  const drafts = useMemo(
    () => (query.data ? draftAiringsAhead(query.data, now, LIMIT) : null),
    [query.data, now],
  );
  if (!drafts || drafts.total === 0) return null;
  const more = drafts.total - drafts.airings.length;

  return (
    <Alert
      color="yellow"
      variant="light"
      role="note"
      icon={<IconAlertTriangle size={18} />}
      // The body may be narrower than a long title, which is cut short rather than widening it.
      styles={{ body: { minWidth: 0 } }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {t.dashboard.draftAiringsInTheNext7Days(drafts.total)}
        </Text>
        <Text size="sm">{t.dashboard.draftAiringsExplained}</Text>
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t.dashboard.airingsOfDraftShows}
        >
          {drafts.airings.map((airing) => (
            <Group component="li" key={airing.id} gap="sm" wrap="nowrap" align="baseline">
              <Text size="sm" fw={600} className={classes.draftTime}>
                {airingStartLabel(airing.start, zone, clock)}
              </Text>
              <Text size="sm" truncate style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/shows/${airing.show}`} size="sm">
                  {airing.title}
                </Anchor>
                {airing.channel && (
                  <Text span size="sm" c="dimmed">
                    {' · '}
                    {airing.channel}
                  </Text>
                )}
              </Text>
            </Group>
          ))}
        </Stack>
        {more > 0 && (
          <Text size="sm" c="dimmed">
            {t.dashboard.moreDraftAirings(more)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
