import { formatDuration, slotLengthOf } from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconFileImport,
  IconInbox,
  IconMovie,
  IconPencil,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { usePhoneLayout } from '../../lib/screen-hint';
import { useAuth } from '../../lib/use-auth';
import { ListPage } from '../../ui/list-page';
import { showQueries, thumbnailUrl } from './queries';
import { memberLabel, ShowFormModal, useMembers } from './show-form-modal';
import {
  CAPTION_STATUSES,
  type CaptionStatus,
  canCreateShows,
  canManageShow,
  captionLabel,
  emptyListMessage,
  NO_FILTERS,
  type ShowFilters,
  type ShowRecord,
  showsFilterParts,
  statusBadge,
} from './show-model';
import { submissionQueries } from './submissions-queries';

/** Who produces the show: the member's name, or the free-text producer name. */
export function producerOf(show: ShowRecord): string {
  const member = show.expand?.producer;
  return member ? memberLabel(member) : show.producerName || '';
}

/** Below Mantine's `sm` breakpoint the list is cards: the table's seven columns cut off at the right. */
const PHONE_QUERY = '(max-width: 47.99em)';

/** The form modal's state: closed, a new show, or editing one. */
type Editing = null | { kind: 'new' } | { kind: 'edit'; show: ShowRecord };

/**
 * /shows: the catalogue, searched and filtered on the server a page at a time. Editors and
 * above manage every show, producers their own; viewers read. Import CSV opens the global
 * csv-upload modal for shows; it refetches every query after a successful import
 * (csv-import-wizard.tsx), so this list updates by itself. `?new=show` opens the New show form.
 */
export function ShowsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const canCreate = canCreateShows(user?.role);
  const staff = isEditorRole(user?.role);
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ShowFilters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const askedForNew = searchParams.get('new') === 'show';

  // `/shows?new=show` (the dashboard's quick action) opens the New show form once; the query
  // parameter goes, so a reload or Back does not open it again.
  useEffect(() => {
    if (!askedForNew || !canCreate || organization === '') return;
    setEditing({ kind: 'new' });
    setSearchParams(
      (params) => {
        params.delete('new');
        return params;
      },
      { replace: true },
    );
  }, [askedForNew, canCreate, organization, setSearchParams]);

  const setFilter = (next: Partial<ShowFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const applied = { ...filters, search };
  const { expression, params } = showsFilterParts(applied);

  const list = useQuery(showQueries.list(organization, expression, params, page));
  const waiting = useQuery({ ...submissionQueries.waiting(organization), enabled: staff });
  const categoryList = useQuery(showQueries.categories(organization));
  const members = useMembers(organization);
  const categories = categoryList.data ?? [];
  const rows = list.data?.items ?? [];
  const phone = usePhoneLayout(PHONE_QUERY);
  const totalPages = list.data?.totalPages ?? 0;

  return (
    <ListPage
      title={t.shows.shows}
      description={t.shows.theCatalogueEveryProgrammeYour}
      actions={
        canCreate &&
        organization && (
          <Group gap="sm">
            {staff && (
              <Button
                component={Link}
                to="/shows/submissions"
                variant="default"
                leftSection={<IconInbox size={16} />}
              >
                {waiting.data
                  ? t.reviewQueue.waitingCount(waiting.data)
                  : t.reviewQueue.submissions}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() =>
                navigate({ pathname: '/shows', search: '?import=shows', hash: 'upload-csv' })
              }
            >
              {t.shows.importCsv}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ kind: 'new' })}
            >
              {t.shows.newShow}
            </Button>
          </Group>
        )
      }
      organization={organization}
      toolbar={
        <Group gap="md" align="flex-end">
          <TextInput
            aria-label={t.shows.searchShows}
            placeholder={t.shows.searchByTitleOrDescription}
            leftSection={<IconSearch size={16} />}
            value={filters.search}
            onChange={(event) => setFilter({ search: event.currentTarget.value })}
            w={280}
          />
          <Select
            aria-label={t.shows.category}
            placeholder={t.shows.anyCategory}
            data={categories}
            value={filters.category}
            onChange={(category) => setFilter({ category })}
            clearable
            searchable
            w={170}
          />
          <Select
            aria-label={t.shows.producer}
            placeholder={t.shows.anyProducer}
            data={(members.data ?? []).map((member) => ({
              value: member.id,
              label: memberLabel(member),
            }))}
            value={filters.producer}
            onChange={(producer) => setFilter({ producer })}
            clearable
            searchable
            w={190}
          />
          <Select
            aria-label={t.shows.captionStatus}
            placeholder={t.shows.anyCaptions}
            data={CAPTION_STATUSES.map((status) => ({
              value: status,
              label: captionLabel(status),
            }))}
            value={filters.captionStatus}
            onChange={(status) => setFilter({ captionStatus: status as CaptionStatus | null })}
            clearable
            w={170}
          />
          <Switch
            label={t.shows.neverAired}
            checked={filters.neverAired}
            onChange={(event) => setFilter({ neverAired: event.currentTarget.checked })}
            mb={8}
          />
          <Switch
            label={t.shows.showArchived}
            checked={filters.showArchived}
            onChange={(event) => setFilter({ showArchived: event.currentTarget.checked })}
            mb={8}
          />
        </Group>
      }
      query={list}
      loadingLabel={t.shows.loadingShows}
      isEmpty={() => rows.length === 0}
      empty={emptyListMessage(applied)}
      after={
        <ShowFormModal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          show={editing?.kind === 'edit' ? editing.show : undefined}
          organization={organization}
          categories={categories}
        />
      }
    >
      {(data) => (
        <>
          {phone ? (
            <ShowCards
              shows={rows}
              canManage={(show) => canManageShow(user, show)}
              onEdit={(show) => setEditing({ kind: 'edit', show })}
            />
          ) : (
            <ShowsTable
              shows={rows}
              canManage={(show) => canManageShow(user, show)}
              onEdit={(show) => setEditing({ kind: 'edit', show })}
            />
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {data.totalItems} {data.totalItems === 1 ? 'show' : 'shows'}
            </Text>
            {totalPages > 1 && (
              <Pagination
                total={totalPages}
                value={page}
                onChange={setPage}
                aria-label={t.shows.pages}
              />
            )}
          </Group>
        </>
      )}
    </ListPage>
  );
}

