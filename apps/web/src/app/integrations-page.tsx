import { isAdminRole } from '@airgrid/schema';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { ApiKeysCard } from '../features/api-keys/api-keys-card';
import { CablecastCard } from '../features/cablecast/cablecast-card';
import { CablecastSyncCard } from '../features/cablecast/cablecast-sync-card';
import { FeedsCard } from '../features/feeds/feeds-card';
import { WebhooksCard } from '../features/webhooks/webhooks-card';
import { messages } from '../i18n/messages';
import { useAuth } from '../lib/use-auth';
import { browserTimeZone } from '../shared/slug';

/**
 * /integrations: how other systems meet the station's schedule, one card per way. Cablecast,
 * API keys and webhooks are for owners and admins; other members are told who manages them. Every
 * member sees the feeds: their addresses are public anyway.
 */
export function IntegrationsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const zone = browserTimeZone();

  if (organization === '') {
    return (
      <Alert color="gray" role="status">
        {t.integrations.youDoNotBelongTo}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t.integrations.title}</Title>
        <Text c="dimmed" size="sm">
          {t.integrations.intro}
        </Text>
      </div>
      {isAdminRole(user?.role) ? (
        <>
          <CablecastCard organization={organization} zone={zone} />
          <CablecastSyncCard organization={organization} zone={zone} />
          <ApiKeysCard organization={organization} zone={zone} />
          <WebhooksCard organization={organization} zone={zone} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t.integrations.forAdmins}
        </Text>
      )}
      <FeedsCard organization={organization} />
    </Stack>
  );
}
