import { Alert, Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCertificate, IconClipboardList, IconPackage } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { CertificationsTab } from './certifications-tab';
import { isStaff, type Me } from './equipment-model';
import { InventoryTab } from './inventory-tab';
import { ReservationsTab } from './reservations-tab';

const TABS = ['inventory', 'reservations', 'certifications'] as const;
type Tab = (typeof TABS)[number];

/**
 * /equipment (issue 20; decision 0033): the inventory, the reservations and, for staff, the
 * certifications, one tab each (kept in `?tab=` so a link opens the right one). Staff keep the
 * items, kinds and grants and hand items over; producers reserve for themselves; viewers read
 * the inventory. The API's rules decide; the page only hides what would be refused.
 */
export function EquipmentPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const me: Me = { id: String(user?.id ?? ''), role: String(user?.role ?? '') };
  const staff = isStaff(me.role);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tabs = TABS.filter((tab) => tab !== 'certifications' || staff);
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'inventory';

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t.equipment.equipment}</Title>
        <Text c="dimmed" size="sm">
          {staff ? t.equipment.pageDescriptionStaff : t.equipment.pageDescriptionMember}
        </Text>
      </div>
      {organization ? (
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (!value || value === 'inventory') next.delete('tab');
            else next.set('tab', value);
            setParams(next, { replace: true });
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="inventory" leftSection={<IconPackage size={16} />}>
              {t.equipment.inventory}
            </Tabs.Tab>
            <Tabs.Tab value="reservations" leftSection={<IconClipboardList size={16} />}>
              {t.equipment.reservations}
            </Tabs.Tab>
            {staff && (
              <Tabs.Tab value="certifications" leftSection={<IconCertificate size={16} />}>
                {t.equipment.certifications}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="inventory" pt="md">
            <InventoryTab organization={organization} staff={staff} />
          </Tabs.Panel>
          <Tabs.Panel value="reservations" pt="md">
            <ReservationsTab organization={organization} me={me} />
          </Tabs.Panel>
          {staff && (
            <Tabs.Panel value="certifications" pt="md">
              <CertificationsTab organization={organization} />
            </Tabs.Panel>
          )}
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
