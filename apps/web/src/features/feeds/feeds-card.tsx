import { Alert, Anchor, Badge, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { FeedInstructions } from './feed-instructions';
import { FeedUrlRow } from './feed-url-row';
import { type FeedsView, feedsView, noGuideReason, playlistNote } from './feeds-model';
import { feedQueries } from './feeds-queries';

/**
 * The organization's public feeds (PRODUCT.md "Outputs"): its XMLTV guide and M3U playlist, a
 * calendar per channel and an RSS feed per podcast, at this server's address; what is left
 * out and why; and where each address goes in Plex, Jellyfin, Kodi, calendar and podcast apps.
 */
export function FeedsCard({ organization }: { organization: string }) {
  const t = messages();
  const record = useQuery(feedQueries.organization(organization));
  const channels = useQuery(feedQueries.channels(organization));
  const podcasts = useQuery(feedQueries.podcasts(organization));
  const failed = record.error ?? channels.error ?? podcasts.error;

  let body: ReactNode;
  if (failed) {
    body = (
      <Text c="red" role="alert">
        {describeError(failed).error}
      </Text>
    );
  } else if (!record.data || !channels.data || !podcasts.data) {
    body = <Loader role="status" size="sm" aria-label={t.feeds.loadingFeeds} />;
  } else {
    body = (
      <FeedsList
        view={feedsView(window.location.origin, record.data, channels.data, podcasts.data)}
      />
    );
  }
  return (
    <SectionCard title={t.feeds.title}>
      <Text size="sm" c="dimmed">
        {t.feeds.feedsIntro}
      </Text>
      {body}
    </SectionCard>
  );
}

function FeedsList({ view }: { view: FeedsView }) {
  const t = messages();
  const i = t.feeds;
  const { guide } = view;
  if (guide.status === 'archived') {
    return (
      <Alert color="gray" role="status">
        {noGuideReason(guide)}
      </Alert>
    );
  }
  const note = playlistNote(guide);
  return (
    <Stack gap="lg" mt="xs">
      <Section title={i.guideAndPlaylist}>
        {guide.status === 'published' ? (
          <>
            <FeedUrlRow label={i.xmltvGuide} description={i.xmltvDescription} url={guide.xmltv} />
            <FeedUrlRow label={i.m3uPlaylist} description={i.m3uDescription} url={guide.m3u}>
              {note && (
                <Group gap={6} wrap="nowrap" align="flex-start" role="note">
                  <IconAlertTriangle
                    size={14}
                    color="var(--mantine-color-orange-filled)"
                    aria-hidden
                    style={{ flexShrink: 0, marginTop: 2 }}
                  />
                  <Text size="xs">{note}</Text>
                </Group>
              )}
            </FeedUrlRow>
          </>
        ) : (
          <Alert color="blue" variant="light" role="note">
            {noGuideReason(guide)}{' '}
            <Anchor component={Link} to="/channels" size="sm">
              {i.goToChannels}
            </Anchor>
          </Alert>
        )}
      </Section>

      {view.calendars.length > 0 && (
        <Section title={i.calendars} description={i.calendarsDescription}>
          {view.calendars.map((channel) => (
            <RecordFeedRow
              key={channel.id}
              name={channel.name}
              to={`/channels/${channel.id}`}
              label={i.calendarOf(channel.name)}
              url={channel.url}
              privateNote={i.privateChannel}
              openPage={i.openChannelPage(channel.name)}
            />
          ))}
        </Section>
      )}

      <Section title={i.podcasts} description={i.podcastsDescription}>
        {view.podcasts.length === 0 ? (
          <Text size="sm">
            {i.noPodcasts}{' '}
            <Anchor component={Link} to="/podcasts">
              {i.goToPodcasts}
            </Anchor>
          </Text>
        ) : (
          view.podcasts.map((podcast) => (
            <RecordFeedRow
              key={podcast.id}
              name={podcast.title}
              to={`/podcasts/${podcast.id}`}
              label={i.feedOf(podcast.title)}
              url={podcast.url}
              privateNote={i.privatePodcast}
              openPage={i.openPodcastPage(podcast.title)}
            />
          ))
        )}
      </Section>

      <Divider />
      <FeedInstructions />
    </Stack>
  );
}

/** A group of rows under a third-level heading. */
function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h5">
          {title}
        </Title>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

/**
 * A channel's calendar or a podcast's feed; without an address (private), marked private, with
 * how to publish it and a link to the page where that is done.
 */
function RecordFeedRow({
  name,
  to,
  label,
  url,
  privateNote,
  openPage,
}: {
  name: string;
  to: string;
  label: string;
  url: string | null;
  privateNote: string;
  /** The private row's link to the page where it is made public. */
  openPage: string;
}) {
  const t = messages();
  if (url) return <FeedUrlRow label={label} title={name} url={url} />;
  return (
    <div>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Badge size="sm" variant="light" color="gray">
          {t.feeds.privateBadge}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {privateNote}{' '}
        <Anchor component={Link} to={to} inherit>
          {openPage}
        </Anchor>
      </Text>
    </div>
  );
}
