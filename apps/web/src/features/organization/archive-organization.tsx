import { formatUsDate } from '@airgrid/domain';
import type { OrganizationRecord } from '@airgrid/schema';
import { readArchiveRetention } from '@airgrid/schema';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { browserTimeZone } from '../../shared/slug';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { SectionCard } from '../../ui/section-card';
import { ORGANIZATION_SAVE_INVALIDATES, organizationQueries, updateOrganization } from './queries';

const DAY_MS = 24 * 3600 * 1000;

/** When an archived organization is deleted for good, as a date; '' when unknown. */
function deletionDay(organization: OrganizationRecord): string {
  const at = Date.parse(String(organization.archivedAt ?? '').replace(' ', 'T'));
  if (!Number.isFinite(at)) return '';
  return formatUsDate(at + readArchiveRetention(organization.settings) * DAY_MS, browserTimeZone());
}

function useArchiveAction(organization: OrganizationRecord) {
  const t = messages();
  const queryClient = useQueryClient();
  return (archived: boolean) =>
    runAction(
      {
        save: () => updateOrganization(organization.id, { archived }),
        invalidate: ORGANIZATION_SAVE_INVALIDATES,
        success: () =>
          archived
            ? t.organization.nameArchived(organization.name)
            : t.organization.nameRestored(organization.name),
        failure: {
          summary: archived
            ? t.organization.theOrganizationWasNotArchived
            : t.organization.theOrganizationWasNotRestored,
          group: 'organization-archive',
        },
      },
      appEffects(queryClient),
    );
}

/**
 * The owner's "Archive the organization" (on /organization): its public pages and feeds stop
 * answering at once, members see a banner that offers to restore it, and it is deleted for good
 * after the archive's retention. Confirmed by typing the organization's name.
 */
export function ArchiveOrganizationCard({ organization }: { organization: OrganizationRecord }) {
  const t = messages();
  const [opened, { open, close }] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const archive = useArchiveAction(organization);
  if (organization.archived) return null;
  const matches = typed.trim() === organization.name;

  return (
    <SectionCard title={t.organization.archiveTheOrganization}>
      <Text size="sm">
        {t.organization.theStationSPublicGuide(readArchiveRetention(organization.settings))}
      </Text>
      <Group>
        <Button color="red" variant="light" leftSection={<IconArchive size={16} />} onClick={open}>
          {t.organization.archiveTheOrganization}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t.organization.archiveName(organization.name)}>
        <Stack gap="sm">
          <Text size="sm">
            {t.organization.typeTheOrganizationSName} <strong>{organization.name}</strong>
            {t.organization.toConfirm}
          </Text>
          <TextInput
            label={t.organization.organizationName}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t.common.cancel}
            </Button>
            <Button
              color="red"
              disabled={!matches}
              loading={busy}
              onClick={async () => {
                setBusy(true);
                const done = await archive(true);
                setBusy(false);
                if (done) close();
              }}
            >
              {t.organization.archive}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}

/**
 * Across the workspace while the member's organization is archived: what that means, when it
 * goes for good, and (for the owner) Restore.
 */
export function ArchivedOrganizationBanner() {
  const { user } = useAuth();
  const id = typeof user?.organization === 'string' ? user.organization : '';
  const record = useQuery(organizationQueries.one(id));
  const organization = record.data;
  if (!organization?.archived) return null;
  return <Banner organization={organization} isOwner={user?.role === 'owner'} />;
}

function Banner({ organization, isOwner }: { organization: OrganizationRecord; isOwner: boolean }) {
  const t = messages();
  const restore = useArchiveAction(organization);
  const [busy, setBusy] = useState(false);
  const day = deletionDay(organization);
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      mb="md"
      title={t.organization.nameIsArchived(organization.name)}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          {t.organization.itsPublicPagesWidgetsAnd}
          {day && t.organization.itWillBeDeletedFor(day)}
          {!isOwner && t.organization.onlyItsOwnerCanRestore}
        </Text>
        {isOwner && (
          <Button
            size="xs"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await restore(false);
              setBusy(false);
            }}
          >
            {t.organization.restoreTheOrganization}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
