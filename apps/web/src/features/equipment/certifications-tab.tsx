import type { CertificationKindRecord } from '@airgrid/schema';
import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { useAction } from '../../ui/forms/use-action';
import { SectionCard } from '../../ui/section-card';
import classes from './equipment.module.css';
import { certificationExpiry, type Expiry, formatDay, personName } from './equipment-model';
import {
  type CertificationRow,
  deleteKind,
  equipmentKeys,
  equipmentQueries,
  revokeCertification,
} from './equipment-queries';
import { QueryBody } from './equipment-ui';
import { GrantFormModal } from './grant-form-modal';
import { KindFormModal } from './kind-form-modal';

/** Staff's certifications: the kinds the station names, and who holds which until when. */
export function CertificationsTab({ organization }: { organization: string }) {
  const t = messages();
  const zone = useQuery(equipmentQueries.zone(organization)).data ?? 'UTC';
  const kinds = useQuery(equipmentQueries.kinds(organization));
  const grants = useQuery(equipmentQueries.certifications(organization));
  const [editingKind, setEditingKind] = useState<CertificationKindRecord | 'new' | null>(null);
  const [granting, setGranting] = useState(false);
  const action = useAction();
  const now = Date.now();
  // A phone gets cards: the expiry and Revoke would sit off a table's edge.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;

  const removeKind = (kind: CertificationKindRecord) =>
    modals.openConfirmModal({
      title: t.equipment.deleteKindTitle(kind.name),
      children: <Text size="sm">{t.equipment.deleteKindExplained(kind.name)}</Text>,
      labels: { confirm: t.common.delete, cancel: t.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        action.run(
          {
            save: () => deleteKind(kind.id),
            invalidate: [equipmentKeys.all],
            success: () => t.equipment.kindDeleted(kind.name),
            failure: { summary: t.equipment.kindNotDeleted(kind.name), group: 'kind-delete' },
          },
          kind.id,
        ),
    });

  const revoke = (grant: CertificationRow) => {
    const who = personName(grant.expand?.member);
    const what = grant.expand?.kind?.name ?? '';
    modals.openConfirmModal({
      title: t.equipment.revokeTitle(what, who),
      children: <Text size="sm">{t.equipment.revokeExplained(who)}</Text>,
      labels: { confirm: t.equipment.revoke, cancel: t.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        action.run(
          {
            save: () => revokeCertification(grant.id),
            invalidate: [equipmentKeys.all],
            success: () => t.equipment.revoked(what, who),
            failure: { summary: t.equipment.notRevoked, group: 'certification-revoke' },
          },
          grant.id,
        ),
    });
  };

  const revokeButton = (grant: CertificationRow) => (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      aria-label={t.equipment.revokeLabel(
        grant.expand?.kind?.name ?? '',
        personName(grant.expand?.member),
      )}
      loading={action.pending === grant.id}
      onClick={() => revoke(grant)}
      style={{ flexShrink: 0 }}
    >
      <IconTrash size={16} />
    </Button>
  );

  return (
    <Stack gap="lg">
      <SectionCard title={t.equipment.certificationKinds}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            {t.equipment.kindsExplained}
          </Text>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditingKind('new')}
          >
            {t.equipment.addKind}
          </Button>
        </Group>
        <QueryBody
          query={kinds}
          loadingLabel={t.equipment.loadingKinds}
          isEmpty={(list) => list.length === 0}
          empty={t.equipment.noKindsYet}
        >
          {(list) => (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing="xs" aria-label={t.equipment.certificationKinds}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.equipment.name}</Table.Th>
                    <Table.Th>{t.equipment.description}</Table.Th>
                    <Table.Th w={100}>
                      <VisuallyHidden>{t.equipment.actions}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((kind) => (
                    <Table.Tr key={kind.id}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {kind.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {kind.description}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            aria-label={t.equipment.editKind(kind.name)}
                            onClick={() => setEditingKind(kind)}
                          >
                            <IconPencil size={16} />
                          </Button>
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-sm"
                            aria-label={t.equipment.deleteKind(kind.name)}
                            loading={action.pending === kind.id}
                            onClick={() => removeKind(kind)}
                          >
                            <IconTrash size={16} />
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryBody>
      </SectionCard>

      <SectionCard title={t.equipment.grantedCertifications}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            {t.equipment.grantsExplained}
          </Text>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setGranting(true)}
            disabled={(kinds.data ?? []).length === 0}
          >
            {t.equipment.grant}
          </Button>
        </Group>
        <QueryBody
          query={grants}
          loadingLabel={t.equipment.loadingCertifications}
          isEmpty={(list) => list.length === 0}
          empty={t.equipment.noGrantsYet}
        >
          {(list) =>
            narrow ? (
              <Stack gap="xs" role="list" aria-label={t.equipment.grantedCertifications}>
                {list.map((grant) => (
                  <Paper key={grant.id} withBorder p="sm" role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text fw={600} size="sm">
                          {personName(grant.expand?.member)}
                        </Text>
                        <Text size="sm">{grant.expand?.kind?.name}</Text>
                        <Text size="xs" c="dimmed">
                          {t.equipment.grantedOn(formatDay(grant.granted, zone))}
                        </Text>
                        <ExpiryCell
                          expiry={certificationExpiry(grant, now)}
                          zone={zone}
                          withLabel
                        />
                      </div>
                      {revokeButton(grant)}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" aria-label={t.equipment.grantedCertifications}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.equipment.member}</Table.Th>
                      <Table.Th>{t.equipment.kind}</Table.Th>
                      <Table.Th>{t.equipment.expires}</Table.Th>
                      <Table.Th>{t.equipment.granted}</Table.Th>
                      <Table.Th w={60}>
                        <VisuallyHidden>{t.equipment.actions}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((grant) => (
                      <Table.Tr key={grant.id}>
                        <Table.Td>{personName(grant.expand?.member)}</Table.Td>
                        <Table.Td>{grant.expand?.kind?.name}</Table.Td>
                        <Table.Td>
                          <ExpiryCell expiry={certificationExpiry(grant, now)} zone={zone} />
                        </Table.Td>
                        <Table.Td>{formatDay(grant.granted, zone)}</Table.Td>
                        <Table.Td>{revokeButton(grant)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryBody>
      </SectionCard>

      <KindFormModal
        opened={editingKind !== null}
        onClose={() => setEditingKind(null)}
        kind={editingKind === 'new' || editingKind === null ? undefined : editingKind}
        organization={organization}
      />
      <GrantFormModal
        opened={granting}
        onClose={() => setGranting(false)}
        organization={organization}
        zone={zone}
        kinds={kinds.data ?? []}
      />
    </Stack>
  );
}

/** The expiry date and its badge; on a card, said as "Expires …" or "Never expires". */
function ExpiryCell({
  expiry,
  zone,
  withLabel = false,
}: {
  expiry: Expiry;
  zone: string;
  withLabel?: boolean;
}) {
  const t = messages();
  if (expiry.state === 'never') {
    return (
      <Text size="sm" c="dimmed">
        {withLabel ? t.equipment.neverExpires : t.equipment.never}
      </Text>
    );
  }
  const day = formatDay(new Date(expiry.at).toISOString(), zone);
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" className={classes.nowrap}>
        {withLabel ? t.equipment.expiresOn(day) : day}
      </Text>
      {expiry.state === 'soon' && (
        <Badge color="orange" variant="light" w="max-content">
          {t.equipment.expiresSoon(expiry.days)}
        </Badge>
      )}
      {expiry.state === 'expired' && (
        <Badge color="red" variant="light" w="max-content">
          {t.equipment.expired}
        </Badge>
      )}
    </Group>
  );
}
