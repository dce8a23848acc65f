import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconMovie,
  IconPencil,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { describeError } from '../../ui/forms/server-errors';
import { confirmArchiveShow } from './archive-show';
import { showQueries, thumbnailUrl } from './queries';
import { AiringsCards } from './show-airings-cards';
import { CaptionsCard } from './show-captions-card';
import { DetailsCard } from './show-details-card';
import { DraftAiringsAlert } from './show-draft-alert';
import { ShowFormModal } from './show-form-modal';
import { MediaCard } from './show-media-card';
import { canManageShow, statusBadge } from './show-model';
import { ThumbnailCard } from './show-thumbnail-card';

/**
 * /shows/:show (an id): the show's header and details, its thumbnail and media, and its past
 * and upcoming airings. Another organization's show reads as unknown.
 */
export function ShowPage() {
  const t = messages();
  const { show: id = '' } = useParams();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();

  const record = useQuery(showQueries.one(id));

  if (record.isPending) return <Loader role="status" aria-label={t.shows.loadingShow} />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(record.error).error}
      </Alert>
    );
  }
  const show = record.data;
  if (!show) return <UnknownShow id={id} />;
  const canManage = canManageShow(user, show);
  const status = statusBadge(show.status);
  const archived = show.status === 'archived';

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/shows" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t.shows.allShows}
        </Group>
      </Anchor>
      {/* On a phone the actions go under the title rather than past the screen's edge. */}
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={thumbnailUrl(show) || undefined} size={64} radius="md" alt="">
            <IconMovie size={28} />
          </Avatar>
          <div>
            <Group gap="sm">
              <Title order={1}>{show.title}</Title>
              <Badge color={status.color} variant="light">
                {status.label}
              </Badge>
            </Group>
            {show.subtitle && (
              <Text c="dimmed" size="sm">
                {show.subtitle}
              </Text>
            )}
          </div>
        </Group>
        {canManage && (
          <Group gap="sm" wrap="nowrap">
            <Button
              variant="default"
              color={archived ? undefined : 'red'}
              leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
              onClick={() => confirmArchiveShow(show, queryClient)}
            >
              {archived ? t.shows.restoreShow : t.shows.archiveShow}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              {t.shows.editShow}
            </Button>
          </Group>
        )}
      </Group>
      {archived && <Alert color="gray">{t.shows.thisShowIsArchivedIt}</Alert>}
      <DraftAiringsAlert show={show} canManage={canManage} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailsCard show={show} />
        <Stack gap="lg">
          <ThumbnailCard key={`thumb-${show.updated}`} show={show} canManage={canManage} />
          <MediaCard key={`media-${show.updated}`} show={show} canManage={canManage} />
          <CaptionsCard show={show} canManage={canManage} />
        </Stack>
      </SimpleGrid>
      <AiringsCards show={show} />

      <ShowFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        show={show}
        organization={organization}
      />
    </Stack>
  );
}

function UnknownShow({ id }: { id: string }) {
  const t = messages();
  return (
    <Stack gap="sm" maw={640} py="md">
      <Title order={1}>{t.shows.showNotFound}</Title>
      <Text role="alert">{t.shows.noShowIdInYour(id)}</Text>
      <Anchor component={Link} to="/shows">
        {t.shows.seeAllShows}
      </Anchor>
    </Stack>
  );
}
