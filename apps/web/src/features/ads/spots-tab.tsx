import { todayIn } from '@airgrid/domain';
import { AD_CATEGORIES, type AdCategory, type AdStatus } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArchive,
  IconDots,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconRestore,
  IconSearch,
  IconSquareRoundedMinus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import {
  categoryLabel,
  filterSpots,
  loudnessVerdict,
  NO_FILTERS,
  runtimeText,
  type SpotFilters,
  type SpotRow,
  STATUS_COLORS,
  type StatusFilter,
  statusLabel,
  validityState,
  validityText,
} from './ads-model';
import { adsKeys, adsQueries, setSpotStatus } from './queries';
import { SpotModal } from './spot-modal';

/** A badge beside long text keeps its words whole: the text wraps instead. */
const NO_SHRINK = { flexShrink: 0 } as const;

/** Two filters side by side on a phone (the group's gap is 12 px). */
const HALF = 'calc(50% - 6px)';

/** The spot library: filters, the table, and the spot modal (staff add and edit). */
export function SpotsTab({ organization, staff }: { organization: string; staff: boolean }) {
  const t = messages().ads;
  const spots = useQuery(adsQueries.spots(organization));
  const sponsors = useQuery(adsQueries.sponsors(organization));
  const zone = useQuery(adsQueries.zone(organization)).data ?? 'UTC';
  const [filters, setFilters] = useState<SpotFilters>(NO_FILTERS);
  const [open, setOpen] = useState<string | 'new' | null>(null);
  const set = (next: Partial<SpotFilters>) => setFilters((before) => ({ ...before, ...next }));
  const shown = filterSpots(spots.data ?? [], filters);
  const today = todayIn(zone, Date.now());

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t.search}
            placeholder={t.searchSpots}
            leftSection={<IconSearch size={16} />}
            value={filters.search}
            onChange={(event) => set({ search: event.currentTarget.value })}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t.sponsor}
            data={[
              { value: '', label: t.allSponsors },
              { value: 'none', label: t.noSponsor },
              ...(sponsors.data ?? []).map((sponsor) => ({
                value: sponsor.id,
                label: sponsor.name,
              })),
            ]}
            value={filters.sponsor}
            onChange={(value) => set({ sponsor: value ?? '' })}
            allowDeselect={false}
            searchable
            w={{ base: HALF, xs: 200 }}
          />
          <Select
            label={t.category}
            data={[
              { value: '', label: t.allCategories },
              ...AD_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
            ]}
            value={filters.category}
            onChange={(value) => set({ category: (value ?? '') as AdCategory | '' })}
            allowDeselect={false}
            w={{ base: HALF, xs: 170 }}
          />
          <Select
            label={t.status}
            data={[
              { value: 'current', label: t.statusCurrent },
              ...(['draft', 'active', 'archived'] as const).map((value) => ({
                value,
                label: statusLabel(value),
              })),
              { value: 'all', label: t.statusAll },
            ]}
            value={filters.status}
            onChange={(value) => set({ status: (value ?? 'current') as StatusFilter })}
            allowDeselect={false}
            w={{ base: HALF, xs: 180 }}
          />
        </Group>
        {staff && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
            {t.addSpot}
          </Button>
        )}
      </Group>
      {spots.isPending ? (
        <Loader role="status" aria-label={t.loadingSpots} />
      ) : spots.isError ? (
        <Alert color="red" role="alert">
          {describeError(spots.error).error}
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" py="lg">
          {spots.data.length > 0 ? t.noSpotsMatch : staff ? t.noSpotsYetStaff : t.noSpotsYet}
        </Text>
      ) : (
        <SpotsTable spots={shown} staff={staff} today={today} onOpen={(spot) => setOpen(spot.id)} />
      )}
      <SpotModal
        opened={open !== null}
        spotId={open === 'new' ? null : open}
        spots={spots.data ?? []}
        organization={organization}
        sponsors={sponsors.data ?? []}
        staff={staff}
        onCreated={(id) => setOpen(id)}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

