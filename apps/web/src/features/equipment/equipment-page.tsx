import { Alert, Anchor, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCertificate, IconClipboardList, IconPackage, IconScan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { CertificationsTab } from './certifications-tab';
import { isStaff, type Me } from './equipment-model';
import { equipmentQueries } from './equipment-queries';
import { InventoryTab } from './inventory-tab';
import { ReservationsTab } from './reservations-tab';
import { ScanModal } from './scan-modal';

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
  // A label's address, `/equipment?item={id}`, opens that item's hand-over at once.
  const labelItem = params.get('item');
  const [scanning, setScanning] = useState(false);
  const zone = useQuery(equipmentQueries.zone(organization)).data ?? 'UTC';
  const closeScan = () => {
    setScanning(false);
    if (labelItem !== null) {
      const next = new URLSearchParams(params);
      next.delete('item');
      setParams(next, { replace: true });
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>{t.equipment.equipment}</Title>
          {staff && organization && (
            <Button
              variant="light"
              leftSection={<IconScan size={16} />}
              onClick={() => setScanning(true)}
            >
              {t.equipment.scanLabel}
            </Button>
          )}
        </Group>
        <Text c="dimmed" size="sm">
          {staff ? t.equipment.pageDescriptionStaff : t.equipment.pageDescriptionMember}
        </Text>
      </div>
      {organization && (
        <ScanModal
          opened={scanning || labelItem !== null}
          onClose={closeScan}
          organization={organization}
          me={me}
          zone={zone}
          item={labelItem ?? undefined}
        />
      )}
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