interface ShowListProps {
  shows: ShowRecord[];
  canManage: (show: ShowRecord) => boolean;
  onEdit: (show: ShowRecord) => void;
}

/** The show's thumbnail, or a film glyph. */
/** The show's title, a link to its page, with its subtitle under it; long words wrap. */
function ShowTitle({ show }: { show: ShowRecord }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={`/shows/${show.id}`}
        fw={600}
        style={{ overflowWrap: 'anywhere' }}
      >
        {show.title}
      </Anchor>
      {show.subtitle && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {show.subtitle}
        </Text>
      )}
    </div>
  );
}

function ShowThumbnail({ show }: { show: ShowRecord }) {
  const t = messages();
  return (
    <Avatar
      src={thumbnailUrl(show) || undefined}
      size={40}
      radius="sm"
      alt={show.thumbnail ? t.shows.titleThumbnail(show.title) : ''}
    >
      <IconMovie size={18} />
    </Avatar>
  );
}

/** The pencil that opens the Edit form, for those who may manage the show. */
function EditShowButton({
  show,
  onEdit,
}: {
  show: ShowRecord;
  onEdit: (show: ShowRecord) => void;
}) {
  const t = messages();
  return (
    <Tooltip label={t.common.edit}>
      <ActionIcon
        variant="subtle"
        aria-label={t.shows.editTitle(show.title)}
        onClick={() => onEdit(show)}
      >
        <IconPencil size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The list on a phone: a card a show, with the table's facts and its action, so nothing is cut
 * off at the right of a 390 px screen.
 */
function ShowCards({ shows, canManage, onEdit }: ShowListProps) {
  const t = messages();
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      aria-label={t.shows.shows}
      style={{ listStyle: 'none' }}
    >
      {shows.map((show) => {
        const status = statusBadge(show.status);
        const facts: [string, string][] = [
          [t.shows.category, show.category || '—'],
          [t.shows.lengthColumn, formatDuration(slotLengthOf(show.durationSec), 'length')],
          [t.shows.producer, producerOf(show) || '—'],
          [t.shows.captions, captionLabel(show.captionStatus)],
        ];
        return (
          <Paper component="li" key={show.id} data-show={show.id} withBorder p="sm" radius="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ShowThumbnail show={show} />
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                  <ShowTitle show={show} />
                  {canManage(show) && <EditShowButton show={show} onEdit={onEdit} />}
                </Group>
                <Group gap="xs">
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Group>
                <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing={6} m={0}>
                  {facts.map(([label, value]) => (
                    <div key={label}>
                      <Text component="dt" size="xs" c="dimmed">
                        {label}
                      </Text>
                      <Text component="dd" size="sm" m={0}>
                        {value}
                      </Text>
                    </div>
                  ))}
                </SimpleGrid>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

function ShowsTable({ shows, canManage, onEdit }: ShowListProps) {
  const t = messages();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t.shows.shows}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.shows.show}</Table.Th>
            <Table.Th>{t.shows.category}</Table.Th>
            <Table.Th w={90}>{t.shows.lengthColumn}</Table.Th>
            <Table.Th>{t.shows.producer}</Table.Th>
            <Table.Th w={130}>{t.shows.captions}</Table.Th>
            <Table.Th w={100}>{t.shows.status}</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>{t.shows.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shows.map((show) => {
            const status = statusBadge(show.status);
            return (
              <Table.Tr key={show.id} data-show={show.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ShowThumbnail show={show} />
                    <ShowTitle show={show} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{show.category || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {formatDuration(slotLengthOf(show.durationSec), 'length')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{producerOf(show) || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    c={show.captionStatus === 'complete' ? undefined : 'dimmed'}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {captionLabel(show.captionStatus)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {canManage(show) && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <EditShowButton show={show} onEdit={onEdit} />
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
