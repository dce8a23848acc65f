import { Group, Select, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { memberLabel, type useMembers } from './show-form-modal';
import { CAPTION_STATUSES, type CaptionStatus, captionLabel, type ShowFilters } from './show-model';

/** The shows list's search and filters: by category, producer and captions, never aired, archived. */
export function ShowsFilters({
  filters,
  onFilter: setFilter,
  categories,
  members,
}: {
  filters: ShowFilters;
  /** Changes some of the filters (the list goes back to its first page). */
  onFilter: (next: Partial<ShowFilters>) => void;
  categories: string[];
  members: ReturnType<typeof useMembers>['data'];
}) {
  const t = messages();
  return (
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
        data={(members ?? []).map((member) => ({
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
  );
}
