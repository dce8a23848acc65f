import { isEditorRole } from '@airgrid/schema';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMicrophone, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { podcastFeedUrl } from '../../shared/feeds/feed-urls';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { DirectoryChecklistCard } from './directory-checklist-card';
import { EpisodesCard } from './episodes-card';
import { PodcastFormModal } from './podcast-form-modal';
import { coverUrl, podcastQueries } from './queries';

/** /podcasts/:podcast: one podcast, its feed for podcast apps, and its episodes. */
export function PodcastPage() {
  const t = messages();
  const { podcast: id = '' } = useParams();
  const { user } = useAuth();
  const canEdit = isEditorRole(user?.role);
  const podcast = useQuery(podcastQueries.one(id));
  const [editing, setEditing] = useState(false);
  if (podcast.isPending) return <Loader role="status" aria-label={t.podcasts.loading} />;
  if (podcast.isError)
    return (
      <Text c="red" role="alert">
        {describeError(podcast.error).error}
      </Text>
    );
  if (!podcast.data)
    return (
      <Stack gap="sm" maw={640} py="md">
        <Title order={1}>{t.podcasts.notFound}</Title>
        <Text role="alert">{t.podcasts.notFoundBody}</Text>
        <Anchor component={Link} to="/podcasts">
          {t.podcasts.allPodcasts}
        </Anchor>
      </Stack>
    );
  const current = podcast.data;
  const feed = podcastFeedUrl(window.location.origin, current.slug);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group wrap="nowrap" align="flex-start">
          <Avatar
            src={coverUrl(current, '100x100') || undefined}
            alt={t.podcasts.coverOf(current.title)}
            size={96}
            radius="sm"
          >
            <IconMicrophone size={36} />
          </Avatar>
          <Stack gap={4}>
            <Title order={1}>{current.title}</Title>
            <Group gap={6}>
              <Badge variant="light" color={current.public ? 'green' : 'gray'}>
                {current.public ? t.podcasts.publicBadge : t.podcasts.privateBadge}
              </Badge>
              {current.category && (
                <Badge variant="outline" color="gray">
                  {current.category.replace(' > ', ' › ')}
                </Badge>
              )}
              {current.explicit && (
                <Badge variant="outline" color="red">
                  {t.podcasts.explicit}
                </Badge>
              )}
            </Group>
            {current.author && (
              <Text size="sm" c="dimmed">
                {current.author}
              </Text>
            )}
          </Stack>
        </Group>
        {canEdit && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            onClick={() => setEditing(true)}
          >
            {t.podcasts.editPodcast}
          </Button>
        )}
      </Group>
      <SectionCard title={t.podcasts.feed}>
        {current.public ? (
          <>
            <Text size="sm" c="dimmed">
              {t.podcasts.feedHint}
            </Text>
            <Group gap="sm" wrap="nowrap" align="flex-end">
              <TextInput
                label={t.podcasts.feedUrl}
                value={feed}
                readOnly
                style={{ flex: 1 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={feed}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t.podcasts.copied : t.podcasts.copy}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Anchor href={publicPagePath(user?.organization, current.slug)} size="sm">
              {t.podcasts.publicPage}
            </Anchor>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t.podcasts.privateHint}
          </Text>
        )}
        {current.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {current.description}
          </Text>
        )}
      </SectionCard>
      <DirectoryChecklistCard podcast={current} />
      <EpisodesCard podcast={current} canEdit={canEdit} />
      <PodcastFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        podcast={current}
        organization={current.organization}
      />
    </Stack>
  );
}

/** The podcast's public page, under its station's public address (decision 0017). */
function publicPagePath(organization: unknown, slug: string): string {
  return `/o/${typeof organization === 'string' ? organization : ''}/podcasts/${slug}`;
}
