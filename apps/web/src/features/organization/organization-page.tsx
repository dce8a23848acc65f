import { Alert, Avatar, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBroadcastTower } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { describeError } from '../../ui/forms/server-errors';
import { ArchiveOrganizationCard } from './archive-organization';
import { ContactCard } from './contact-card';
import { IdentityCard } from './identity-card';
import { LegalCard } from './legal-card';
import { canEditOrganization } from './organization-model';
import { PublicPageCard } from './public-page-card';
import { organizationLogoUrl, organizationQueries } from './queries';
import { RemittanceCard } from './remittance-card';
import { SubmissionsCard } from './submissions-card';

/**
 * /organization: the member's station, one card per subject (identity, contact, legal,
 * remittance, public page, submissions). Owners and admins edit each card and see the remittance details;
 * editors, producers and viewers read the rest.
 */
export function OrganizationPage() {
  const t = messages();
  const { user } = useAuth();
  const id = typeof user?.organization === 'string' ? user.organization : '';
  const canEdit = canEditOrganization(user?.role);
  const record = useQuery(organizationQueries.one(id));

  if (id === '') {
    return (
      <Alert color="gray" role="status">
        {t.organization.youDoNotBelongTo}
      </Alert>
    );
  }
  if (record.isPending)
    return <Loader role="status" aria-label={t.organization.loadingOrganization} />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(record.error).error}
      </Alert>
    );
  }
  const organization = record.data;
  // Each card starts over from the saved record (its key is the record's `updated`).
  const key = organization.updated;

  return (
    <Stack gap="lg" maw={960}>
      <Group gap="md" wrap="nowrap">
        <Avatar src={organizationLogoUrl(organization) || undefined} size={56} radius="md" alt="">
          <IconBuildingBroadcastTower size={26} />
        </Avatar>
        <div>
          <Title order={1}>{organization.name}</Title>
          <Text c="dimmed" size="sm">
            {t.organization.oSlugTimeZone(organization.slug, organization.timeZone)}
          </Text>
        </div>
      </Group>
      {!canEdit && (
        <Alert color="blue" variant="light" role="note">
          {t.organization.onlyOwnersAndAdminsCan}
        </Alert>
      )}
      <IdentityCard key={`identity-${key}`} organization={organization} canEdit={canEdit} />
      <ContactCard key={`contact-${key}`} organization={organization} canEdit={canEdit} />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <LegalCard key={`legal-${key}`} organization={organization} canEdit={canEdit} />
        <PublicPageCard key={`public-${key}`} organization={organization} canEdit={canEdit} />
      </SimpleGrid>
      <SubmissionsCard key={`submissions-${key}`} organization={organization} canEdit={canEdit} />
      {canEdit && <RemittanceCard organization={organization.id} />}
      {user?.role === 'owner' && <ArchiveOrganizationCard organization={organization} />}
    </Stack>
  );
}
