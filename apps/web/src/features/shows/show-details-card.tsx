import { formatDurationClock, formatRunningTime, roundUpToQuarterHour } from '@airgrid/domain';
import { Table, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';
import { captionLabel, type ShowRecord } from './show-model';
import { producerOf } from './shows-page';

// The show page's details card: the show's catalogue fields.

export function DetailsCard({ show }: { show: ShowRecord }) {
  const t = messages();
  const episode = [
    show.season ? t.shows.seasonSeason(show.season) : '',
    show.episode ? t.shows.episodeEpisode(show.episode) : '',
  ]
    .filter(Boolean)
    .join(', ');
  // Timeslots snap to 15 minutes: what the runtime leaves of its slot is break time (for ads).
  const slot = show.durationSec ? roundUpToQuarterHour(show.durationSec) : 0;
  const rows: [string, string][] = [
    [t.shows.category, show.category],
    [t.shows.duration, show.durationSec ? formatRunningTime(show.durationSec) : ''],
    [
      t.shows.slotAndBreaks,
      slot
        ? t.shows.slotWithBreaks(
            formatDurationClock(slot),
            formatRunningTime(slot - show.durationSec),
          )
        : '',
    ],
    [t.shows.producer, producerOf(show)],
    [t.shows.seasonAndEpisode, episode],
    [t.shows.rating, show.rating],
    [t.shows.language, show.language],
    [t.shows.captions, captionLabel(show.captionStatus)],
    [t.shows.tags, Array.isArray(show.tags) ? show.tags.join(', ') : ''],
  ];
  return (
    <SectionCard title={t.shows.details}>
      {show.description ? (
        <Text style={{ whiteSpace: 'pre-line' }}>{show.description}</Text>
      ) : (
        <Text c="dimmed" size="sm">
          {t.shows.noDescriptionYet}
        </Text>
      )}
      <Table
        variant="vertical"
        layout="fixed"
        withTableBorder={false}
        aria-label={t.shows.showDetails}
      >
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
