import type { CertificationKindRecord, EquipmentRecord } from '@airgrid/schema';
import {
  Avatar,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconDots,
  IconHistory,
  IconPackage,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { toast } from '../../ui/toast';
import {
  equipmentStatusLabel,
  filterItems,
  kitNames,
  SETTABLE_STATUSES,
  type StatusFilter,
} from './equipment-model';
import {
  equipmentKeys,
  equipmentQueries,
  labelSheet,
  photoUrl,
  setItemStatus,
} from './equipment-queries';
import { EquipmentStatusBadge, QueryBody } from './equipment-ui';
import { ItemFormModal } from './item-form-modal';
import { ItemHistoryModal } from './item-history-modal';

/**
 * Prints labels: a tab opened at the click (a tab opened after the download would be a popup
 * the browser blocks) shows the PDF once it has come; without a tab it downloads.
 */
function usePrintLabels() {
  const t = messages();
  const action = useAction();
  const print = (ids?: string[]) => {
    const tab = window.open('', '_blank');
    return action.run(
      {
        save: () => labelSheet(ids),
        success: (pdf: Blob) => {
          const url = URL.createObjectURL(pdf);
          if (tab) tab.location.href = url;
          else {
            const link = document.createElement('a');
            link.href = url;
            link.download = 'equipment-labels.pdf';
            link.click();
          }
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
          return null;
        },
        failure: (failure) => {
          tab?.close();
          toast({
            severity: 'error',
            summary: t.equipment.labelsNotPrinted,
            detail: describeError(failure).error ?? undefined,
            group: 'equipment-labels',
          });
        },
      },
      ids ? ids.join(',') : 'all',
    );
  };
  return { print, pending: action.pending };
}

/** The inventory: every item, filtered by status and searched by name; staff add and edit. */
export function InventoryTab({ organization, staff }: { organization: string; staff: boolean }) {
  const t = messages();
  const items = useQuery(equipmentQueries.items(organization));
  const kinds = useQuery(equipmentQueries.kinds(organization));
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<EquipmentRecord | 'new' | null>(null);
  const [history, setHistory] = useState<EquipmentRecord | null>(null);
  const zone = useQuery(equipmentQueries.zone(organization)).data ?? 'UTC';
  const labels = usePrintLabels();
  const kindName = (id: string) => kinds.data?.find((kind) => kind.id === id)?.name ?? '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t.equipment.searchByName}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={240}
          />
          <Select
            label={t.equipment.status}
            data={[
              { value: 'all', label: t.equipment.allStatuses },
              ...(['available', 'out', 'maintenance', 'retired'] as const).map((value) => ({
                value,
                label: equipmentStatusLabel(value),
              })),
            ]}
            value={status}
            onChange={(value) => setStatus((value as StatusFilter | null) ?? 'all')}
            allowDeselect={false}
            w={180}
          />
        </Group>
        {staff && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={labels.pending === 'all'}
              onClick={() => labels.print()}
            >
              {t.equipment.printLabels}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t.equipment.addItem}
            </Button>
          </Group>
        )}
      </Group>
      <QueryBody
        query={items}
        loadingLabel={t.equipment.loadingEquipment}
        isEmpty={(list) => filterItems(list, status, search).length === 0}
        empty={
          items.data?.length === 0
            ? staff
              ? t.equipment.noItemsYetStaff
              : t.equipment.noItemsYet
            : t.equipment.noItemsMatch
        }
      >
        {(list) => (
          <ItemsTable
            items={filterItems(list, status, search)}
            kindName={kindName}
            staff={staff}
            onEdit={setEditing}
            onPrint={(item) => labels.print([item.id])}
            onHistory={setHistory}
          />
        )}
      </QueryBody>
      <ItemFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        item={editing === 'new' || editing === null ? undefined : editing}
        organization={organization}
        kinds={kinds.data ?? ([] as CertificationKindRecord[])}
        kits={kitNames(items.data ?? [])}
      />
      <ItemHistoryModal item={history} zone={zone} onClose={() => setHistory(null)} />
    </Stack>
  );
}

function ItemsTable({
  items,
  kindName,
  staff,
  onEdit,
  onPrint,
  onHistory,
}: {
  items: EquipmentRecord[];
  kindName: (id: string) => string;
  staff: boolean;
  onEdit: (item: EquipmentRecord) => void;
  onPrint: (item: EquipmentRecord) => void;
  onHistory: (item: EquipmentRecord) => void;
}) {
  const t = messages();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t.equipment.inventory}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.equipment.name}</Table.Th>
            <Table.Th>{t.equipment.status}</Table.Th>
            <Table.Th>{t.equipment.location}</Table.Th>
            <Table.Th>{t.equipment.category}</Table.Th>
            <Table.Th>{t.equipment.serial}</Table.Th>
            <Table.Th>{t.equipment.certificationRequired}</Table.Th>
            {staff && (
              <Table.Th w={60}>
                <VisuallyHidden>{t.equipment.actions}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-item={item.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={photoUrl(item) || null} alt="" radius="sm" size={40} color="gray">
                    <IconPackage size={20} />
                  </Avatar>
                  <div>
                    <Text fw={600} size="sm">
                      {item.name}
                    </Text>
                    {item.kit && (
                      <Text size="xs" c="dimmed">
                        {t.equipment.inKit(item.kit)}
                      </Text>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <EquipmentStatusBadge status={item.status} />
              </Table.Td>
              <Table.Td>{item.location}</Table.Td>
              <Table.Td>{item.category}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {item.serial}
                </Text>
              </Table.Td>
              <Table.Td>
                {item.certificationRequired ? (
                  kindName(item.certificationRequired)
                ) : (
                  <Text span c="dimmed" size="sm">
                    {t.equipment.none}
                  </Text>
                )}
              </Table.Td>
              {staff && (
                <Table.Td>
                  <ItemMenu
                    item={item}
                    onEdit={() => onEdit(item)}
                    onPrint={() => onPrint(item)}
                    onHistory={() => onHistory(item)}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Edit, label, history, and the statuses staff set by hand (not while the item is out). */
function ItemMenu({
  item,
  onEdit,
  onPrint,
  onHistory,
}: {
  item: EquipmentRecord;
  onEdit: () => void;
  onPrint: () => void;
  onHistory: () => void;
}) {
  const t = messages();
  const action = useAction();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t.equipment.actionsForItem(item.name)}
          loading={action.busy}
        >
          <IconDots size={18} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t.common.edit}
        </Menu.Item>
        <Menu.Item leftSection={<IconPrinter size={16} />} onClick={onPrint}>
          {t.equipment.printLabel}
        </Menu.Item>
        <Menu.Item leftSection={<IconHistory size={16} />} onClick={onHistory}>
          {t.equipment.history}
        </Menu.Item>
        {item.status !== 'out' && (
          <>
            <Menu.Divider />
            <Menu.Label>{t.equipment.setStatus}</Menu.Label>
            {SETTABLE_STATUSES.filter((status) => status !== item.status).map((status) => (
              <Menu.Item
                key={status}
                onClick={() =>
                  action.run({
                    save: () => setItemStatus(item.id, status),
                    invalidate: [equipmentKeys.all],
                    success: () =>
                      t.equipment.itemIsNow(item.name, equipmentStatusLabel(status).toLowerCase()),
                    failure: { summary: t.equipment.statusNotChanged, group: 'equipment-status' },
                  })
                }
              >
                {equipmentStatusLabel(status)}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
