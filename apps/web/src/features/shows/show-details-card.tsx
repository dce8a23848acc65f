import { formatDurationClock } from '@airgrid/domain';
import { Table, Text } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { captionLabel, type ShowRecord } from './show-model';
import { producerOf } from './shows-page';

// The show page's details card: the show's catalogue fields.

export function DetailsCard({ show }: { show: ShowRecord }) {
  const episode = [
    show.season ? `Season ${show.season}` : '',
    show.episode ? `Episode ${show.episode}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    ['Category', show.category],
    ['Duration', show.durationSec ? formatDurationClock(show.durationSec) : ''],
    ['Producer', producerOf(show)],
    ['Season and episode', episode],
    ['Rating', show.rating],
    ['Language', show.language],
    ['Captions', captionLabel(show.captionStatus)],
    ['Tags', Array.isArray(show.tags) ? show.tags.join(', ') : ''],
  ];
  return (
    <SectionCard title="Details">
      {show.description ? (
        <Text style={{ whiteSpace: 'pre-line' }}>{show.description}</Text>
      ) : (
        <Text c="dimmed" size="sm">
          No description yet.
        </Text>
      )}
      <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label="Show details">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170}>{label}</Table.Th>
              <Table.Td c={value ? undefined : 'dimmed'}>{value || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}
