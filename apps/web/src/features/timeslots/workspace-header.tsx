import { Button, Group, Text, Title } from '@mantine/core';
import {
  IconCopy,
  IconFileImport,
  IconListDetails,
  IconPlus,
  IconRepeat,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { messages } from '../../i18n/messages';

interface WorkspaceHeaderProps {
  zone: string;
  canEdit: boolean;
  /** Opens the recurrences list, or the copy form. */
  onSeriesPanel: (panel: 'recurrences' | 'copy') => void;
  onNewRecurrence: () => void;
  onNewTimeslot: () => void;
}

/** The workspace's title, what one can do on it, and (to those who edit) its actions. */
export function WorkspaceHeader({
  zone,
  canEdit,
  onSeriesPanel,
  onNewRecurrence,
  onNewTimeslot,
}: WorkspaceHeaderProps) {
  const t = messages();
  const navigate = useNavigate();
  return (
    <Group justify="space-between" align="center">
      <div>
        <Title order={1}>{t.timeslots.timeslots}</Title>
        <Text c="dimmed" size="sm">
          {canEdit
            ? t.timeslots.dragATimeslotToMove(zone)
            : t.timeslots.youCanReadTheSchedule(zone)}
        </Text>
      </div>
      {canEdit && (
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconListDetails size={16} />}
            onClick={() => onSeriesPanel('recurrences')}
          >
            {t.timeslots.recurrences}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() => onSeriesPanel('copy')}
          >
            {t.timeslots.copySchedule}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() =>
              navigate({
                pathname: '/timeslots',
                search: '?import=timeslots',
                hash: 'upload-csv',
              })
            }
          >
            {t.timeslots.importCsv}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRepeat size={16} />}
            onClick={onNewRecurrence}
          >
            {t.timeslots.newRecurrence}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={onNewTimeslot}>
            {t.timeslots.newTimeslot}
          </Button>
        </Group>
      )}
    </Group>
  );
}
