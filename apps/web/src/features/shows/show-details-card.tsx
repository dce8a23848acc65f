import { formatDuration } from '@airgrid/domain';
import { Alert, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';
import { captionLabel, lengthFacts, type ShowRecord } from './show-model';
import { producerOf } from './shows-list';

// The show page's details card: the show's catalogue fields.

export function DetailsCard({ show }: { show: ShowRecord }) {
  const t = messages();
  const episode = [
    show.season ? t.shows.seasonSeason(show.season) : '',
    show.episode ? t.shows.episodeEpisode(show.episode) : '',
  ]
    .filter(Boolean)
    .join(', ');
  // The slot is the station's; the runtime is what the media measures. Where both are known
  // and the media fits, what it leaves of the slot is break time (for ads).
  const { slotSec, runtimeSec, fit, warning } = lengthFacts(show);
  const breakSec = fit.fit === 'fits' ? slotSec - Math.round(runtimeSec) : 0;
  const rows: [string, string][] = [
    [t.shows.category, show.category],
    [t.shows.slotLength, slotSec ? formatDuration(slotSec, 'length', { units: true }) : ''],
    [t.shows.mediaRuntime, runtimeSec ? formatDuration(runtimeSec, 'runtime') : ''],
    ...(breakSec > 0
      ? [
          [
            t.shows.breaks,
            t.shows.breaksInSlot(formatDuration(breakSec, 'runtime', { units: true })),
          ] as [string, string],
        ]
      : []),
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
      {warning && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mt="sm">
          {warning}
        </Alert>
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
