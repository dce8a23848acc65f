import { formatBytes } from '@airgrid/domain';
import type { AdRecord } from '@airgrid/schema';
import { Alert, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMovie, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef } from 'react';
import { messages } from '../../i18n/messages';
import { fileTokenQuery } from '../../shared/files/file-token';
import { MediaJobStatus } from '../../shared/media/media-job-status';
import { MEDIA_JOB_KINDS } from '../../shared/media/media-jobs';
import { mediaSummary } from '../../shared/media/media-summary';
import { UploadProgress } from '../../shared/uploads/upload-progress';
import { useFileChoice } from '../../shared/uploads/use-file-choice';
import { useResumableUpload } from '../../shared/uploads/use-resumable-upload';
import { toast } from '../../ui/toast';
import {
  hasPlayableMedia,
  loudnessVerdict,
  runtimeText,
  SPOT_MEDIA_HINT,
  spotFileProblem,
} from './ads-model';
import { adsKeys, adsQueries, playableSpotUrl, spotUploadTarget, watchSpotJobs } from './queries';

/** A status line's icon keeps its size beside a long line. */
const NO_SHRINK = { flexShrink: 0 } as const;

/**
 * A spot's media: the file, the probe's progress live, then its runtime to the hundredth and
 * its loudness against −24 LKFS, a preview, and (for staff) the resumable upload.
 */
export function SpotMedia({ spot, canManage }: { spot: AdRecord; canManage: boolean }) {
  const t = messages().ads;
  const queryClient = useQueryClient();
  const { file, problem, choose, clear } = useFileChoice(spotFileProblem);
  const size = useQuery(adsQueries.mediaSize(spot));
  const interrupted = useQuery(adsQueries.interruptedUpload(spot.id));
  // Big files go in resumable pieces (tus): a dropped connection or a reload loses nothing.
  const upload = useResumableUpload(spotUploadTarget(spot.id), (done) => {
    toast({ severity: 'success', summary: t.nameUploaded(done.name) });
    clear();
    upload.reset();
    void queryClient.invalidateQueries({ queryKey: adsKeys.all });
  });
  const uploading = upload.state.status !== 'idle' && upload.state.status !== 'done';

  function onUpload(event: FormEvent) {
    event.preventDefault();
    if (file) upload.start(file);
  }

  return (
    <Stack gap="sm" data-testid="spot-media">
      <Title order={3} size="h5">
        {t.media}
      </Title>
      {spot.media ? (
        <Group gap="xs" wrap="nowrap">
          <IconMovie size={18} style={NO_SHRINK} />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {spot.media}
          </Text>
          <Text size="sm" c="dimmed" style={NO_SHRINK}>
            {size.data ? formatBytes(size.data) : ''}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t.noMediaFileYet}
        </Text>
      )}
      {spot.media && <SpotMediaStatus spot={spot} />}
      {hasPlayableMedia(spot) && <SpotPreview spot={spot} />}
      {canManage && interrupted.data && !uploading && (
        <Alert color="yellow" role="status">
          {messages().uploads.interrupted(interrupted.data)}
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
              label={spot.media ? t.replaceTheMediaFile : t.mediaFile}
              description={SPOT_MEDIA_HINT}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={t.chooseAVideoOrAudio}
              accept="video/*,audio/*"
              leftSection={<IconUpload size={16} />}
              value={file}
              onChange={choose}
              clearable
              clearButtonProps={{ 'aria-label': messages().common.clearFile }}
              error={problem}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" mt={25} disabled={!file}>
              {t.upload}
            </Button>
          </Group>
          {file && (
            <Text size="xs" c="dimmed" mt={4}>
              {file.name}, {formatBytes(file.size)}
            </Text>
          )}
        </form>
      )}
    </Stack>
  );
}

/**
 * The spot's media job, live (waiting, reading, the web copy's progress, failed), then what
 * was read: the runtime and the loudness, in words.
 */
function SpotMediaStatus({ spot }: { spot: AdRecord }) {
  const t = messages().ads;
  const queryClient = useQueryClient();
  const job = useQuery({
    ...adsQueries.mediaJob(spot.id),
    // Events say when it changes; a look every few seconds covers one missed while the
    // stream reconnects.
    refetchInterval: (query) =>
      query.state.data?.state === 'queued' || query.state.data?.state === 'running' ? 3000 : false,
  });
  const { refetch } = job;
  useEffect(
    () =>
      watchSpotJobs(
        spot.id,
        (record) => {
          if (MEDIA_JOB_KINDS.includes(record.kind))
            queryClient.setQueryData(adsKeys.mediaJob(spot.id), record);
        },
        () => void refetch(),
      ),
    [spot.id, queryClient, refetch],
  );
  // The job wrote the runtime and loudness on the spot: read the spots again, once per job.
  const finished = job.data?.state === 'done' ? job.data.id : '';
  const reread = useRef('');
  useEffect(() => {
    if (!finished || reread.current === finished) return;
    reread.current = finished;
    void queryClient.invalidateQueries({ queryKey: adsKeys.spots(spot.organization) });
  }, [finished, spot.organization, queryClient]);
  const verdict = loudnessVerdict(spot.mediaInfo);
  return (
    <Stack gap={6}>
      {spot.durationSec > 0 && (
        <Text size="sm" fw={600} data-testid="spot-media-runtime">
          {t.runtimeIs(runtimeText(spot))}
        </Text>
      )}
      {verdict && (
        <Group
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          role={verdict.off === 'loud' || verdict.off === 'quiet' ? 'alert' : 'status'}
          data-testid="spot-media-loudness"
        >
          {verdict.off === null ? (
            <IconCircleCheck
              size={16}
              color="var(--mantine-color-green-7)"
              style={{ ...NO_SHRINK, marginTop: 2 }}
              aria-hidden
            />
          ) : (
            <IconAlertTriangle
              size={16}
              color="var(--mantine-color-orange-7)"
              style={{ ...NO_SHRINK, marginTop: 2 }}
              aria-hidden
            />
          )}
          <Text size="sm">{verdict.text}</Text>
        </Group>
      )}
      <MediaJobStatus job={job.data} summary={mediaSummary(spot.mediaInfo)} />
    </Stack>
  );
}

/** The spot in the browser's own player (its web copy when the file is not one browsers play). */
function SpotPreview({ spot }: { spot: AdRecord }) {
  const t = messages().ads;
  const token = useQuery(fileTokenQuery());
  if (!token.data) return null;
  const src = playableSpotUrl(spot, token.data);
  const label = t.previewOf(spot.title);
  // The token lasts minutes: a failed read (seeking later) asks for a new one.
  const retry = () => void token.refetch();
  if (spot.mediaInfo?.video === null && !spot.webMedia)
    return (
      // biome-ignore lint/a11y/useMediaCaption: the station's own spot, previewed before it airs
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
    // biome-ignore lint/a11y/useMediaCaption: the station's own spot, previewed before it airs
    <video
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      onError={retry}
      style={{ width: '100%', maxHeight: 320, borderRadius: 4, background: '#000' }}
    />
  );
}
