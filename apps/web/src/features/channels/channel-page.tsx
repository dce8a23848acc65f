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
import { IconArrowLeft, IconBroadcast, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { canManageChannels } from '../../shared/channels/channel-model';
import { channelSource } from '../../shared/channels/playback';
import { describeError } from '../../ui/forms/server-errors';
import { AsRunCard } from './channel-as-run-card';
import { BumperCard } from './channel-bumper-card';
import { DailyLogCard } from './channel-daily-log-card';
import { FeedsCard } from './channel-feeds-card';
import { FillerCard } from './channel-filler-card';
import { ChannelFormModal } from './channel-form-modal';
import { NowAndNextCard } from './channel-now-next-card';
import { ReadinessCard } from './channel-readiness-card';
import { SourceCard } from './channel-source-card';
import { WeekCard } from './channel-week-card';
import { channelQueries, logoUrl } from './queries';

/**
 * /channels/:channel (an id): the channel's header, now and next, its source, what is ready to
 * air (a playout channel), this week's timeslots, its filler rotation, its as-run log (on
 * playout), its bumper, and its feed URLs. Another organization's channel reads as unknown.
 */
export function ChannelPage() {
  const t = messages();
  const { channel: id = '' } = useParams();
  const { user } = useAuth();
  const canManage = canManageChannels(user?.role);
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const [editing, setEditing] = useState(false);

  const record = useQuery(channelQueries.one(id, organization));

  if (record.isPending) return <Loader role="status" aria-label={t.channels.loadingChannel} />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(record.error).error}
      </Alert>
    );
  }
  const channel = record.data;
  if (!channel) return <UnknownChannel id={id} />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/channels" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t.channels.allChannels}
        </Group>
      </Anchor>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Avatar src={logoUrl(channel) || undefined} size={64} radius="md" alt="">
            <IconBroadcast size={28} />
          </Avatar>
          <div>
            <Group gap="sm">
              <Title order={1}>{channel.name}</Title>
              <Badge color={channel.public ? 'green' : 'gray'} variant="light">
                {channel.public ? t.channels.public : t.channels.private}
              </Badge>
              {channel.archived && (
                <Badge color="gray" variant="outline">
                  {t.channels.archived}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" size="sm">
              {t.channels.channelNumberSlugTimeZone(channel.number, channel.slug, channel.timeZone)}
            </Text>
          </div>
        </Group>
        {canManage && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            onClick={() => setEditing(true)}
          >
            {t.channels.editChannel}
          </Button>
        )}
      </Group>
      {channel.description && <Text>{channel.description}</Text>}
      {channel.archived && <Alert color="gray">{t.channels.thisChannelIsArchivedIt}</Alert>}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NowAndNextCard channel={channel} />
        <SourceCard channel={channel} />
      </SimpleGrid>
      {channelSource(channel) === 'playout' && !channel.archived && (
        <ReadinessCard channel={channel} />
      )}
      <WeekCard channel={channel} />
      <FillerCard channel={channel} organization={organization} canManage={canManage} />
      {channelSource(channel) === 'playout' ? (
        <AsRunCard channel={channel} />
      ) : (
        <DailyLogCard channel={channel} canManage={canManage && !channel.archived} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BumperCard key={channel.updated} channel={channel} canManage={canManage} />
        <FeedsCard channel={channel} organization={organization} />
      </SimpleGrid>

      <ChannelFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        channel={channel}
        organization={organization}
      />
    </Stack>
  );
}

function UnknownChannel({ id }: { id: string }) {
  const t = messages();
  return (
    <Stack gap="sm" maw={640} py="md">
      <Title order={1}>{t.channels.channelNotFound}</Title>
      <Text role="alert">{t.channels.noChannelIdInYour(id)}</Text>
      <Anchor component={Link} to="/channels">
        {t.channels.seeAllChannels}
      </Anchor>
    </Stack>
  );
}
