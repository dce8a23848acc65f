import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconBroadcast, IconCheck, IconCopy, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../lib/use-auth';
import {
  type ChannelRecord,
  canManageChannels,
  DEFAULT_BUMPER_TITLE,
} from '../../shared/channels/channel-model';
import {
  airingTimes,
  groupByDay,
  nowAndNext,
  nowAndNextWindow,
  slotTimes,
  weekWindow,
} from '../../shared/channels/channel-schedule';
import { toChart } from '../../shared/schedule/guide-chart';
import { FormError } from '../../ui/form-error';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import { SectionCard } from '../../ui/section-card';
import { Timeline } from '../../ui/timeline';
import { feedUrls } from './channel-feeds';
import { ChannelFormModal } from './channel-form-modal';
import { ChannelImageInput } from './channel-image-input';
import {
  bumperImageUrl,
  channelGuide,
  channelKeys,
  channelQueries,
  logoUrl,
  updateChannel,
} from './queries';

/** How often now and next is read again, so the page follows the schedule. */
const NOW_REFRESH_MS = 60_000;

/**
 * /channels/:channel (an id): the channel's header, now and next, this week's timeslots, its
 * bumper, and its feed URLs. Another organization's channel reads as unknown.
 */
export function ChannelPage() {
  const { channel: id = '' } = useParams();
  const { user } = useAuth();
  const canManage = canManageChannels(user?.role);
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const [editing, setEditing] = useState(false);

  const record = useQuery(channelQueries.one(id, organization));

  if (record.isPending) return <Loader aria-label="Loading channel" />;
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
          All channels
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
                {channel.public ? 'Public' : 'Private'}
              </Badge>
              {channel.archived && (
                <Badge color="gray" variant="outline">
                  Archived
                </Badge>
              )}
            </Group>
            <Text c="dimmed" size="sm">
              Channel {channel.number} · {channel.slug} · {channel.timeZone}
            </Text>
          </div>
        </Group>
        {canManage && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            onClick={() => setEditing(true)}
          >
            Edit channel
          </Button>
        )}
      </Group>
      {channel.description && <Text>{channel.description}</Text>}
      {channel.archived && (
        <Alert color="gray">
          This channel is archived: it is left out of the guide and the feeds, so nothing airs on
          it. Restore it from the channels list.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NowAndNextCard channel={channel} />
        <StreamCard channel={channel} />
      </SimpleGrid>
      <WeekCard channel={channel} />
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
  return (
    <Stack gap="sm" maw={640} py="md">
      <Title order={1}>Channel not found</Title>
      <Text role="alert">No channel “{id}” in your organization.</Text>
      <Anchor component={Link} to="/channels">
        See all channels
      </Anchor>
    </Stack>
  );
}

function NowAndNextCard({ channel }: { channel: ChannelRecord }) {
  const query = useQuery({
    queryKey: channelKeys.nowNext(channel.id),
    refetchInterval: NOW_REFRESH_MS,
    queryFn: async () => {
      const now = Date.now();
      const response = await channelGuide(nowAndNextWindow(now), channel.id);
      return { at: now, ...nowAndNext(response.timeslots, now) };
    },
  });
  const bumper = channel.bumperTitle || DEFAULT_BUMPER_TITLE;

  return (
    <SectionCard title="Now and next">
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading now and next" />
      ) : query.isError ? (
        <Text c="red" role="alert">
          {describeError(query.error).error}
        </Text>
      ) : (
        <Stack gap="md">
          <Airing
            label="Now"
            testId="channel-now"
            title={query.data.now?.show.title}
            times={query.data.now && airingTimes(query.data.now, channel.timeZone, query.data.at)}
            empty={`Nothing scheduled now: viewers see the bumper, “${bumper}”.`}
          />
          <Airing
            label="Next"
            testId="channel-next"
            title={query.data.next?.show.title}
            times={query.data.next && airingTimes(query.data.next, channel.timeZone, query.data.at)}
            empty="Nothing scheduled in the next 24 hours."
          />
          <Text size="xs" c="dimmed">
            Times in {channel.timeZone}.
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}

function Airing({
  label,
  testId,
  title,
  times,
  empty,
}: {
  label: string;
  testId: string;
  title: string | undefined;
  times: string | null | undefined;
  empty: string;
}) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {title ? (
        <>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {times}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </div>
  );
}

function StreamCard({ channel }: { channel: ChannelRecord }) {
  return (
    <SectionCard title="Stream">
      {channel.streamUrl ? (
        <Stack gap={4}>
          <Badge color="blue" variant="dot">
            Stream URL set
          </Badge>
          <Anchor
            href={channel.streamUrl}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {channel.streamUrl}
          </Anchor>
          <Text size="sm" c="dimmed">
            The watch page plays this stream, and shows the bumper when nothing is scheduled.
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Badge color="gray" variant="dot">
            No stream URL
          </Badge>
          <Text size="sm" c="dimmed">
            Without a stream URL the watch page shows the bumper. Add one with Edit channel.
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}

function WeekCard({ channel }: { channel: ChannelRecord }) {
  const week = weekWindow(Date.now(), channel.timeZone);
  const query = useQuery({
    queryKey: channelKeys.week(channel.id, week.monday, channel.timeZone),
    queryFn: () => channelGuide(week, channel.id),
  });
  const days = query.data ? groupByDay(query.data.timeslots, week.monday, channel.timeZone) : [];
  const count = query.data?.timeslots.length ?? 0;
  const chart = useMemo(() => (query.data ? toChart(query.data) : null), [query.data]);

  return (
    <SectionCard title="This week">
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading this week" />
      ) : query.isError ? (
        <Text c="red" role="alert">
          {describeError(query.error).error}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {count === 0
              ? 'Nothing scheduled this week.'
              : `${count} ${count === 1 ? 'timeslot' : 'timeslots'}, ${days[0]?.label} to ${days[6]?.label}, in ${channel.timeZone}.`}{' '}
            <Anchor component={Link} to="/timeslots" size="sm">
              Open the schedule
            </Anchor>
          </Text>
          {chart && count > 0 && (
            <div style={{ overflowX: 'auto' }}>
              <Timeline
                aria-label={`Week timeline of ${channel.name}`}
                rows={chart.rows}
                bars={chart.bars}
                from={Date.parse(week.from)}
                to={Date.parse(week.to)}
                precision="date"
                timeZone={channel.timeZone}
              />
            </div>
          )}
          {count > 0 && (
            <Stack gap={0}>
              {days.map((day) => (
                <Group
                  key={day.date}
                  data-testid={`week-${day.date}`}
                  align="flex-start"
                  wrap="nowrap"
                  gap="md"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Text size="sm" fw={600} w={170} style={{ flexShrink: 0 }}>
                    {day.label}
                  </Text>
                  {day.timeslots.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      Nothing scheduled
                    </Text>
                  ) : (
                    <SimpleGrid
                      component="ul"
                      cols={{ base: 1, md: 2 }}
                      spacing="md"
                      verticalSpacing={4}
                      style={{ listStyle: 'none', padding: 0, margin: 0, flex: 1 }}
                    >
                      {day.timeslots.map((slot) => (
                        <Text component="li" key={slot.id} size="sm" truncate="end">
                          <Text span c="dimmed" size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {slotTimes(slot, channel.timeZone)}
                          </Text>{' '}
                          {slot.show.title}
                        </Text>
                      ))}
                    </SimpleGrid>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

/** The bumper: what viewers see when nothing is on. Editors and above change it. */
function BumperCard({ channel, canManage }: { channel: ChannelRecord; canManage: boolean }) {
  const [image, setImage] = useState<ImageChoice>(KEEP_IMAGE);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm({
    initialValues: { title: channel.bumperTitle, description: channel.bumperDescription },
    save: ({ title, description }) =>
      updateChannel(channel.id, {
        bumperTitle: title.trim(),
        bumperDescription: description.trim(),
        ...imagePatch('bumperImage', image),
      }),
    // The card remounts with the saved record (its key is the record's `updated`).
    invalidate: [channelKeys.all],
    success: () => 'Bumper saved',
    serverFields: ['bumperTitle', 'bumperDescription', 'bumperImage'],
  });
  const { values, errors, busy } = form;
  const changed =
    values.title !== channel.bumperTitle ||
    values.description !== channel.bumperDescription ||
    image.kind !== 'keep';
  const currentImage = bumperImageUrl(channel, '100x100');

  function onCancel() {
    form.reset();
    setImage(KEEP_IMAGE);
  }

  return (
    <SectionCard title="Bumper">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            What viewers see when nothing is on or the stream is down.
          </Text>
          <FormError error={form.formError} />
          <TextInput
            label="Bumper title"
            description={`Left empty, viewers see “${DEFAULT_BUMPER_TITLE}”.`}
            placeholder={DEFAULT_BUMPER_TITLE}
            maxLength={120}
            value={values.title}
            onChange={(event) => form.set({ title: event.currentTarget.value })}
            error={errors.bumperTitle}
            disabled={!canManage}
          />
          <Textarea
            label="Bumper description"
            placeholder="e.g. Regular programming resumes shortly."
            autosize
            minRows={2}
            maxLength={500}
            value={values.description}
            onChange={(event) => form.set({ description: event.currentTarget.value })}
            error={errors.bumperDescription}
            disabled={!canManage}
          />
          <ChannelImageInput
            field="bumperImage"
            label="Bumper image"
            currentUrl={currentImage}
            choice={image}
            onChoice={setImage}
            onChecking={setChecking}
            error={errors.bumperImage}
            disabled={!canManage}
          />
          {canManage && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} disabled={busy || !changed}>
                Cancel
              </Button>
              <Button type="submit" loading={busy || checking} disabled={!changed}>
                Save bumper
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}

function FeedsCard({ channel, organization }: { channel: ChannelRecord; organization: string }) {
  const org = useQuery(channelQueries.organization(organization));

  return (
    <SectionCard title="Feeds and embed">
      {org.isPending ? (
        <Loader size="sm" aria-label="Loading feeds" />
      ) : org.isError ? (
        <Text c="red" role="alert">
          {describeError(org.error).error}
        </Text>
      ) : (
        <Stack gap="sm">
          {feedUrls(window.location.origin, org.data.slug, channel.slug).map((feed) => (
            <div key={feed.label}>
              <Text size="sm" fw={600}>
                {feed.label}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`${feed.label} URL`}
                  value={feed.url}
                  readOnly
                  size="xs"
                  style={{ flex: 1 }}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={feed.url} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={`Copy the ${feed.label} URL`}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {feed.description}
              </Text>
            </div>
          ))}
          {!channel.public && (
            <Text size="xs" c="dimmed">
              This channel is private, so the M3U playlist leaves it out.
            </Text>
          )}
          <Text size="sm">
            Widgets for other websites (guide, player, now/next, upcoming list) are configured under{' '}
            <Anchor component={Link} to="/embeds">
              Embeds
            </Anchor>
            .
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
