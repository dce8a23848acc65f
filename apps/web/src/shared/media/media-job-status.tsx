import type { JobRecord } from '@airgrid/schema';
import { Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { StatusLine } from '../../ui/status-line';

/**
 * A media job's state in a line (a show's media card, a spot's): waiting, reading the media,
 * making the web copy with its progress, failed and why; then what was read (`summary`).
 */
export function MediaJobStatus({
  job,
  summary,
}: {
  job: JobRecord | null | undefined;
  summary: string | null;
}) {
  const t = messages().media;
  const copying = job?.kind === 'media-transcode';
  const summaryLine = summary && (
    <Text size="sm" c="dimmed" data-testid="media-summary">
      {summary}
    </Text>
  );
  if (job?.state === 'queued' || job?.state === 'running') {
    const doing = copying
      ? job.state === 'queued'
        ? t.waitingToMakeWebCopy
        : t.makingWebCopy(Math.floor(job.progress))
      : job.state === 'queued'
        ? t.waitingToReadTheMedia
        : t.readingTheMedia;
    return (
      <Stack gap={4}>
        {copying && summaryLine}
        <StatusLine tone="busy">
          {job.error && !copying ? t.mediaReadRetrying(job.error) : doing}
        </StatusLine>
      </Stack>
    );
  }
  if (job?.state === 'failed' && copying) {
    return (
      <Stack gap={4}>
        {summaryLine}
        <Text size="sm" c="red" role="alert">
          {t.webCopyFailed(job.error)}
        </Text>
      </Stack>
    );
  }
  if (job?.state === 'failed' && !summary) {
    return (
      <Text size="sm" c="red" role="alert">
        {t.mediaReadFailed(job.error)}
      </Text>
    );
  }
  return summaryLine || null;
}
