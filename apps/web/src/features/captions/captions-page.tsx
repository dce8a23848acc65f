import { formatUsDate, fromRecordDate } from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import { Anchor, Badge, Button, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { browserTimeZone } from '../../shared/slug';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { ListPage } from '../../ui/list-page';
import { saveFile } from '../../ui/save-file';
import { AddTrackCard } from './add-track-card';
import { trackLabel } from './captions-model';
import { CoverageCard } from './coverage-card';
import {
  captionQueries,
  deleteTrack,
  downloadTrack,
  setTrackStatus,
  TRACK_SAVE_INVALIDATES,
  type TrackRow,
} from './queries';

async function saveTrack(track: TrackRow) {
  saveFile(
    await downloadTrack(track.id),
    `${track.expand?.show?.title ?? 'captions'}.${track.language}.vtt`,
  );
}

/**
 * /captions: the organization's caption tracks, by show; editors add a track from an SRT or
 * WebVTT file, mark it complete (the show then counts as captioned) or delete it; everyone
 * downloads a track as WebVTT.
 */
export function CaptionsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const canEdit = isEditorRole(user?.role);
  const tracks = useQuery(captionQueries.tracks(organization));
  const queryClient = useQueryClient();
  const zone = browserTimeZone();
  const effects = appEffects(queryClient);

  const toggle = (track: TrackRow) => {
    const next = track.status === 'complete' ? 'draft' : 'complete';
    return runAction(
      {
        save: () => setTrackStatus(track.id, next),
        invalidate: TRACK_SAVE_INVALIDATES,
        success: () => (next === 'complete' ? t.captions.markedComplete : t.captions.markedDraft),
        failure: { summary: t.captions.tracks, group: 'captions-status' },
      },
      effects,
    );
  };
  const confirmDelete = (track: TrackRow) =>
    modals.openConfirmModal({
      title: t.captions.deleteTrackTitle(trackLabel(track)),
      children: <Text size="sm">{t.captions.deleteTrackBody}</Text>,
      labels: { confirm: t.captions.deleteTrack, cancel: t.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        runAction(
          {
            save: () => deleteTrack(track.id),
            invalidate: TRACK_SAVE_INVALIDATES,
            success: () => t.captions.trackDeleted,
            failure: { summary: t.captions.trackDeleted, group: 'captions-delete' },
          },
          effects,
        ),
    });

  return (
    <ListPage
      title={t.captions.title}
      description={t.captions.intro}
      organization={organization}
      toolbar={
        <>
          {canEdit && <AddTrackCard organization={organization} />}
          <Title order={2} size="h3">
            {t.captions.tracks}
          </Title>
        </>
      }
      query={tracks}
      loadingLabel={t.captions.tracks}
      isEmpty={(list) => list.length === 0}
      empty={t.captions.noTracks}
      after={<CoverageCard organization={organization} />}
    >
      {(list) => (
        <Table.ScrollContainer minWidth={960}>
          <Table verticalSpacing="sm" aria-label={t.captions.tracks}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.captions.show}</Table.Th>
                <Table.Th>{t.captions.label}</Table.Th>
                <Table.Th>{t.captions.kind}</Table.Th>
                <Table.Th>{t.captions.language}</Table.Th>
                <Table.Th miw={120}>{t.captions.status}</Table.Th>
                <Table.Th>{t.captions.updated}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t.captions.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((track) => (
                <Table.Tr key={track.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/shows/${track.show}`} fw={600}>
                      {track.expand?.show?.title ?? track.show}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{trackLabel(track)}</Table.Td>
                  <Table.Td>{t.captions.kinds[track.kind] ?? track.kind}</Table.Td>
                  <Table.Td>{track.language}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      variant="light"
                      color={track.status === 'complete' ? 'green' : 'yellow'}
                      miw={96}
                    >
                      {t.captions.statuses[track.status] ?? track.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatUsDate(fromRecordDate(track.updated) ?? 0, zone)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t.captions.downloadTrack(trackLabel(track))}
                        onClick={() => void saveTrack(track)}
                      >
                        {t.captions.webVtt}
                      </Button>
                      {canEdit && (
                        <>
                          <Button
                            size="xs"
                            variant="default"
                            component={Link}
                            to={`/captions/${track.id}`}
                            aria-label={t.captions.editTrack(trackLabel(track))}
                          >
                            {t.captions.edit}
                          </Button>
                          <Button size="xs" variant="default" onClick={() => void toggle(track)}>
                            {track.status === 'complete'
                              ? t.captions.markDraft
                              : t.captions.markComplete}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => confirmDelete(track)}
                          >
                            {t.captions.deleteTrack}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListPage>
  );
}
