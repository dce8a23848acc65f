import {
  formatBytes,
  formatDurationClock,
  formatTime,
  formatUsDate,
  fromRecordDate,
} from '@airgrid/domain';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconMovie,
  IconPencil,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../lib/use-auth';
import { FormError } from '../../ui/form-error';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import { SectionCard } from '../../ui/section-card';
import { confirmArchiveShow } from './archive-show';
import { showKeys, showQueries, thumbnailUrl, updateShow } from './queries';
import { ShowFormModal } from './show-form-modal';
import {
  type AiringRecord,
  canManageShow,
  captionLabel,
  isWebAddress,
  MEDIA_HINT,
  mediaFileProblem,
  type ShowRecord,
  splitAirings,
  statusBadge,
} from './show-model';
import { ShowThumbnailInput } from './show-thumbnail-input';
import { producerOf } from './shows-page';

/**
 * /shows/:show (an id): the show's header and details, its thumbnail and media, and its past
 * and upcoming airings. Another organization's show reads as unknown.
 */
export function ShowPage() {
  const { show: id = '' } = useParams();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();

  const record = useQuery(showQueries.one(id));

  if (record.isPending) return <Loader aria-label="Loading show" />;
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
          All shows
        </Group>
      </Anchor>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
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
              {archived ? 'Restore show' : 'Archive show'}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              Edit show
            </Button>
          </Group>
        )}
      </Group>
      {archived && (
        <Alert color="gray">
          This show is archived: it is left out of the catalogue list. Restore it to list it again.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailsCard show={show} />
        <Stack gap="lg">
          <ThumbnailCard key={`thumb-${show.updated}`} show={show} canManage={canManage} />
          <MediaCard key={`media-${show.updated}`} show={show} canManage={canManage} />
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
  return (
    <Stack gap="sm" maw={640} py="md">
      <Title order={1}>Show not found</Title>
      <Text role="alert">No show “{id}” in your organization.</Text>
      <Anchor component={Link} to="/shows">
        See all shows
      </Anchor>
    </Stack>
  );
}

function DetailsCard({ show }: { show: ShowRecord }) {
  const episode = [
    show.season ? `Season ${show.season}` : '',
    show.episode ? `Episode ${show.episode}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    ['Category', show.category],
    ['Duration', show.durationSec ? formatDurationClock(show.durationSec) : ''],
    ['Producer', producerOf(show)],
    ['Season and episode', episode],
    ['Rating', show.rating],
    ['Language', show.language],
    ['Captions', captionLabel(show.captionStatus)],
    ['Tags', Array.isArray(show.tags) ? show.tags.join(', ') : ''],
  ];
  return (
    <SectionCard title="Details">
      {show.description ? (
        <Text style={{ whiteSpace: 'pre-line' }}>{show.description}</Text>
      ) : (
        <Text c="dimmed" size="sm">
          No description yet.
        </Text>
      )}
      <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label="Show details">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170}>{label}</Table.Th>
              <Table.Td c={value ? undefined : 'dimmed'}>{value || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

function ThumbnailCard({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const [choice, setChoice] = useState<ImageChoice>(KEEP_IMAGE);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm({
    initialValues: {},
    save: () => updateShow(show.id, imagePatch('thumbnail', choice)),
    // The card remounts with the saved record (its key is the record's `updated`).
    invalidate: [showKeys.all],
    success: () => (choice.kind === 'remove' ? 'Thumbnail removed' : 'Thumbnail saved'),
    serverFields: ['thumbnail'],
  });
  const { errors, busy } = form;
  const current = thumbnailUrl(show, '640x360');

  if (!canManage) {
    return (
      <SectionCard title="Thumbnail">
        {current ? (
          <Avatar src={current} w={224} h={126} radius="sm" alt="Thumbnail" />
        ) : (
          <Text c="dimmed" size="sm">
            No thumbnail yet.
          </Text>
        )}
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Thumbnail">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <ShowThumbnailInput
            currentUrl={current}
            choice={choice}
            onChoice={setChoice}
            onChecking={setChecking}
            error={errors.thumbnail}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy || checking} disabled={choice.kind === 'keep'}>
              Save thumbnail
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

function MediaCard({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRecordForm({
    initialValues: { mediaUrl: show.mediaUrl ?? '' },
    validate: ({ mediaUrl }): Record<string, string> => {
      const url = mediaUrl.trim();
      return url !== '' && !isWebAddress(url)
        ? { mediaUrl: 'The media URL must start with http:// or https://.' }
        : {};
    },
    save: ({ mediaUrl }) => updateShow(show.id, { mediaUrl: mediaUrl.trim() }),
    // The card remounts with the saved record (its key is the record's `updated`).
    invalidate: [showKeys.all],
    success: (_saved, { mediaUrl }) => (mediaUrl.trim() ? 'Media URL saved' : 'Media URL removed'),
    serverFields: ['media', 'mediaUrl'],
  });
  const { errors, busy, formError } = form;
  const mediaUrl = form.values.mediaUrl;
  const size = useQuery(showQueries.mediaSize(show));
  const urlChanged = mediaUrl.trim() !== (show.mediaUrl ?? '');

  function choose(chosen: File | null) {
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    const found = mediaFileProblem(chosen);
    if (found) setProblem(found);
    else setFile(chosen);
  }

  async function onUpload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    await form.run({
      save: () => updateShow(show.id, { media: file }),
      success: () => `${file.name} uploaded`,
    });
  }

  return (
    <SectionCard title="Media">
      <Stack gap="sm">
        <FormError error={formError} />
        {show.media ? (
          <Group gap="xs" data-testid="show-media">
            <IconMovie size={18} />
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {show.media}
            </Text>
            <Text size="sm" c="dimmed">
              {size.data ? formatBytes(size.data) : ''}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No media file yet.
          </Text>
        )}
        {canManage && (
          <form onSubmit={onUpload} noValidate>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <FileInput
                label={show.media ? 'Replace the media file' : 'Media file'}
                description={MEDIA_HINT}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder="Choose a video or audio file"
                accept="video/*,audio/*"
                leftSection={<IconUpload size={16} />}
                value={file}
                onChange={choose}
                clearable
                error={problem ?? errors.media}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} loading={busy} disabled={!file}>
                Upload
              </Button>
            </Group>
            {file && (
              <Text size="xs" c="dimmed" mt={4}>
                {file.name}, {formatBytes(file.size)}
              </Text>
            )}
          </form>
        )}
        {canManage ? (
          <form onSubmit={form.submit} noValidate>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label="Media URL"
                description="Or where the media lives already, e.g. a video host."
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder="https://"
                value={mediaUrl}
                onChange={(event) => form.set({ mediaUrl: event.currentTarget.value })}
                error={errors.mediaUrl}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="default" mt={25} loading={busy} disabled={!urlChanged}>
                Save URL
              </Button>
            </Group>
          </form>
        ) : (
          show.mediaUrl && (
            <Anchor href={show.mediaUrl} target="_blank" rel="noreferrer" size="sm">
              {show.mediaUrl}
            </Anchor>
          )
        )}
      </Stack>
    </SectionCard>
  );
}

/** Airings listed per card: the nearest ones; the schedule has the rest. */
const AIRINGS_SHOWN = 10;

function AiringsCards({ show }: { show: ShowRecord }) {
  const query = useQuery(showQueries.airings(show.id));
  const { upcoming, past } = splitAirings(query.data ?? [], Date.now());

  const body = (list: AiringRecord[], empty: string, label: string) =>
    query.isPending ? (
      <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} />
    ) : query.isError ? (
      <Text c="red" role="alert">
        {describeError(query.error).error}
      </Text>
    ) : list.length === 0 ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <Stack gap={4}>
        <AiringsTable airings={list.slice(0, AIRINGS_SHOWN)} label={label} />
        {list.length > AIRINGS_SHOWN && (
          <Text size="xs" c="dimmed">
            {list.length - AIRINGS_SHOWN} more not shown.{' '}
            <Anchor component={Link} to="/timeslots" size="xs">
              Open the schedule
            </Anchor>
          </Text>
        )}
      </Stack>
    );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SectionCard title="Upcoming">
        {body(upcoming, 'Not scheduled to air.', 'Upcoming airings')}
      </SectionCard>
      <SectionCard title="Past airings">
        {body(past, 'Has not aired yet.', 'Past airings')}
      </SectionCard>
    </SimpleGrid>
  );
}

function AiringsTable({ airings, label }: { airings: AiringRecord[]; label: string }) {
  return (
    <Table verticalSpacing={6} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Channel</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Time</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {airings.map((airing) => {
          const channel = airing.expand?.channel;
          const zone = channel?.timeZone || 'UTC';
          const start = fromRecordDate(airing.start) ?? 0;
          const end = start + airing.durationSec * 1000;
          return (
            <Table.Tr key={airing.id}>
              <Table.Td>
                {channel ? (
                  <Anchor component={Link} to={`/channels/${channel.id}`} size="sm">
                    {channel.name}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsDate(start, zone)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={`Times in ${zone}`} style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(start, zone)} – {formatTime(end, zone)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
