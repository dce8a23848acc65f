import { isEditorRole } from '@airgrid/schema';
import { Anchor, Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { ListPage } from '../../ui/list-page';
import { PodcastFormModal } from './podcast-form-modal';
import { coverUrl, podcastQueries } from './queries';

/** /podcasts: the station's podcasts, each with its cover and feed; editors make new ones. */
export function PodcastsPage() {
  const t = messages();
  const { user } = useAuth();
  const navigate = useNavigate();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const canEdit = isEditorRole(user?.role);
  const podcasts = useQuery(podcastQueries.list(organization));
  const [creating, setCreating] = useState(false);
  return (
    <ListPage
      title={t.podcasts.podcasts}
      description={t.podcasts.intro}
      organization={organization}
      actions={
        canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t.podcasts.newPodcast}
          </Button>
        )
      }
      query={podcasts}
      loadingLabel={t.podcasts.loading}
      isEmpty={(list) => list.length === 0}
      empty={<Text c="dimmed">{t.podcasts.none}</Text>}
      after={
        <PodcastFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          organization={organization}
          onSaved={(saved) => void navigate(`/podcasts/${saved.id}`)}
        />
      }
    >
      {(list) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((podcast) => (
            <Card key={podcast.id} withBorder padding="md" component="article">
              <Group wrap="nowrap" align="flex-start">
                <Avatar
                  src={coverUrl(podcast, '100x100') || undefined}
                  alt={t.podcasts.coverOf(podcast.title)}
                  size={72}
                  radius="sm"
                >
                  <IconMicrophone size={28} />
                </Avatar>
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/podcasts/${podcast.id}`} fw={700}>
                    {podcast.title}
                  </Anchor>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {podcast.description || t.podcasts.noDescription}
                  </Text>
                  <Group gap={6}>
                    <Badge variant="light" color={podcast.public ? 'green' : 'gray'}>
                      {podcast.public ? t.podcasts.publicBadge : t.podcasts.privateBadge}
                    </Badge>
                    {podcast.category && (
                      <Badge variant="outline" color="gray">
                        {podcast.category.replace(' > ', ' › ')}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </ListPage>
  );
}
