import { isEditorRole } from '@airgrid/schema';
import { Button, Group, Pagination, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconInbox, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { usePhoneLayout } from '../../lib/screen-hint';
import { useAuth } from '../../lib/use-auth';
import { waitingSubmissionsQuery } from '../../shared/submissions/waiting-submissions';
import { ListPage } from '../../ui/list-page';
import { showQueries } from './queries';
import { ShowFormModal, useMembers } from './show-form-modal';
import {
  canCreateShows,
  canManageShow,
  emptyListMessage,
  NO_FILTERS,
  type ShowFilters,
  type ShowRecord,
  showsFilterParts,
} from './show-model';
import { ShowsFilters } from './shows-filters';
import { ShowCards, ShowsTable } from './shows-list';

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
  const waiting = useQuery({ ...waitingSubmissionsQuery(organization), enabled: staff });
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
        <ShowsFilters
          filters={filters}
          onFilter={setFilter}
          categories={categories}
          members={members.data}
        />
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
