import type { JobRecord } from '@airgrid/schema';
import { Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconBadgeCc } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { showKeys } from '../../shared/shows/show-keys';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { SectionCard } from '../../ui/section-card';
import { toast } from '../../ui/toast';
import { generateCaptions, showQueries, watchShowJobs } from './queries';
import type { ShowRecord } from './show-model';

const UNDER_WAY = new Set(['queued', 'running']);

/** "Generate captions": the job's state, live, with its progress and, when it failed, why. */
function GenerateCaptions({ show }: { show: ShowRecord }) {
  const t = messages();
  const queryClient = useQueryClient();
  const engine = useQuery(showQueries.captionEngine());
  const job = useQuery({
    ...showQueries.captionsJob(show.id),
    // Events say when it changes; a look every few seconds covers one missed meanwhile.
    refetchInterval: (query) => (UNDER_WAY.has(query.state.data?.state ?? '') ? 3000 : false),
  });
  const { refetch } = job;
  useEffect(
    () =>
      watchShowJobs(
        show.id,
        (record: JobRecord) => {
          if (record.kind === 'captions-generate')
            queryClient.setQueryData(showKeys.captionsJob(show.id), record);
        },
        () => void refetch(),
      ),
    [show.id, queryClient, refetch],
  );
  // A job that ends while the page is open: the new draft joins the list, once per job.
  const done = job.data?.state === 'done' ? job.data.id : '';
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current === null) {
      // What was done before the page opened is no news.
      seen.current = done;
      return;
    }
    if (!done || seen.current === done) return;
    seen.current = done;
    void queryClient.invalidateQueries({ queryKey: showKeys.captionTracks(show.id) });
    void queryClient.invalidateQueries({ queryKey: showKeys.one(show.id) });
    toast({ severity: 'success', summary: t.shows.draftCaptionsReady });
  }, [done, show.id, queryClient, t]);
  const [asking, setAsking] = useState(false);

  const current = job.data;
  const underWay = UNDER_WAY.has(current?.state ?? '');
  const unavailable = engine.data && !engine.data.available ? engine.data.reason : '';
  const noSound = show.mediaInfo?.audio === null;

  async function start() {
    setAsking(true);
    await runAction(
      {
        save: () => generateCaptions(show.id),
        invalidate: [showKeys.captionsJob(show.id)],
        success: () => t.shows.generatingCaptions,
        failure: { summary: t.shows.captionsNotGenerated, group: 'captions-generate' },
      },
      appEffects(queryClient),
    );
    setAsking(false);
  }

  return (
    <Stack gap={6}>
      {underWay && current ? (
        <Stack gap={4} role="status">
          <Text size="sm">
            {current.state === 'queued'
              ? t.shows.captionsWaiting
              : t.shows.listeningToTheShow(Math.round(current.progress))}
          </Text>
          <Progress
            value={current.state === 'queued' ? 0 : current.progress}
            animated
            aria-label={t.shows.captionsProgress}
          />
          {current.error && (
            <Text size="xs" c="dimmed">
              {t.shows.captionsRetrying(current.error)}
            </Text>
          )}
        </Stack>
      ) : (
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconBadgeCc size={16} />}
            onClick={() => void start()}
            loading={asking}
            disabled={Boolean(unavailable) || noSound || !show.media}
          >
            {t.shows.generateCaptions}
          </Button>
          {engine.data?.available && (
            <Text size="xs" c="dimmed">
              {t.shows.generateCaptionsHint(engine.data.name)}
            </Text>
          )}
        </Group>
      )}
      {!show.media && (
        <Text size="xs" c="dimmed">
          {t.shows.uploadMediaToCaption}
        </Text>
      )}
      {noSound && (
        <Text size="xs" c="dimmed">
          {t.shows.mediaHasNoSound}
        </Text>
      )}
      {unavailable && (
        <Text size="xs" c="dimmed">
          {unavailable}
        </Text>
      )}
      {current?.state === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {t.shows.captionsFailed(current.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The show page's captions card: its caption tracks (drafts too) with a way into the editor, and
 * for those who manage the show, "Generate captions" from its sound.
 */
export function CaptionsCard({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const t = messages();
  const tracks = useQuery(showQueries.captionTracks(show.id));
  return (
    <SectionCard title={t.shows.captions}>
      {tracks.data && tracks.data.length > 0 ? (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tracks.data.map((track) => (
            <Group key={track.id} gap="xs" component="li" wrap="nowrap">
              <Anchor component={Link} to={`/captions/${track.id}`} size="sm" fw={600}>
                {track.label || track.language}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t.captions.kinds[track.kind] ?? track.kind}
              </Text>
              <Badge variant="light" color={track.status === 'complete' ? 'green' : 'yellow'}>
                {t.captions.statuses[track.status] ?? track.status}
              </Badge>
              {track.source === 'auto' && (
                <Badge variant="outline" color="gray">
                  {t.shows.autoCaptionsBadge}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {tracks.isPending ? '' : t.shows.noCaptionTracks}
        </Text>
      )}
      {canManage && <GenerateCaptions show={show} />}
      <Anchor component={Link} to="/captions" size="sm">
        {t.shows.allCaptionTracks}
      </Anchor>
    </SectionCard>
  );
}
