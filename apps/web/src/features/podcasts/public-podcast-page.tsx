import { formatDuration, formatUsDate, fromRecordDate } from '@airgrid/domain';
import { Anchor, Avatar, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMicrophone, IconRss } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { podcastFeedUrl } from '../../shared/feeds/feed-urls';
import { browserTimeZone } from '../../shared/slug';
import { describeError } from '../../ui/forms/server-errors';
import { episodeNumber } from './podcast-model';
import { audioUrl, coverUrl, podcastQueries } from './queries';

/**
 * /o/:org/podcasts/:podcast: a public podcast for listeners, signed out: its cover and
 * description, the feed to subscribe to, and each published episode with a player.
 */
export function PublicPodcastPage() {
  const t = messages();
  const { podcast: slug = '' } = useParams();
  const found = useQuery(podcastQueries.publicPodcast(slug));
  const zone = browserTimeZone();
  if (found.isPending) return <Loader role="status" aria-label={t.podcasts.loading} />;
  if (found.isError)
    return (
      <Text c="red" role="alert">
        {describeError(found.error).error}
      </Text>
    );
  if (!found.data)
    return (
      <Stack gap="sm" maw={640} py="md">
        <Title order={1}>{t.podcasts.notFound}</Title>
        <Text role="alert">{t.podcasts.publicNotFound}</Text>
      </Stack>
    );
  const { podcast, episodes } = found.data;
  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <Group align="flex-start" wrap="wrap" gap="lg">
        <Avatar
          src={coverUrl(podcast) || undefined}
          size={160}
          radius="md"
          alt={t.podcasts.coverOf(podcast.title)}
        >
          <IconMicrophone size={48} />
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
          <Title order={1}>{podcast.title}</Title>
          {podcast.author && <Text c="dimmed">{podcast.author}</Text>}
          {podcast.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {podcast.description}
            </Text>
          )}
          <Anchor href={podcastFeedUrl(window.location.origin, podcast.slug)} size="sm" fw={600}>
            <Group gap={4} component="span">
              <IconRss size={16} />
              {t.podcasts.subscribe}
            </Group>
          </Anchor>
        </Stack>
      </Group>
      <Title order={2} size="h3">
        {t.podcasts.episodes}
      </Title>
      {episodes.length === 0 ? (
        <Text c="dimmed">{t.podcasts.noPublishedEpisodes}</Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {episodes.map((episode) => {
            const at = fromRecordDate(episode.publishedAt);
            const details = [
              at === null ? '' : formatUsDate(at, zone),
              episodeNumber(episode),
              episode.durationSec ? formatDuration(episode.durationSec, 'runtime') : '',
            ].filter(Boolean);
            return (
              <Card key={episode.id} withBorder component="li" padding="md">
                <Stack gap={6}>
                  <Title order={3} size="h4">
                    {episode.title}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {details.join(' · ')}
                  </Text>
                  {episode.description && (
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
                      {episode.description}
                    </Text>
                  )}
                  {/* biome-ignore lint/a11y/useMediaCaption: spoken audio; its transcript goes with the feed */}
                  <audio
                    controls
                    preload="none"
                    src={audioUrl(episode)}
                    aria-label={t.podcasts.playEpisode(episode.title)}
                    style={{ width: '100%' }}
                  />
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
