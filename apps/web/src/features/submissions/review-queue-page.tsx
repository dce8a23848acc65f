import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import { isEditorRole, type SubmissionDecision, type SubmissionRecord } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendarPlus, IconExternalLink, IconFile, IconLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { useAuth } from '../../lib/use-auth';
import { fileTokenQuery } from '../../shared/files/file-token';
import { showKeys } from '../../shared/shows/show-keys';
import { browserTimeZone } from '../../shared/slug';
import { describeError } from '../../ui/forms/server-errors';
import { ListPage } from '../../ui/list-page';
import { toast } from '../../ui/toast';
import {
  isOpen,
  loudnessFact,
  mediaFacts,
  runningTimeOf,
  SUBMISSIONS_VIEWS,
  type SubmissionsView,
  submissionStatusBadge,
} from './review-queue-model';
import {
  reviewSubmission,
  submissionKeys,
  submissionMediaUrl,
  submissionQueries,
  watchSubmissions,
} from './review-queue-queries';

/**
 * /shows/submissions: the review queue. What producers sent from the public form, oldest
 * waiting first; the one chosen (`?submission=`) beside the list with its preview, the facts
 * of its file, and the decision: approve (a ready show is made from it), ask for changes or
 * reject, each with a note the producer is mailed. New submissions arrive live.
 */
