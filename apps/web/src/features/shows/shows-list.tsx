import { formatDuration, slotLengthOf } from '@airgrid/domain';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconMovie, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { thumbnailUrl } from './queries';
import { memberLabel } from './show-form-modal';
import { captionLabel, type ShowRecord, statusBadge } from './show-model';

// The shows list: a card a show on a phone, a table elsewhere, both with the same pieces.

/** Who produces the show: the member's name, or the free-text producer name. */
export function producerOf(show: ShowRecord): string {
  const member = show.expand?.producer;
  return member ? memberLabel(member) : show.producerName || '';
}

interface ShowListProps {
  shows: ShowRecord[];
  canManage: (show: ShowRecord) => boolean;
  onEdit: (show: ShowRecord) => void;
}

/** The show's title, a link to its page, with its subtitle under it; long words wrap. */
function ShowTitle({ show }: { show: ShowRecord }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={`/shows/${show.id}`}
        fw={600}
        style={{ overflowWrap: 'anywhere' }}
      >
        {show.title}
      </Anchor>
      {show.subtitle && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {show.subtitle}
        </Text>
      )}
    </div>
  );
}

/** The show's thumbnail, or a film glyph. */
function ShowThumbnail({ show }: { show: ShowRecord }) {
  const t = messages();
  return (
    <Avatar
      src={thumbnailUrl(show) || undefined}
      size={40}
      radius="sm"
      alt={show.thumbnail ? t.shows.titleThumbnail(show.title) : ''}
    >
      <IconMovie size={18} />
    </Avatar>
  );
}

/** The pencil that opens the Edit form, for those who may manage the show. */
function EditShowButton({
  show,
  onEdit,
}: {
  show: ShowRecord;
  onEdit: (show: ShowRecord) => void;
}) {
  const t = messages();
  return (
    <Tooltip label={t.common.edit}>
      <ActionIcon
        variant="subtle"
        aria-label={t.shows.editTitle(show.title)}
        onClick={() => onEdit(show)}
      >
        <IconPencil size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The list on a phone: a card a show, with the table's facts and its action, so nothing is cut
 * off at the right of a 390 px screen.
 */
export function ShowCards({ shows, canManage, onEdit }: ShowListProps) {
  const t = messages();
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      aria-label={t.shows.shows}
      style={{ listStyle: 'none' }}
    >
      {shows.map((show) => {
        const status = statusBadge(show.status);
        const facts: [string, string][] = [
          [t.shows.category, show.category || '—'],
          [t.shows.lengthColumn, formatDuration(slotLengthOf(show.durationSec), 'length')],
          [t.shows.producer, producerOf(show) || '—'],
          [t.shows.captions, captionLabel(show.captionStatus)],
        ];
        return (
          <Paper component="li" key={show.id} data-show={show.id} withBorder p="sm" radius="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ShowThumbnail show={show} />
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                  <ShowTitle show={show} />
                  {canManage(show) && <EditShowButton show={show} onEdit={onEdit} />}
                </Group>
                <Group gap="xs">
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Group>
                <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing={6} m={0}>
                  {facts.map(([label, value]) => (
                    <div key={label}>
                      <Text component="dt" size="xs" c="dimmed">
                        {label}
                      </Text>
                      <Text component="dd" size="sm" m={0}>
                        {value}
                      </Text>
                    </div>
                  ))}
                </SimpleGrid>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The list on a wider screen: a row a show, its facts in columns, its action at the right. */
export function ShowsTable({ shows, canManage, onEdit }: ShowListProps) {
  const t = messages();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t.shows.shows}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.shows.show}</Table.Th>
            <Table.Th>{t.shows.category}</Table.Th>
            <Table.Th w={90}>{t.shows.lengthColumn}</Table.Th>
            <Table.Th>{t.shows.producer}</Table.Th>
            <Table.Th w={130}>{t.shows.captions}</Table.Th>
            <Table.Th w={100}>{t.shows.status}</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>{t.shows.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shows.map((show) => {
            const status = statusBadge(show.status);
            return (
              <Table.Tr key={show.id} data-show={show.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ShowThumbnail show={show} />
                    <ShowTitle show={show} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{show.category || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {formatDuration(slotLengthOf(show.durationSec), 'length')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{producerOf(show) || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    c={show.captionStatus === 'complete' ? undefined : 'dimmed'}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {captionLabel(show.captionStatus)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {canManage(show) && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <EditShowButton show={show} onEdit={onEdit} />
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
