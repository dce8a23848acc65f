import { todayIn } from '@airgrid/domain';
import { CAMPAIGN_STATUSES } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { describeError } from '../../ui/forms/server-errors';
import { CampaignMenu } from './campaign-actions';
import { CampaignFormModal } from './campaign-form-modal';
import {
  type CampaignFilters,
  type CampaignRow,
  deliveryOf,
  deliveryPercent,
  deliveryText,
  filterCampaigns,
  flightState,
  flightText,
  goalLabel,
  isStaff,
  NO_FILTERS,
  STATUS_COLORS,
  type StatusFilter,
  statusLabel,
} from './campaigns-model';
import { campaignsKeys, campaignsQueries, watchCampaigns } from './queries';

/** A badge beside long text keeps its words whole: the text wraps instead. */
const NO_SHRINK = { flexShrink: 0 } as const;

/** Two filters side by side on a phone (the group's gap is 12 px). */
const HALF = 'calc(50% - 6px)';

/**
 * /campaigns (issue 40): the station's campaigns, filtered by search, sponsor and status, with
 * each one's flight, goal and delivery. Staff add and edit them and change their status; other
 * members read. The API's rules decide; the page only hides what would be refused.
 */
export function CampaignsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const staff = isStaff(String(user?.role ?? ''));
  const queryClient = useQueryClient();
  const campaigns = useQuery(campaignsQueries.list(organization));
  const sponsors = useQuery(campaignsQueries.sponsors(organization));
  const [filters, setFilters] = useState<CampaignFilters>(NO_FILTERS);
  const [open, setOpen] = useState<string | 'new' | null>(null);
  const set = (next: Partial<CampaignFilters>) => setFilters((before) => ({ ...before, ...next }));
  const shown = filterCampaigns(campaigns.data ?? [], filters);
  const zone = useQuery(campaignsQueries.zone(organization)).data ?? 'UTC';
  const today = todayIn(zone, Date.now());

  // The server places booked campaigns: their delivery comes in as it does.
  useEffect(
    () =>
      organization
        ? watchCampaigns(() => void queryClient.invalidateQueries({ queryKey: campaignsKeys.all }))
        : undefined,
    [organization, queryClient],
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t.campaigns.campaigns}</Title>
        <Text c="dimmed" size="sm">
          {staff ? t.campaigns.pageDescriptionStaff : t.campaigns.pageDescriptionMember}
        </Text>
      </div>
      {!organization ? (
        <Alert color="yellow">
          {t.ui.noOrganization}{' '}
          <Anchor component={Link} to="/onboarding">
            {t.ui.setOneUp}
          </Anchor>
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={t.campaigns.search}
                placeholder={t.campaigns.searchCampaigns}
                leftSection={<IconSearch size={16} />}
                value={filters.search}
                onChange={(event) => set({ search: event.currentTarget.value })}
                w={{ base: '100%', xs: 220 }}
              />
              <Select
                label={t.campaigns.sponsor}
                data={[
                  { value: '', label: t.campaigns.allSponsors },
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
                label={t.campaigns.status}
                data={[
                  { value: 'current', label: t.campaigns.statusCurrent },
                  ...CAMPAIGN_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
                  { value: 'all', label: t.campaigns.statusAll },
                ]}
                value={filters.status}
                onChange={(value) => set({ status: (value ?? 'current') as StatusFilter })}
                allowDeselect={false}
                w={{ base: HALF, xs: 170 }}
              />
            </Group>
            {staff && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
                {t.campaigns.newCampaign}
              </Button>
            )}
          </Group>
          {campaigns.isPending ? (
            <Loader role="status" aria-label={t.campaigns.loadingCampaigns} />
          ) : campaigns.isError ? (
            <Alert color="red" role="alert">
              {describeError(campaigns.error).error}
            </Alert>
          ) : shown.length === 0 ? (
            <Text c="dimmed" py="lg">
              {campaigns.data.length > 0
                ? t.campaigns.noCampaignsMatch
                : staff
                  ? t.campaigns.noCampaignsYetStaff
                  : t.campaigns.noCampaignsYet}
            </Text>
          ) : (
            <CampaignsTable
              campaigns={shown}
              staff={staff}
              today={today}
              onEdit={(campaign) => setOpen(campaign.id)}
            />
          )}
          {staff && (
            <CampaignFormModal
              opened={open !== null}
              campaign={
                open === 'new' ? null : (campaigns.data ?? []).find(({ id }) => id === open)
              }
              organization={organization}
              onClose={() => setOpen(null)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function CampaignsTable({
  campaigns,
  staff,
  today,
  onEdit,
}: {
  campaigns: CampaignRow[];
  staff: boolean;
  today: string;
  onEdit: (campaign: CampaignRow) => void;
}) {
  const t = messages().campaigns;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t.campaigns}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>{t.name}</Table.Th>
            <Table.Th visibleFrom="md">{t.sponsor}</Table.Th>
            <Table.Th visibleFrom="sm">{t.flight}</Table.Th>
            <Table.Th visibleFrom="sm">{t.goal}</Table.Th>
            <Table.Th visibleFrom="sm">{t.delivery}</Table.Th>
            <Table.Th>{t.status}</Table.Th>
            {staff && (
              <Table.Th w={50}>
                <VisuallyHidden>{t.actions}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => {
            const sponsor = campaign.expand?.sponsor?.name ?? '';
            const state = flightState(campaign, today);
            const flight = `${flightText(campaign)}${state === 'flying' ? '' : ` (${state === 'over' ? t.over : t.upcoming})`}`;
            const delivery = deliveryOf(campaign);
            return (
              <Table.Tr key={campaign.id} data-campaign={campaign.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/campaigns/${campaign.id}`}
                    size="sm"
                    fw={600}
                    display="block"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {campaign.name}
                  </Anchor>
                  {/* On narrow screens the columns left out are said under the name. */}
                  <Text size="xs" c="dimmed" hiddenFrom="md">
                    {[sponsor, flight].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {goalLabel(campaign.goalSpots, campaign.goalPer)} · {deliveryText(delivery)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{sponsor || '—'}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{flightText(campaign)}</Text>
                  <Text size="xs" c="dimmed">
                    {[
                      state === 'flying' ? '' : state === 'over' ? t.over : t.upcoming,
                      t.channelCount(campaign.channels.length),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {goalLabel(campaign.goalSpots, campaign.goalPer)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <DeliveryCell
                    text={deliveryText(delivery)}
                    percent={deliveryPercent(delivery)}
                    placed={delivery !== null}
                    owed={(delivery?.shortfall ?? 0) > 0}
                  />
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={STATUS_COLORS[campaign.status] ?? 'gray'}
                    w="max-content"
                    style={NO_SHRINK}
                  >
                    {statusLabel(campaign.status)}
                  </Badge>
                </Table.Td>
                {staff && (
                  <Table.Td>
                    <CampaignMenu campaign={campaign} onEdit={() => onEdit(campaign)} />
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

/** The delivery in a row: a thin bar of the goal placed, and the words. */
function DeliveryCell({
  text,
  percent,
  placed,
  owed,
}: {
  text: string;
  percent: number;
  placed: boolean;
  owed: boolean;
}) {
  return (
    <Stack gap={4} data-testid="campaign-delivery">
      {placed && (
        <Progress value={percent} size="sm" w={120} color={owed ? 'orange' : 'teal'} aria-hidden />
      )}
      <Text size="xs" c={placed ? undefined : 'dimmed'}>
        {text}
      </Text>
    </Stack>
  );
}