function SpotsTable({
  spots,
  staff,
  today,
  onOpen,
}: {
  spots: SpotRow[];
  staff: boolean;
  today: string;
  onOpen: (spot: SpotRow) => void;
}) {
  const t = messages().ads;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t.spots}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>{t.title}</Table.Th>
            <Table.Th visibleFrom="md">{t.sponsor}</Table.Th>
            <Table.Th visibleFrom="sm">{t.category}</Table.Th>
            <Table.Th visibleFrom="sm">{t.runtime}</Table.Th>
            <Table.Th visibleFrom="lg">{t.validity}</Table.Th>
            <Table.Th visibleFrom="sm">{t.loudness}</Table.Th>
            <Table.Th>{t.status}</Table.Th>
            {staff && (
              <Table.Th w={50}>
                <VisuallyHidden>{t.actions}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spots.map((spot) => {
            const sponsor = spot.expand?.sponsor?.name ?? '';
            const validity = validityState(spot, today);
            return (
              <Table.Tr key={spot.id} data-spot={spot.id}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={600}
                    ta="left"
                    display="block"
                    style={{ overflowWrap: 'anywhere' }}
                    onClick={() => onOpen(spot)}
                  >
                    {spot.title}
                  </Anchor>
                  {/* On narrow screens the columns left out are said under the title. */}
                  <Text size="xs" c="dimmed" hiddenFrom="md">
                    {[sponsor, categoryLabel(spot.category)].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {runtimeText(spot)} · {validityText(spot)}
                    {validity !== 'current' && ` (${validity === 'ended' ? t.ended : t.notYet})`}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="lg" visibleFrom="sm">
                    {validityText(spot)}
                    {validity !== 'current' && ` (${validity === 'ended' ? t.ended : t.notYet})`}
                  </Text>
                  <Box hiddenFrom="sm" mt={4}>
                    <LoudnessBadge spot={spot} />
                  </Box>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{sponsor || '—'}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{categoryLabel(spot.category)}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text
                    size="sm"
                    ff={spot.durationSec > 0 ? 'monospace' : undefined}
                    c={spot.durationSec > 0 ? undefined : 'dimmed'}
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="spot-runtime"
                  >
                    {runtimeText(spot)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="lg">
                  <Text size="sm" c={validity === 'current' ? undefined : 'dimmed'}>
                    {validityText(spot)}
                  </Text>
                  {validity !== 'current' && (
                    <Text size="xs" c={validity === 'ended' ? 'orange.8' : 'dimmed'}>
                      {validity === 'ended' ? t.ended : t.notYet}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <LoudnessBadge spot={spot} />
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={STATUS_COLORS[spot.status] ?? 'gray'}
                    w="max-content"
                    style={NO_SHRINK}
                  >
                    {statusLabel(spot.status)}
                  </Badge>
                </Table.Td>
                {staff && (
                  <Table.Td>
                    <SpotMenu spot={spot} onEdit={() => onOpen(spot)} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The loudness against −24 LKFS: a badge (green within ±2, orange off) and how far off in
 * words, the whole sentence on hover and to screen readers.
 */
function LoudnessBadge({ spot }: { spot: SpotRow }) {
  const verdict = spot.media ? loudnessVerdict(spot.mediaInfo) : null;
  if (!verdict)
    return (
      <Text size="sm" c="dimmed" visibleFrom="sm">
        —
      </Text>
    );
  const color = verdict.off === null ? 'green' : verdict.off === 'unknown' ? 'gray' : 'orange';
  return (
    <Tooltip label={verdict.text} multiline w={260} withArrow>
      <Stack gap={2} align="flex-start" data-testid="spot-loudness" aria-label={verdict.text}>
        <Badge variant="light" color={color} style={NO_SHRINK} w="max-content">
          {verdict.label}
        </Badge>
        {verdict.note && verdict.off !== null && (
          <Text size="xs" c="orange.6" style={{ whiteSpace: 'nowrap' }}>
            {verdict.note}
          </Text>
        )}
      </Stack>
    </Tooltip>
  );
}

/** Edit; make active or back to draft; archive, or restore (as a draft). */
function SpotMenu({ spot, onEdit }: { spot: SpotRow; onEdit: () => void }) {
  const t = messages().ads;
  const action = useAction();
  const change = (status: AdStatus) =>
    action.run({
      save: () => setSpotStatus(spot.id, status),
      invalidate: [adsKeys.all],
      success: () =>
        spot.status === 'archived'
          ? t.spotRestored(spot.title)
          : status === 'archived'
            ? t.spotArchived(spot.title)
            : t.spotIsNow(spot.title, statusLabel(status).toLowerCase()),
      failure: { summary: t.statusNotChanged, group: 'spot-status' },
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t.actionsForSpot(spot.title)}
          loading={action.busy}
        >
          <IconDots size={18} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t.edit}
        </Menu.Item>
        {spot.status === 'draft' && spot.media && (
          <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => change('active')}>
            {t.makeActive}
          </Menu.Item>
        )}
        {spot.status === 'active' && (
          <Menu.Item
            leftSection={<IconSquareRoundedMinus size={16} />}
            onClick={() => change('draft')}
          >
            {t.makeDraft}
          </Menu.Item>
        )}
        <Menu.Divider />
        {spot.status === 'archived' ? (
          <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => change('draft')}>
            {t.restore}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => change('archived')}>
            {t.archive}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
