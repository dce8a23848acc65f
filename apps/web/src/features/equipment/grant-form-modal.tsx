import { todayIn } from '@airgrid/domain';
import type { CertificationKindRecord, CertificationRecord } from '@airgrid/schema';
import {
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { checkGrantForm, type GrantFormValues, grantBody, personName } from './equipment-model';
import { equipmentKeys, equipmentQueries, grantCertification } from './equipment-queries';

export interface GrantFormModalProps {
  opened: boolean;
  onClose: () => void;
  organization: string;
  /** The station's zone: the dates are days on its calendar. */
  zone: string;
  kinds: readonly CertificationKindRecord[];
}

/** Grant a certification: to whom, which kind, from when, until when (or for good). */
export function GrantFormModal({ opened, onClose, ...rest }: GrantFormModalProps) {
  const t = messages();
  return (
    <Modal opened={opened} onClose={onClose} title={t.equipment.grantACertification}>
      {opened && <GrantForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function GrantForm({ organization, zone, kinds, onClose }: Omit<GrantFormModalProps, 'opened'>) {
  const t = messages();
  const members = useQuery(equipmentQueries.members(organization));
  const form = useRecordForm<GrantFormValues, CertificationRecord>({
    initialValues: () => ({
      member: '',
      kind: kinds.length === 1 ? (kinds[0]?.id ?? '') : '',
      granted: todayIn(zone, Date.now()),
      expires: '',
      note: '',
    }),
    validate: (values) => checkGrantForm(values, zone),
    save: (values) => grantCertification(organization, grantBody(values, zone)),
    invalidate: [equipmentKeys.all],
    success: () => t.equipment.certificationGranted,
    onSaved: onClose,
    serverFields: ['member', 'kind', 'granted', 'expires', 'note'],
  });
  const { values, errors, set, busy } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <Select
          label={t.equipment.member}
          required
          searchable
          data={(members.data ?? []).map((member) => ({
            value: member.id,
            label: personName(member),
          }))}
          value={values.member || null}
          onChange={(member) => set({ member: member ?? '' })}
          error={errors.member}
          nothingFoundMessage={t.equipment.noMembersMatch}
        />
        <Select
          label={t.equipment.kind}
          required
          data={kinds.map((kind) => ({ value: kind.id, label: kind.name }))}
          value={values.kind || null}
          onChange={(kind) => set({ kind: kind ?? '' })}
          error={errors.kind}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t.equipment.granted}
            required
            value={values.granted}
            onChange={(event) => set({ granted: event.currentTarget.value })}
            error={errors.granted}
          />
          <TextInput
            type="date"
            label={t.equipment.expires}
            description={t.equipment.expiresHint}
            value={values.expires}
            onChange={(event) => set({ expires: event.currentTarget.value })}
            error={errors.expires}
          />
        </SimpleGrid>
        <Textarea
          label={t.equipment.note}
          autosize
          minRows={2}
          maxRows={5}
          value={values.note}
          onChange={(event) => set({ note: event.currentTarget.value })}
          error={errors.note}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {t.equipment.grant}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
