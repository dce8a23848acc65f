import type { CertificationKindRecord } from '@airgrid/schema';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { createKind, equipmentKeys, updateKind } from './equipment-queries';

export interface KindFormModalProps {
  opened: boolean;
  onClose: () => void;
  kind?: CertificationKindRecord;
  organization: string;
}

/** Add and Edit a certification kind: its name and what it covers. */
export function KindFormModal({ opened, onClose, kind, organization }: KindFormModalProps) {
  const t = messages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind ? t.equipment.editKind(kind.name) : t.equipment.addKind}
    >
      {opened && <KindForm kind={kind} organization={organization} onClose={onClose} />}
    </Modal>
  );
}

function KindForm({ kind, organization, onClose }: Omit<KindFormModalProps, 'opened'>) {
  const t = messages();
  const form = useRecordForm<{ name: string; description: string }, CertificationKindRecord>({
    initialValues: { name: kind?.name ?? '', description: kind?.description ?? '' },
    validate: (values): Record<string, string> =>
      values.name.trim() === '' ? { name: t.equipment.nameRequired } : {},
    save: (values) => {
      const body = { name: values.name.trim(), description: values.description.trim() };
      return kind ? updateKind(kind.id, body) : createKind(organization, body);
    },
    invalidate: [equipmentKeys.all],
    success: (saved) =>
      kind ? t.equipment.kindSaved(saved.name) : t.equipment.kindAdded(saved.name),
    onSaved: onClose,
    serverFields: ['name', 'description'],
  });
  const { values, errors, set, busy } = form;
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput
          label={t.equipment.name}
          placeholder={t.equipment.kindNamePlaceholder}
          required
          data-autofocus
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <Textarea
          label={t.equipment.description}
          description={t.equipment.kindDescriptionHint}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {kind ? t.common.save : t.equipment.addKind}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
