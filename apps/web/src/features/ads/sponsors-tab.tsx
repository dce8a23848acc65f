import type { SponsorRecord } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArchive,
  IconDots,
  IconPencil,
  IconPlus,
  IconRestore,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { filterSponsors, spotCounts } from './ads-model';
import { adsKeys, adsQueries, setSponsorArchived } from './queries';
import { SponsorFormModal } from './sponsor-form-modal';

/** The sponsors: searched, archived ones on request; staff add, edit, archive and restore. */
export function SponsorsTab({ organization, staff }: { organization: string; staff: boolean }) {
  const t = messages().ads;
  const sponsors = useQuery(adsQueries.sponsors(organization));
  const spots = useQuery(adsQueries.spots(organization));
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<SponsorRecord | 'new' | null>(null);
  const shown = filterSponsors(sponsors.data ?? [], search, showArchived);
  const counts = spotCounts(spots.data ?? []);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label={t.search}
            placeholder={t.searchSponsors}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
          />
          <Checkbox
            label={t.showArchived}
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
        {staff && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t.addSponsor}
          </Button>
        )}
      </Group>
      {sponsors.isPending ? (
        <Loader role="status" aria-label={t.loadingSponsors} />
      ) : sponsors.isError ? (
        <Alert color="red" role="alert">
          {describeError(sponsors.error).error}
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" py="lg">
          {sponsors.data.length > 0
            ? t.noSponsorsMatch
            : staff
              ? t.noSponsorsYetStaff
              : t.noSponsorsYet}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t.sponsors}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.name}</Table.Th>
                <Table.Th visibleFrom="sm">{t.contact}</Table.Th>
                <Table.Th visibleFrom="md">{t.billingAddress}</Table.Th>
                <Table.Th>{t.spots}</Table.Th>
                {staff && (
                  <Table.Th w={50}>
                    <VisuallyHidden>{t.actions}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((sponsor) => (
                <Table.Tr key={sponsor.id} data-sponsor={sponsor.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {staff ? (
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          fw={600}
                          ta="left"
                          style={{ overflowWrap: 'anywhere' }}
                          onClick={() => setEditing(sponsor)}
                        >
                          {sponsor.name}
                        </Anchor>
                      ) : (
                        <Text fw={600} size="sm">
                          {sponsor.name}
                        </Text>
                      )}
                      {sponsor.archived && (
                        <Badge variant="light" color="dark" size="sm">
                          {t.archived}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {[sponsor.contactName, sponsor.phone].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{sponsor.contactName}</Text>
                    {sponsor.email && (
                      <Anchor href={`mailto:${sponsor.email}`} size="xs" display="block">
                        {sponsor.email}
                      </Anchor>
                    )}
                    {sponsor.phone && (
                      <Text size="xs" c="dimmed">
                        {sponsor.phone}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <Text size="xs" style={{ whiteSpace: 'pre-line' }}>
                      {sponsor.billingAddress}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t.spotCount(counts.get(sponsor.id) ?? 0)}</Text>
                  </Table.Td>
                  {staff && (
                    <Table.Td>
                      <SponsorMenu sponsor={sponsor} onEdit={() => setEditing(sponsor)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SponsorFormModal
        opened={editing !== null}
        sponsor={editing === 'new' || editing === null ? undefined : editing}
        organization={organization}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function SponsorMenu({ sponsor, onEdit }: { sponsor: SponsorRecord; onEdit: () => void }) {
  const t = messages().ads;
  const action = useAction();
  const archive = (archived: boolean) =>
    action.run({
      save: () => setSponsorArchived(sponsor.id, archived),
      invalidate: [adsKeys.all],
      success: () => (archived ? t.sponsorArchived(sponsor.name) : t.sponsorRestored(sponsor.name)),
      failure: { summary: t.sponsorNotChanged, group: 'sponsor-archive' },
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t.actionsForSponsor(sponsor.name)}
          loading={action.busy}
        >
          <IconDots size={18} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {messages().common.edit}
        </Menu.Item>
        {sponsor.archived ? (
          <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => archive(false)}>
            {t.restore}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => archive(true)}>
            {t.archive}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
