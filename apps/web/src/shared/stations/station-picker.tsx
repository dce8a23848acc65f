import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { stationQueries } from './queries';
import { StationLogo } from './station-brand';
import { type StationPage, stationPath } from './station-path';

export interface StationPickerProps {
  /** The page each station links to: `/o/{slug}/{page}`. */
  page: StationPage;
  /** Said above the list, e.g. why no station is known. */
  notice?: string;
}

/**
 * Where a public page lands when no station is known: the public stations (not archived, with
 * a public channel), searchable by name and paged; each one links to its own page.
 */
export function StationPicker({ page, notice }: StationPickerProps) {
  const t = messages();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [pageNumber, setPageNumber] = useState(1);
  const stations = useQuery({
    ...stationQueries.list(debounced, pageNumber),
    placeholderData: keepPreviousData,
  });
  const data = stations.data;

  return (
    <Stack gap="md" maw={960} w="100%" mx="auto" data-testid="station-picker">
      <Stack gap={4}>
        <Title order={1}>{t.stations.chooseAStation}</Title>
        <Text c="dimmed">
          {notice ?? t.stations.thisServerCarriesSeveralStations(t.stations.what[page])}
        </Text>
      </Stack>
      <TextInput
        label={t.stations.searchStations}
        placeholder={t.stations.stationName}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPageNumber(1);
        }}
        maw={420}
        maxLength={100}
      />
      {stations.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label={t.stations.loadingStations} />
        </Center>
      ) : stations.isError ? (
        <Alert color="red" role="alert" title={t.stations.theStationsCouldNotBe}>
          {describeError(stations.error).error}
        </Alert>
      ) : data && data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {debounced
            ? t.stations.noStationMatches(debounced)
            : t.stations.noStationHasPublicChannels}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          component="ul"
          aria-label={t.stations.stations}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data?.items.map((station) => (
            <li key={station.id}>
              <UnstyledButton
                component={Link}
                to={stationPath(station.slug, page)}
                w="100%"
                h="100%"
              >
                <Paper withBorder p="sm" radius="md" h="100%">
                  <Group gap="sm" wrap="nowrap">
                    <StationLogo station={station} size={44} />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} lineClamp={2}>
                        {station.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {`/o/${station.slug}`}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
        </SimpleGrid>
      )}
      {data && data.totalPages > 1 && (
        <Pagination
          total={data.totalPages}
          value={pageNumber}
          onChange={setPageNumber}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next'
                ? t.stations.nextPage
                : control === 'previous'
                  ? t.stations.previousPage
                  : control,
          })}
        />
      )}
      <Text size="sm" c="dimmed">
        {t.stations.stationStaffCan}{' '}
        <Anchor component={Link} to={`/auth/login?next=${encodeURIComponent(`/${page}`)}`}>
          {t.stations.signIn}
        </Anchor>{' '}
        {t.stations.toSeeTheirOwnStation}
      </Text>
    </Stack>
  );
}
