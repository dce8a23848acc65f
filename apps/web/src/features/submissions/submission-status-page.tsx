import {
  Alert,
  Badge,
  Blockquote,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { browserTimeZone } from '../../shared/slug';
import { describeError } from '../../ui/forms/server-errors';
import { submissionQueries } from './queries';
import { formatWhen, statusBadge } from './submission-model';
import { SubmissionRevision } from './submission-revision';

/**
 * /submission/status/:token: what the private link mailed to a submitter shows: the show, the
 * station, where its review stands, the station's note, and when it was sent and last changed;
 * when the station asked for changes or the file never all arrived, a new version to send.
 */
export function SubmissionStatusPage() {
  const t = messages().submission;
  const { token = '' } = useParams();
  const clock = useClockSetting();
  const status = useQuery(submissionQueries.status(token));

  if (status.isPending) return <Loader role="status" aria-label={t.loadingStatus} />;
  if (status.isError) {
    const missing = (status.error as { status?: number }).status === 404;
    return (
      <Stack maw={760} w="100%" mx="auto">
        <Alert
          color={missing ? 'yellow' : 'red'}
          role="alert"
          title={missing ? t.linkNotKnown : t.statusCouldNotBeLoaded}
        >
          {missing ? t.linkNotKnownHint : describeError(status.error).error}
        </Alert>
      </Stack>
    );
  }
  const view = status.data;
  const badge = statusBadge(view.status);
  // The visitor's own zone: the status page has no station zone to go by.
  const zone = browserTimeZone();

  return (
    <Stack maw={760} w="100%" mx="auto" gap="md">
      <Stack gap={4}>
        <Title order={1}>{view.title}</Title>
        <Text c="dimmed">{t.toStation(view.station)}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group gap="sm">
            <Text fw={600}>{t.statusLabel}</Text>
            <Badge color={badge.color} size="lg" variant="light" data-testid="submission-status">
              {badge.label}
            </Badge>
          </Group>
          <Text>{badge.explained}</Text>
          {view.awaitingFile && (
            <Alert color="orange" variant="light" role="status">
              {t.awaitingFile}
            </Alert>
          )}
          {view.reviewNote && (
            <Stack gap={4}>
              <Text fw={600}>{t.stationNote}</Text>
              <Blockquote p="sm" style={{ whiteSpace: 'pre-line' }}>
                {view.reviewNote}
              </Blockquote>
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t.submitted}
              </Text>
              <Text component="dd" m={0}>
                {formatWhen(view.submitted, zone, clock)}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t.updated}
              </Text>
              <Text component="dd" m={0}>
                {formatWhen(view.updated, zone, clock)}
              </Text>
            </div>
          </SimpleGrid>
        </Stack>
      </Card>
      {view.canRevise && <SubmissionRevision key={view.updated} token={token} view={view} />}
    </Stack>
  );
}
