import { formatBytes } from '@airgrid/domain';
import { Alert, Anchor, Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMovie, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { DescriptionsSwitch } from '../../shared/descriptions/descriptions-switch';
import {
  useDescriptionsPreference,
  useVideoDescriptions,
} from '../../shared/descriptions/use-audio-descriptions';
import { fileTokenQuery } from '../../shared/files/file-token';
import { MediaJobStatus } from '../../shared/media/media-job-status';
import { MEDIA_JOB_KINDS } from '../../shared/media/media-jobs';
import { mediaSummary } from '../../shared/media/media-summary';
import { showKeys } from '../../shared/shows/show-keys';
import { UploadProgress } from '../../shared/uploads/upload-progress';
import { useFileChoice } from '../../shared/uploads/use-file-choice';
import { useResumableUpload } from '../../shared/uploads/use-resumable-upload';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { StatusLine, toneOf } from '../../ui/status-line';
import { toast } from '../../ui/toast';
import {
  mediaUploadTarget,
  PLAYOUT_JOB_KIND,
  playableMediaUrl,
  showQueries,
  updateShow,
  watchShowJobs,
  watchShowPackages,
} from './queries';
import { BreakPoints } from './show-break-points';
import {
  hasPlayableMedia,
  isWebAddress,
  MEDIA_HINT,
  mediaFileProblem,
  playoutReadiness,
  playoutText,
  type ShowRecord,
} from './show-model';

/**
 * Where each show's preview was when its card went: the card is made again after every save of
 * the show (a break point marked while watching), and plays on from there.
 */
const previewPositions = new Map<string, number>();

function useKeptPosition(video: HTMLVideoElement | null, showId: string): void {
  useEffect(() => {
    if (!video) return;
    const kept = previewPositions.get(showId);
    const restore = () => {
      if (kept !== undefined && video.currentTime === 0) video.currentTime = kept;
    };
    if (video.readyState >= 1) restore();
    else video.addEventListener('loadedmetadata', restore, { once: true });
    return () => {
      video.removeEventListener('loadedmetadata', restore);
      previewPositions.set(showId, video.currentTime);
    };
  }, [video, showId]);
}

/**
 * The media (or its web copy) in the browser's own player, to check what will air, with its
 * complete caption tracks and, when it has them, audio descriptions read out on request.
 */
function MediaPreview({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const t = messages();
  const token = useQuery(fileTokenQuery());
  const tracks = useQuery(showQueries.tracks(show.id));
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [describe, setDescribe] = useDescriptionsPreference();
  const described = (tracks.data ?? []).filter((track) => track.kind === 'descriptions');
  useVideoDescriptions(video, describe, described.map((track) => track.id).join(','));
  useKeptPosition(video, show.id);
  if (!token.data) return null;
  const src = playableMediaUrl(show, token.data);
  const label = t.shows.mediaPreview(show.title);
  // The token lasts minutes: a failed read (seeking later) asks for a new one.
  const retry = () => void token.refetch();
  if (show.mediaInfo?.video === null && !show.webMedia)
    return (
      // biome-ignore lint/a11y/useMediaCaption: the station's own media, previewed before captions exist
      <audio
        controls
        preload="metadata"
        src={src}
        aria-label={label}
        onError={retry}
        style={{ width: '100%' }}
      />
    );
  return (
    <Stack gap="xs">
      {/* biome-ignore lint/a11y/useMediaCaption: the station's own media, previewed before captions exist */}
      <video
        ref={setVideo}
        controls
        preload="metadata"
        src={src}
        aria-label={label}
        onError={retry}
        style={{ width: '100%', borderRadius: 4 }}
      >
        {(tracks.data ?? []).map((track) => (
          <track
            key={track.id}
            kind={track.kind}
            // The browser fetches a track without the sign-in header: the file token names
            // the member, so a show no viewer can see yet still previews with its tracks.
            src={`/api/v1/captions/${track.id}.vtt?token=${encodeURIComponent(token.data)}`}
            srcLang={track.language}
            label={track.label || track.language}
            // Descriptions are spoken, never shown: the viewer's switch decides.
            default={track.kind !== 'descriptions' && track.isDefault}
          />
        ))}
      </video>
      {described.length > 0 && <DescriptionsSwitch checked={describe} onChange={setDescribe} />}
      <BreakPoints show={show} video={video} canManage={canManage} />
    </Stack>
  );
}

// The show page's media card: the stored file or the address where the media lives, and what
// the server read of the file (its running time and streams) once its job has run.

/** The media job's state, live: waiting, reading, failed; then what was read. */
function MediaStatus({ show }: { show: ShowRecord }) {
  const queryClient = useQueryClient();
  const job = useQuery({
    ...showQueries.mediaJob(show.id),
    // Events say when it changes; a look every few seconds covers one missed while the
    // stream reconnects.
    refetchInterval: (query) =>
      query.state.data?.state === 'queued' || query.state.data?.state === 'running' ? 3000 : false,
  });
  const { refetch } = job;
  useEffect(
    () =>
      watchShowJobs(
        show.id,
        (record) => {
          if (MEDIA_JOB_KINDS.includes(record.kind))
            queryClient.setQueryData(showKeys.mediaJob(show.id), record);
          // The playout line below reads the same events.
          else if (record.kind === PLAYOUT_JOB_KIND)
            queryClient.setQueryData(showKeys.playoutJob(show.id), record);
        },
        () => {
          void refetch();
          void queryClient.invalidateQueries({ queryKey: showKeys.playoutJob(show.id) });
        },
      ),
    [show.id, queryClient, refetch],
  );
  // The job wrote the runtime and what it read on the show: read the show again, once per job.
  const finished = job.data?.state === 'done' ? job.data.id : '';
  const reread = useRef('');
  useEffect(() => {
    if (!finished || reread.current === finished) return;
    reread.current = finished;
    void queryClient.invalidateQueries({ queryKey: showKeys.one(show.id) });
  }, [finished, show.id, queryClient]);
  return <MediaJobStatus job={job.data} summary={mediaSummary(show.mediaInfo)} />;
}

/**
 * Where the media stands for Airgrid playout: its packaging job (waiting, with its progress,
 * failed), then whether a package was made from the current file. Live: MediaStatus puts the
 * job's events in its query; the packages' own events read them again.
 */
function PlayoutStatus({ show }: { show: ShowRecord }) {
  const queryClient = useQueryClient();
  const job = useQuery({
    ...showQueries.playoutJob(show.id),
    refetchInterval: (query) =>
      query.state.data?.state === 'queued' || query.state.data?.state === 'running' ? 3000 : false,
  });
  const packages = useQuery(showQueries.playoutPackages(show.id));
  useEffect(
    () =>
      watchShowPackages(show.id, () => {
        void queryClient.invalidateQueries({ queryKey: showKeys.playoutPackages(show.id) });
      }),
    [show.id, queryClient],
  );
  // A job done has made (or replaced) a package: read them again, once per job.
  const finished = job.data?.state === 'done' ? job.data.id : '';
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({ queryKey: showKeys.playoutPackages(show.id) });
  }, [finished, show.id, queryClient]);
  if (job.isPending || packages.isPending) return null;
  const readiness = playoutReadiness(show, job.data ?? null, packages.data ?? []);
  if (!readiness) return null;
  return (
    <StatusLine tone={toneOf(readiness.kind)} testId="playout-status">
      {playoutText(readiness)}
    </StatusLine>
  );
}

