import { formatDuration, formatUsDate, fromRecordDate, toRecordDate } from '@airgrid/domain';
import { Badge, Button, FileInput, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMicrophone, IconPlus, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { browserTimeZone } from '../../shared/slug';
import { UploadProgress } from '../../shared/uploads/upload-progress';
import { useResumableUpload } from '../../shared/uploads/use-resumable-upload';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { SectionCard } from '../../ui/section-card';
import { toast } from '../../ui/toast';
import { EpisodeFormModal } from './episode-form-modal';
import {
  type EpisodeRecord,
  type EpisodeState,
  episodeNumber,
  episodeState,
  type PodcastRecord,
} from './podcast-model';
import { PublishShowModal } from './publish-show-modal';
import { audioUrl, deleteEpisode, podcastKeys, podcastQueries, updateEpisode } from './queries';

const STATE_COLORS: Record<EpisodeState, string> = {
  preparing: 'blue',
  draft: 'yellow',
  scheduled: 'grape',
  published: 'green',
};

/** An episode's own audio file, sent in resumable pieces. */
function AudioUpload({ episode }: { episode: EpisodeRecord }) {
  const t = messages();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useResumableUpload(
    { collection: 'episodes', record: episode.id, field: 'audio' },
    (done) => {
      toast({ severity: 'success', summary: t.podcasts.audioUploaded(done.name) });
      setFile(null);
      upload.reset();
      void queryClient.invalidateQueries({ queryKey: podcastKeys.episodes(episode.podcast) });
    },
  );
  if (file && upload.state.status !== 'idle' && upload.state.status !== 'done')
    return (
      <UploadProgress
        name={file.name}
        state={upload.state}
        onPause={upload.pause}
        onResume={upload.resume}
        onCancel={() => void upload.cancel()}
      />
    );
  return (
    <FileInput
      size="xs"
      aria-label={t.podcasts.uploadAudioFor(episode.title)}
      placeholder={t.podcasts.uploadAudio}
      accept="audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,.mp3,.m4a"
      leftSection={<IconUpload size={14} />}
      value={file}
      onChange={(chosen) => {
        setFile(chosen);
        if (chosen) upload.start(chosen);
      }}
      w={220}
    />
  );
}

/** The podcast's episodes: state, date, number, length, a player; publish, edit, delete. */
export function EpisodesCard({ podcast, canEdit }: { podcast: PodcastRecord; canEdit: boolean }) {
  const t = messages();
  const queryClient = useQueryClient();
  const effects = appEffects(queryClient);
  const zone = browserTimeZone();
  const episodes = useQuery({
    ...podcastQueries.episodes(podcast.id),
    // An episode's audio is made or measured in the background: look again until it is there.
    refetchInterval: (query) =>
      query.state.data?.some((episode) => !episode.audio || !episode.durationSec) ? 3000 : false,
  });
  const [publishing, setPublishing] = useState(false);
  const [editing, setEditing] = useState<EpisodeRecord | 'new' | null>(null);
  const now = Date.now();

  const setPublished = (episode: EpisodeRecord, publish: boolean) =>
    runAction(
      {
        save: () =>
          updateEpisode(episode.id, { publishedAt: publish ? toRecordDate(Date.now()) : '' }),
        invalidate: [podcastKeys.episodes(podcast.id)],
        success: () => (publish ? t.podcasts.published : t.podcasts.unpublished),
        failure: { summary: t.podcasts.notSaved, group: 'episode-publish' },
      },
      effects,
    );
  const confirmDelete = (episode: EpisodeRecord) =>
    modals.openConfirmModal({
      title: t.podcasts.deleteTitle(episode.title),
      children: <Text size="sm">{t.podcasts.deleteBody}</Text>,
      labels: { confirm: t.podcasts.delete, cancel: t.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        runAction(
          {
            save: () => deleteEpisode(episode.id),
            invalidate: [podcastKeys.episodes(podcast.id)],
            success: () => t.podcasts.deleted,
            failure: { summary: t.podcasts.notDeleted, group: 'episode-delete' },
          },
          effects,
        ),
    });

  let body: React.ReactNode;
  if (episodes.isPending)
    body = <Loader size="sm" role="status" aria-label={t.podcasts.episodes} />;
  else if (!episodes.data?.length) body = <Text c="dimmed">{t.podcasts.noEpisodes}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label={t.podcasts.episodes}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.podcasts.episodeTitle}</Table.Th>
              <Table.Th miw={120}>{t.podcasts.state}</Table.Th>
              <Table.Th>{t.podcasts.date}</Table.Th>
              <Table.Th>{t.podcasts.length}</Table.Th>
              <Table.Th>{t.podcasts.listen}</Table.Th>
              <Table.Th>{t.podcasts.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {episodes.data.map((episode) => {
              const state = episodeState(episode, now);
              const at = fromRecordDate(episode.publishedAt);
              return (
                <Table.Tr key={episode.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {episode.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {episodeNumber(episode)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge variant="light" color={STATE_COLORS[state]} style={{ flexShrink: 0 }}>
                      {t.podcasts.states[state]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{at === null ? '' : formatUsDate(at, zone)}</Table.Td>
                  <Table.Td>
                    {episode.durationSec ? formatDuration(episode.durationSec, 'runtime') : ''}
                  </Table.Td>
                  <Table.Td>
                    {episode.audio ? (
                      // biome-ignore lint/a11y/useMediaCaption: spoken audio; its transcript goes with the feed
                      <audio
                        controls
                        preload="none"
                        src={audioUrl(episode)}
                        aria-label={t.podcasts.playEpisode(episode.title)}
                        style={{ height: 32, width: 200 }}
                      />
                    ) : episode.show ? (
                      <Group gap={6}>
                        <Loader size="xs" />
                        <Text size="xs" c="dimmed">
                          {t.podcasts.takingTheShowsSound}
                        </Text>
                      </Group>
                    ) : (
                      canEdit && <AudioUpload episode={episode} />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap="xs" wrap="nowrap">
                        {state === 'draft' && episode.audio && (
                          <Button size="xs" onClick={() => void setPublished(episode, true)}>
                            {t.podcasts.publish}
                          </Button>
                        )}
                        {(state === 'published' || state === 'scheduled') && (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => void setPublished(episode, false)}
                          >
                            {t.podcasts.unpublish}
                          </Button>
                        )}
                        <Button size="xs" variant="default" onClick={() => setEditing(episode)}>
                          {t.podcasts.edit}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => confirmDelete(episode)}
                        >
                          {t.podcasts.delete}
                        </Button>
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

  return (
    <SectionCard title={t.podcasts.episodes}>
      {canEdit && (
        <Group gap="sm">
          <Button leftSection={<IconMicrophone size={16} />} onClick={() => setPublishing(true)}>
            {t.podcasts.publishShow}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
          >
            {t.podcasts.newEpisode}
          </Button>
        </Group>
      )}
      <Stack gap="xs">{body}</Stack>
      <PublishShowModal
        opened={publishing}
        onClose={() => setPublishing(false)}
        podcast={podcast}
      />
      <EpisodeFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        podcast={podcast}
        episode={editing === 'new' || editing === null ? undefined : editing}
      />
    </SectionCard>
  );
}
