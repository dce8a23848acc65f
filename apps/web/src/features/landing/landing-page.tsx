import { formatTime, fromRecordDate } from '@airgrid/domain';
import type { GuideResponse } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  ColorSwatch,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconApi,
  IconCalendarTime,
  IconCode,
  IconDeviceTvOld,
  IconLayoutDashboard,
  IconLogin,
  IconPlayerPlay,
  IconUserPlus,
} from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { appConfigQuery } from '../../lib/app-config';
import { firstNow } from '../../lib/page-clock';
import { useAuth } from '../../lib/use-auth';
import { usePageReady } from '../../lib/use-page-ready';
import { slotTimes } from '../../shared/channels/channel-schedule';
import { publicPagePath, stationPath } from '../../shared/stations/station-path';
import { describeError } from '../../ui/forms/server-errors';
import { onNowRows } from './landing-model';
import { landingQueries } from './queries';

const t = messages();

interface Feature {
  title: string;
  body: string;
  icon: Icon;
}

const features: readonly Feature[] = [
  {
    title: t.landing.buildTheSchedule,
    body: t.landing.dragShowsOntoATimeline,
    icon: IconCalendarTime,
  },
  {
    title: t.landing.guideAndFeeds,
    body: t.landing.oneScheduleBecomesTheTv,
    icon: IconDeviceTvOld,
  },
  {
    title: t.landing.watchAndEmbeds,
    body: t.landing.aPublicWatchPageWith,
    icon: IconCode,
  },
  {
    title: t.landing.pocketBaseCompatibleApi,
    body: t.landing.aDocumentedApiThatThe,
    icon: IconApi,
  },
];

/**
 * The public home page: what Airgrid is, and the ways in: sign in or create an account, or for
 * a signed-in user the dashboard; on a deployment with one public station, what is on now on
 * its channels.
 */
export function LandingPage() {
  const t = messages();
  usePageReady();
  const { isSignedIn } = useAuth();
  const config = useQuery(appConfigQuery);
  const single = config.data?.publicOrganization ?? null;
  const onNow = useQuery({ ...landingQueries.onNow(single ?? ''), enabled: single !== null });
  // What follows the hero appears at once, when what is on now is known: shown one after the
  // other, "On now" pushed the feature cards down on a phone (a layout shift).
  const settling = config.isPending || (single !== null && onNow.isPending);
  return (
    <Container size="lg" px={0} py={{ base: 'md', sm: 48 }}>
      <Stack gap={48}>
        <Stack gap="lg" maw={720}>
          <Badge variant="light" size="lg" radius="sm">
            {t.landing.programmeGuideAndScheduling}
          </Badge>
          <Title order={1} fz={{ base: 40, sm: 56 }} lh={1.1}>
            {t.landing.airgridTv}
          </Title>
          <Text size="xl">{t.landing.communityMadeCreativeMediaFrom}</Text>
          <Text size="lg" c="dimmed">
            {t.landing.airgridIsTheProgrammeGuide}
          </Text>
          <Group gap="sm">
            {isSignedIn ? (
              <Button
                component={Link}
                to="/dashboard"
                size="md"
                leftSection={<IconLayoutDashboard size={18} />}
              >
                {t.landing.goToTheDashboard}
              </Button>
            ) : (
              <>
                <Button
                  component={Link}
                  to="/auth/login"
                  size="md"
                  leftSection={<IconLogin size={18} />}
                >
                  {t.landing.signIn}
                </Button>
                <Button
                  component={Link}
                  to="/auth/signup"
                  size="md"
                  variant="default"
                  leftSection={<IconUserPlus size={18} />}
                >
                  {t.landing.createAnAccount}
                </Button>
              </>
            )}
            <Button
              component={Link}
              to={publicPagePath(single, 'tvguide')}
              size="md"
              variant="subtle"
              leftSection={<IconDeviceTvOld size={18} />}
            >
              {t.landing.openTheTvGuide}
            </Button>
          </Group>
        </Stack>

        {settling && (
          // A screen high while it waits, so the footer starts below the fold instead of
          // jumping down when the sections arrive (the last layout shift on a phone).
          <Box mih="100dvh">
            <Loader role="status" aria-label={t.landing.loadingWhatIsOnNow} />
          </Box>
        )}
        {!settling && single && <OnNow guide={onNow} />}

        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 4 }}
          spacing="md"
          display={settling ? 'none' : undefined}
        >
          {features.map(({ title, body, icon: FeatureIcon }) => (
            <Card key={title} withBorder padding="lg">
              <Stack gap="sm">
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  <FeatureIcon size={22} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} size="h4">
                  {title}
                </Title>
                <Text size="sm" c="dimmed">
                  {body}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

/** The single public station's channels: what is on now and next, with links to watch. */
function OnNow({ guide }: { guide: UseQueryResult<GuideResponse> }) {
  const t = messages();
  const now = firstNow();
  if (guide.isPending) return null;
  if (guide.isError) {
    return (
      <Alert color="red" role="alert" title={t.landing.whatIsOnNowCould}>
        {describeError(guide.error).error}
      </Alert>
    );
  }
  const { organization } = guide.data;
  const rows = onNowRows(guide.data, now);
  if (rows.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="on-now-heading">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2} id="on-now-heading">
          {t.landing.onNowAtName(organization.name)}
        </Title>
        <Anchor component={Link} to={stationPath(organization.slug, 'tvguide')} fw={600}>
          {t.landing.fullTvGuide}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="on-now">
        {rows.map(({ channel, now: current, next }) => (
          <Card key={channel.id} withBorder padding="md">
            <Stack gap={6} h="100%">
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch
                  color={channel.color || 'var(--mantine-color-gray-5)'}
                  size={12}
                  aria-hidden
                />
                <Text fw={700} truncate>
                  {channel.name}
                </Text>
                {channel.number > 0 && (
                  <Text size="sm" c="dimmed">
                    {channel.number}
                  </Text>
                )}
              </Group>
              {current ? (
                <div>
                  <Badge size="xs" color="red.9" variant="filled">
                    {t.landing.now}
                  </Badge>
                  <Text fw={600} mt={4} lineClamp={2}>
                    {current.show.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {slotTimes(current, channel.timeZone || organization.timeZone)}
                  </Text>
                </div>
              ) : (
                <Text size="sm" c="dimmed">
                  {t.landing.nothingOnRightNow}
                </Text>
              )}
              {next && (
                <Text size="sm">
                  <Text span c="dimmed">
                    {t.landing.next}{' '}
                  </Text>
                  {t.landing.titleAt(next.show.title)}
                  {formatTime(
                    fromRecordDate(next.start) ?? now,
                    channel.timeZone || organization.timeZone,
                  )}
                </Text>
              )}
              <Button
                component={Link}
                to={stationPath(organization.slug, 'watch', channel.slug)}
                variant="light"
                size="xs"
                mt="auto"
                leftSection={<IconPlayerPlay size={14} />}
                aria-label={t.landing.watchName(channel.name)}
              >
                {t.landing.watch}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