export function MediaCard({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const t = messages();
  const { file, problem, choose, clear } = useFileChoice(mediaFileProblem);
  const form = useRecordForm({
    initialValues: { mediaUrl: show.mediaUrl ?? '' },
    validate: ({ mediaUrl }): Record<string, string> => {
      const url = mediaUrl.trim();
      return url !== '' && !isWebAddress(url) ? { mediaUrl: t.shows.theMediaUrlMustStart } : {};
    },
    save: ({ mediaUrl }) => updateShow(show.id, { mediaUrl: mediaUrl.trim() }),
    // The card remounts with the saved record (its key is the record's `updated`).
    invalidate: [showKeys.all],
    success: (_saved, { mediaUrl }) =>
      mediaUrl.trim() ? t.shows.mediaUrlSaved : t.shows.mediaUrlRemoved,
    serverFields: ['media', 'mediaUrl'],
  });
  const { errors, busy, formError } = form;
  const mediaUrl = form.values.mediaUrl;
  const size = useQuery(showQueries.mediaSize(show));
  const urlChanged = mediaUrl.trim() !== (show.mediaUrl ?? '');
  const queryClient = useQueryClient();
  const target = mediaUploadTarget(show.id);
  // Big files go in resumable pieces (tus): a dropped connection or a reload loses nothing.
  const upload = useResumableUpload(target, (done) => {
    toast({ severity: 'success', summary: t.shows.nameUploaded(done.name) });
    clear();
    upload.reset();
    void queryClient.invalidateQueries({ queryKey: showKeys.all });
    void queryClient.invalidateQueries({ queryKey: showKeys.interruptedUpload(show.id) });
  });
  const interrupted = useQuery(showQueries.interruptedUpload(show.id));
  const uploading = upload.state.status !== 'idle' && upload.state.status !== 'done';

  function onUpload(event: FormEvent) {
    event.preventDefault();
    if (file) upload.start(file);
  }

  return (
    <SectionCard title={t.shows.media}>
      <Stack gap="sm">
        <FormError error={formError} />
        {show.media ? (
          <Group gap="xs" data-testid="show-media">
            <IconMovie size={18} />
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {show.media}
            </Text>
            <Text size="sm" c="dimmed">
              {size.data ? formatBytes(size.data) : ''}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t.shows.noMediaFileYet}
          </Text>
        )}
        {show.media && <MediaStatus show={show} />}
        {show.media && <PlayoutStatus show={show} />}
        {hasPlayableMedia(show) && <MediaPreview show={show} canManage={canManage} />}
        {canManage && interrupted.data && !uploading && (
          <Alert color="yellow" role="status">
            {t.uploads.interrupted(interrupted.data)}
          </Alert>
        )}
        {file && uploading && (
          <UploadProgress
            name={file.name}
            state={upload.state}
            onPause={upload.pause}
            onResume={upload.resume}
            onCancel={() => void upload.cancel()}
          />
        )}
        {canManage && !uploading && (
          <form onSubmit={onUpload} noValidate>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <FileInput
                label={show.media ? t.shows.replaceTheMediaFile : t.shows.mediaFile}
                description={MEDIA_HINT}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t.shows.chooseAVideoOrAudio}
                accept="video/*,audio/*"
                leftSection={<IconUpload size={16} />}
                value={file}
                onChange={choose}
                clearable
                clearButtonProps={{ 'aria-label': t.common.clearFile }}
                error={problem ?? errors.media}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} loading={busy} disabled={!file}>
                {t.shows.upload}
              </Button>
            </Group>
            {file && (
              <Text size="xs" c="dimmed" mt={4}>
                {file.name}, {formatBytes(file.size)}
              </Text>
            )}
          </form>
        )}
        {canManage ? (
          <form onSubmit={form.submit} noValidate>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={t.shows.mediaUrl}
                description={t.shows.orWhereTheMediaLives}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t.shows.https}
                value={mediaUrl}
                onChange={(event) => form.set({ mediaUrl: event.currentTarget.value })}
                error={errors.mediaUrl}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="default" mt={25} loading={busy} disabled={!urlChanged}>
                {t.shows.saveUrl}
              </Button>
            </Group>
          </form>
        ) : (
          show.mediaUrl && (
            <Anchor href={show.mediaUrl} target="_blank" rel="noreferrer" size="sm">
              {show.mediaUrl}
            </Anchor>
          )
        )}
      </Stack>
    </SectionCard>
  );
}
