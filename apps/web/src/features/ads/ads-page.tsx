import { Alert, Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconSpeakerphone } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { isStaff } from './ads-model';
import { SponsorsTab } from './sponsors-tab';
import { SpotsTab } from './spots-tab';

/**
 * /ads (issue 40): the spot library and its sponsors, one tab each (kept in `?tab=`). Staff
 * (editors and above) add, edit, archive and restore; other members read. The API's rules
 * decide; the page only hides what would be refused.
 */
export function AdsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const staff = isStaff(String(user?.role ?? ''));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sponsors' ? 'sponsors' : 'spots';

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t.ads.ads}</Title>
        <Text c="dimmed" size="sm">
          {staff ? t.ads.pageDescriptionStaff : t.ads.pageDescriptionMember}
        </Text>
      </div>
      {organization ? (
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (value === 'sponsors') next.set('tab', 'sponsors');
            else next.delete('tab');
            setParams(next, { replace: true });
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="spots" leftSection={<IconSpeakerphone size={16} />}>
              {t.ads.spots}
            </Tabs.Tab>
            <Tabs.Tab value="sponsors" leftSection={<IconBuildingStore size={16} />}>
              {t.ads.sponsors}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="spots" pt="md">
            <SpotsTab organization={organization} staff={staff} />
          </Tabs.Panel>
          <Tabs.Panel value="sponsors" pt="md">
            <SponsorsTab organization={organization} staff={staff} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Alert color="yellow">
          {t.ui.noOrganization}{' '}
          <Anchor component={Link} to="/onboarding">
            {t.ui.setOneUp}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
