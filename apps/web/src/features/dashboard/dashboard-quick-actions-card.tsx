import { Button, Stack, Text } from '@mantine/core';
import {
  IconCalendarPlus,
  IconFileImport,
  IconLayoutGrid,
  IconPlaylistAdd,
} from '@tabler/icons-react';
import { Link } from 'react-router';
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
  return (
    <SectionCard title="Quick actions">
      <Stack gap="xs">
        {canCreateShows && (
          <Button
            component={Link}
            to="/shows?new=show"
            variant="light"
            justify="flex-start"
            leftSection={<IconPlaylistAdd size={18} />}
          >
            New show
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
              New timeslot
            </Button>
            <Button
              component={Link}
              to="/timeslots?import=timeslots#upload-csv"
              variant="light"
              justify="flex-start"
              leftSection={<IconFileImport size={18} />}
            >
              Import CSV
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
          Open the guide
        </Button>
        {!canEdit && (
          <Text size="xs" c="dimmed">
            Editors and above change the schedule; ask one of them for a change.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