export function SubmissionsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') as SubmissionsView | null;
  const view: SubmissionsView = asked && SUBMISSIONS_VIEWS.includes(asked) ? asked : 'waiting';
  const list = useQuery(submissionQueries.list(organization, view));
  const rows = list.data?.items ?? [];
  const chosenId = params.get('submission') ?? rows[0]?.id ?? '';
  const chosen = rows.find((row) => row.id === chosenId);

  useEffect(
    () =>
      organization
        ? watchSubmissions(
            () => void queryClient.invalidateQueries({ queryKey: submissionKeys.all }),
          )
        : undefined,
    [organization, queryClient],
  );

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name === 'view') next.delete('submission');
        return next;
      },
      { replace: true },
    );

  if (user && !isEditorRole(user.role))
    return <Alert color="gray">{t.reviewQueue.staffOnly}</Alert>;

  return (
    <ListPage
      title={t.reviewQueue.title}
      description={t.reviewQueue.description}
      actions={
        <Anchor component={Link} to="/shows" size="sm">
          {t.reviewQueue.backToShows}
        </Anchor>
      }
      organization={organization}
      toolbar={
        <SegmentedControl
          aria-label={t.reviewQueue.whichSubmissions}
          value={view}
          onChange={(value) => setParam('view', value === 'waiting' ? null : value)}
          data={SUBMISSIONS_VIEWS.map((value) => ({ value, label: t.reviewQueue.views[value] }))}
        />
      }
      query={list}
      loadingLabel={t.reviewQueue.loading}
      isEmpty={() => rows.length === 0}
      empty={view === 'waiting' ? t.reviewQueue.nothingWaiting : t.reviewQueue.noneHere}
    >
      {() => (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" role="list" aria-label={t.reviewQueue.title}>
              {rows.map((row) => (
                <SubmissionItem
                  key={row.id}
                  submission={row}
                  chosen={row.id === chosen?.id}
                  onChoose={() => setParam('submission', row.id)}
                />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {chosen ? (
              <Review key={chosen.id} submission={chosen} />
            ) : (
              <Text c="dimmed">{t.reviewQueue.chooseOne}</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </ListPage>
  );
}

function SubmissionItem({
  submission,
  chosen,
  onChoose,
}: {
  submission: SubmissionRecord;
  chosen: boolean;
  onChoose: () => void;
}) {
  const t = messages();
  const zone = browserTimeZone();
  const clock = useClockSetting();
  const status = submissionStatusBadge(submission.status);
  const sent = fromRecordDate(submission.created);
  return (
    <UnstyledButton
      role="listitem"
      onClick={onChoose}
      aria-current={chosen ? 'true' : undefined}
      data-submission={submission.id}
    >
      <Card withBorder padding="sm" bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}>
        <Stack gap={4}>
          <Text fw={600} lineClamp={2}>
            {submission.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t.reviewQueue.fromWhen(
              submission.submitterName,
              sent === null ? '' : formatUsDateTime(sent, zone, clock),
            )}
          </Text>
          <Group gap={6} wrap="nowrap">
            {submission.media || submission.awaitingFile ? (
              <IconFile size={14} aria-hidden />
            ) : (
              <IconLink size={14} aria-hidden />
            )}
            <Text size="xs" c="dimmed">
              {submission.media || submission.awaitingFile
                ? t.reviewQueue.aFile
                : t.reviewQueue.aLink}
            </Text>
            <Badge color={status.color} variant="light" size="xs">
              {status.label}
            </Badge>
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** The submission's file in the browser's player (a file token: the file is private). */
function Preview({ submission }: { submission: SubmissionRecord }) {
  const t = messages();
  const token = useQuery(fileTokenQuery());
  if (submission.awaitingFile)
    return <Alert color="gray">{t.reviewQueue.fileStillArrivingLong}</Alert>;
  if (!submission.media)
    return submission.mediaUrl ? (
      <Alert color="gray" icon={<IconLink size={18} />}>
        {t.reviewQueue.theShowIsAt}{' '}
        <Anchor href={submission.mediaUrl} target="_blank" rel="noopener noreferrer">
          {submission.mediaUrl} <IconExternalLink size={14} />
        </Anchor>
      </Alert>
    ) : null;
  if (!token.data) return null;
  const src = submissionMediaUrl(submission, token.data);
  const retry = () => void token.refetch();
  const label = t.reviewQueue.previewOf(submission.title);
  return submission.mediaInfo?.video === null ? (
    // biome-ignore lint/a11y/useMediaCaption: a producer's submission, previewed before captions exist
    <audio controls preload="metadata" src={src} aria-label={label} onError={retry} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: a producer's submission, previewed before captions exist
    <video
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      onError={retry}
      style={{ width: '100%', maxHeight: 420, borderRadius: 4, background: 'black' }}
    />
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return value ? (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  ) : null;
}

function Review({ submission }: { submission: SubmissionRecord }) {
  const t = messages();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A new version (pending again) gets a fresh note; the one sent before shows below.
  const [note, setNote] = useState(submission.status === 'pending' ? '' : submission.reviewNote);
  const [noteError, setNoteError] = useState<string | null>(null);
  const status = submissionStatusBadge(submission.status);
  const loudness = loudnessFact(submission.mediaInfo);
  const decide = useMutation({
    mutationFn: (decision: SubmissionDecision) =>
      reviewSubmission(submission.id, decision, note.trim()),
    onSuccess: (saved, decision) => {
      void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
      if (decision === 'approve') void queryClient.invalidateQueries({ queryKey: showKeys.all });
      // An approved show leaves the waiting list: the toast offers its next step.
      toast({
        severity: 'success',
        summary: t.reviewQueue.decided[decision](saved.title),
        ...(decision === 'approve' && saved.show
          ? {
              action: {
                label: t.reviewQueue.scheduleIt,
                onClick: () => navigate(`/timeslots?new=timeslot&show=${saved.show}`),
              },
            }
          : {}),
      });
    },
    onError: (error) => {
      const described = describeError(error);
      setNoteError(described.fieldErrors.note ?? null);
      if (!described.fieldErrors.note)
        toast({
          severity: 'error',
          summary: t.reviewQueue.notSaved,
          detail: described.error ?? undefined,
        });
    },
  });
  const choose = (decision: SubmissionDecision) => {
    if (decision !== 'approve' && note.trim() === '') {
      setNoteError(t.reviewQueue.writeANote);
      return;
    }
    setNoteError(null);
    decide.mutate(decision);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label={submission.title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              {submission.title}
            </Title>
            <Text size="sm" c="dimmed">
              {submission.submitterName} ·{' '}
              <Anchor href={`mailto:${submission.submitterEmail}`} size="sm">
                {submission.submitterEmail}
              </Anchor>
            </Text>
          </div>
          <Badge color={status.color} variant="light" size="lg">
            {status.label}
          </Badge>
        </Group>
        <Preview submission={submission} />
        <Stack gap={4}>
          <Fact label={t.reviewQueue.media} value={mediaFacts(submission)} />
          {loudness && (
            <Group gap="xs" wrap="nowrap" align="baseline">
              <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
                {t.reviewQueue.loudnessLabel}
              </Text>
              <Text size="sm" c={loudness.off ? 'orange.8' : undefined}>
                {loudness.text}
                {loudness.off && ` — ${t.reviewQueue.loudnessOff[loudness.off]}`}
              </Text>
            </Group>
          )}
          <Fact label={t.reviewQueue.runningTime} value={runningTimeOf(submission)} />
          <Fact label={t.reviewQueue.category} value={submission.category} />
          <Fact label={t.reviewQueue.rating} value={submission.rating} />
          <Fact label={t.reviewQueue.language} value={submission.language} />
        </Stack>
        {submission.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {submission.description}
          </Text>
        )}
        {isOpen(submission) ? (
          <Stack gap="sm">
            {submission.status === 'pending' && submission.reviewNote && (
              <SentNote label={t.reviewQueue.earlierNote} note={submission.reviewNote} />
            )}
            <Textarea
              label={t.reviewQueue.noteToProducer}
              description={t.reviewQueue.noteHint}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={noteError}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <Group gap="sm">
              <Button
                color="green"
                onClick={() => choose('approve')}
                loading={decide.isPending && decide.variables === 'approve'}
                disabled={submission.awaitingFile || decide.isPending}
              >
                {t.reviewQueue.approve}
              </Button>
              <Button
                variant="default"
                onClick={() => choose('changes')}
                loading={decide.isPending && decide.variables === 'changes'}
                disabled={decide.isPending}
              >
                {t.reviewQueue.requestChanges}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => choose('reject')}
                loading={decide.isPending && decide.variables === 'reject'}
                disabled={decide.isPending}
              >
                {t.reviewQueue.reject}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="xs">
            {submission.reviewNote && (
              <SentNote label={t.reviewQueue.noteSent} note={submission.reviewNote} />
            )}
            {submission.show && (
              <Group gap="sm">
                <Button component={Link} to={`/shows/${submission.show}`} variant="default">
                  {t.reviewQueue.openShow}
                </Button>
                <Button
                  component={Link}
                  to={`/timeslots?new=timeslot&show=${submission.show}`}
                  leftSection={<IconCalendarPlus size={16} />}
                >
                  {t.reviewQueue.scheduleIt}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The note staff sent the producer, after what it was. */
function SentNote({ label, note }: { label: string; note: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}{' '}
      </Text>
      {note}
    </Text>
  );
}
