import { isAdminRole } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { AffidavitCard } from './affidavit-card';
import { ACTION_ICONS, useCampaignActions } from './campaign-actions';
import { CampaignFormModal } from './campaign-form-modal';
import {
  actionLabel,
  type CampaignDetail,
  canDelete,
  daypartLabel,
  flightText,
  goalLabel,
  isStaff,
  minutesText,
  moneyText,
  rotationShares,
  STATUS_COLORS,
  spotRuntime,
  statusActions,
  statusLabel,
} from './campaigns-model';
import { DeliveryCard } from './delivery-card';
import { PlacementsCard } from './placements-card';
import { campaignsKeys, campaignsQueries, watchCampaigns } from './queries';

/**
 * /campaigns/:campaign (an id): the campaign's settings and rotation, its delivery against the
 * goal, and its placements. Staff edit it and change its status; other members read. Another
 * organization's campaign reads as unknown.
 */
export function CampaignPage() {
  const t = messages().campaigns;
  const { campaign: id = '' } = useParams();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const staff = isStaff(String(user?.role ?? ''));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const record = useQuery(campaignsQueries.one(id));
  const zone = useQuery(campaignsQueries.zone(organization)).data ?? 'UTC';
  const currency = useQuery(campaignsQueries.currency(organization)).data ?? 'USD';
  const actions = useCampaignActions();

  // The server places the campaign again when it or the schedule changes: follow it.
  useEffect(
    () =>
      watchCampaigns(() => void queryClient.invalidateQueries({ queryKey: campaignsKeys.all }), id),
    [id, queryClient],
  );

  if (record.isPending) return <Loader role="status" aria-label={t.loadingCampaign} />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(record.error).error}
      </Alert>
    );
  }
  const campaign = record.data;
  if (!campaign) return <UnknownCampaign id={id} />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/campaigns" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t.allCampaigns}
        </Group>
      </Anchor>
      {/* On a phone the actions go under the title rather than past the screen's edge. */}
      <Group justify="space-between" align="center" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {campaign.name}
            </Title>
            <Badge color={STATUS_COLORS[campaign.status] ?? 'gray'} variant="light">
              {statusLabel(campaign.status)}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {[campaign.expand?.sponsor?.name, flightText(campaign)].filter(Boolean).join(' · ')}
          </Text>
        </div>
        {staff && (
          <Group gap="sm">
            {statusActions(campaign.status).map((which) => {
              const Icon = ACTION_ICONS[which];
              return (
                <Button
                  key={which}
                  variant={which === 'book' || which === 'resume' ? 'filled' : 'default'}
                  color={which === 'end' ? 'red' : undefined}
                  leftSection={<Icon size={16} />}
                  loading={actions.pending === which}
                  disabled={actions.busy && actions.pending !== which}
                  onClick={() => actions.change(campaign, which)}
                >
                  {actionLabel(which)}
                </Button>
              );
            })}
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              {t.edit}
            </Button>
            {canDelete(campaign) && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => actions.remove(campaign, () => navigate('/campaigns'))}
              >
                {t.delete}
              </Button>
            )}
          </Group>
        )}
      </Group>

      <DeliveryCard campaign={campaign} zone={zone} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SettingsCard campaign={campaign} currency={currency} />
        <RotationCard campaign={campaign} />
      </SimpleGrid>
      <AffidavitCard
        key={`${campaign.flightStart}:${campaign.flightEnd}`}
        campaign={campaign}
        zone={zone}
        canInvoice={isAdminRole(user?.role)}
      />
      <PlacementsCard campaign={campaign.id} zone={zone} />

      {staff && (
        <CampaignFormModal
          opened={editing}
          campaign={campaign}
          organization={organization}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}

/** The campaign's settings, as facts. */
function SettingsCard({ campaign, currency }: { campaign: CampaignDetail; currency: string }) {
  const t = messages().campaigns;
  const channels = campaign.expand?.channels ?? [];
  const cap = (value: number) => (value > 0 ? String(value) : t.noCap);
  const facts: [string, string[]][] = [
    [t.sponsor, [campaign.expand?.sponsor?.name ?? '—']],
    [t.flight, [flightText(campaign)]],
    [
      t.channels,
      channels.length > 0 ? [channels.map((channel) => channel.name).join(', ')] : ['—'],
    ],
    [t.dayparts, campaign.dayparts?.length ? campaign.dayparts.map(daypartLabel) : [t.anyTime]],
    [t.goal, [goalLabel(campaign.goalSpots, campaign.goalPer)]],
    [t.caps, [t.capsText(cap(campaign.capPerHour), cap(campaign.capPerProgramme))]],
    [
      t.separation,
      [
        t.separationText(
          minutesText(campaign.sponsorSeparationMin),
          campaign.competitiveCategory
            ? t.categoryText(
                minutesText(campaign.categorySeparationMin),
                campaign.competitiveCategory,
              )
            : t.noCategory,
        ),
      ],
    ],
    [t.priority, [String(campaign.priority)]],
    [t.rate, [campaign.rate > 0 ? moneyText(campaign.rate, currency) : '—']],
  ];
  if (campaign.notes) facts.push([t.notes, [campaign.notes]]);
  return (
    <SectionCard title={t.settings}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {facts.map(([label, lines]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            {lines.map((line) => (
              <Text
                key={line}
                size="sm"
                style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              >
                {line}
              </Text>
            ))}
          </div>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

/** The spots of the rotation: runtime, weight and share. */
function RotationCard({ campaign }: { campaign: CampaignDetail }) {
  const t = messages().campaigns;
  const spots = campaign.expand?.ads ?? [];
  const shares = rotationShares(campaign.ads, campaign.weights);
  return (
    <SectionCard title={t.rotation}>
      {spots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noSpotsInRotation}
        </Text>
      ) : (
        <Table verticalSpacing={6} aria-label={t.rotation}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.spot}</Table.Th>
              <Table.Th visibleFrom="sm">{t.duration}</Table.Th>
              <Table.Th visibleFrom="sm" ta="right">
                {t.weight}
              </Table.Th>
              <Table.Th ta="right" title={t.shareOfRotation}>
                {t.shareShort}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {spots.map((spot) => {
              const weight = campaign.weights?.[spot.id] ?? 1;
              return (
                <Table.Tr key={spot.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {spot.title}
                      </Text>
                      {spot.status !== 'active' && (
                        <Badge size="xs" variant="light" color="gray">
                          {spot.status === 'archived' ? t.spotStatusArchived : t.spotStatusDraft}
                        </Badge>
                      )}
                    </Group>
                    {/* On a phone the runtime and weight are said under the title. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {t.runtimeAndWeight(spotRuntime(spot), weight)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {spotRuntime(spot)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" ta="right">
                    <Text size="sm">{weight}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{t.share(shares[spot.id] ?? 0)}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}

function UnknownCampaign({ id }: { id: string }) {
  const t = messages().campaigns;
  return (
    <Stack gap="sm" maw={640} py="md">
      <Title order={1}>{t.campaignNotFound}</Title>
      <Text role="alert">{t.noCampaignWithId(id)}</Text>
      <Anchor component={Link} to="/campaigns">
        {t.seeAllCampaigns}
      </Anchor>
    </Stack>
  );
}
