import { Button, Stack, Text } from '@mantine/core';
import {
  IconCalendarPlus,
  IconFileImport,
  IconLayoutGrid,
  IconPlaylistAdd,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';

// The dashboard's quick actions: the day-to-day starts of a station's work, each a link so it
// opens where the work is done (the forms open from the URL).

export function QuickActionsCard({
  canEdit,
  canCreateShows,
}: {
  /** Owners, admins and editors schedule; the others read. */
  canEdit: boolean;
  /** Producers add their own shows too. */
  canCreateShows: boolean;
}) {
  const t = messages();
  return (
    <SectionCard title={t.dashboard.quickActions}>
      <Stack gap="xs">
        {canCreateShows && (
          <Button
            component={Link}
            to="/shows?new=show"
            variant="light"
            justify="flex-start"
            leftSection={<IconPlaylistAdd size={18} />}
          >
            {t.dashboard.newShow}
          </Button>
        )}
        {canEdit && (
          <>
            <Button
              component={Link}
              to="/timeslots?new=timeslot"
              variant="light"
              justify="flex-start"
              leftSection={<IconCalendarPlus size={18} />}
            >
              {t.dashboard.newTimeslot}
            </Button>
            <Button
              component={Link}
              to="/timeslots?import=timeslots#upload-csv"
              variant="light"
              justify="flex-start"
              leftSection={<IconFileImport size={18} />}
            >
              {t.dashboard.importCsv}
            </Button>
          </>
        )}
        <Button
          component={Link}
          to="/tvguide"
          variant="light"
          justify="flex-start"
          leftSection={<IconLayoutGrid size={18} />}
        >
          {t.dashboard.openTheGuide}
        </Button>
        {!canEdit && (
          <Text size="xs" c="dimmed">
            {t.dashboard.editorsAndAboveChangeThe}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
