import type { CertificationKindRecord, EquipmentRecord } from '@airgrid/schema';
import {
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, ImageInput, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import {
  checkItemForm,
  equipmentStatusLabel,
  type ItemFormValues,
  itemBody,
  itemFormValues,
  newItemValues,
  PHOTO_LIMITS,
  SETTABLE_STATUSES,
} from './equipment-model';
import { createItem, equipmentKeys, photoUrl, updateItem } from './equipment-queries';

const FORM_FIELDS = [
  'name',
  'category',
  'serial',
  'barcode',
  'location',
  'status',
  'certificationRequired',
  'replacementValue',
  'notes',
  'kit',
  'photo',
];

export interface ItemFormModalProps {
  opened: boolean;
  onClose: () => void;
  item?: EquipmentRecord;
  organization: string;
  kinds: readonly CertificationKindRecord[];
  /** The kit names in use, offered as the Kit field's suggestions. */
  kits: readonly string[];
}

/** Add item and Edit item: the same form, with the item's photo. */
export function ItemFormModal({ opened, onClose, item, ...rest }: ItemFormModalProps) {
  const t = messages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? t.equipment.editItem(item.name) : t.equipment.addItem}
      size="lg"
    >
      {opened && <ItemForm item={item} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function ItemForm({
  item,
  organization,
  kinds,
  kits,
  onClose,
}: Omit<ItemFormModalProps, 'opened'>) {
  const t = messages();
  const [photo, setPhoto] = useState<ImageChoice>(KEEP_IMAGE);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm<ItemFormValues, EquipmentRecord>({
    initialValues: () => (item ? itemFormValues(item) : newItemValues()),
    validate: checkItemForm,
    save: (values) => {
      const body = { ...itemBody(values), ...imagePatch('photo', photo) };
      return item ? updateItem(item.id, body) : createItem(organization, body);
    },
    invalidate: [equipmentKeys.all],
    success: (saved) =>
      item ? t.equipment.itemSaved(saved.name) : t.equipment.itemAdded(saved.name),
    onSaved: onClose,
    serverFields: FORM_FIELDS,
  });
  const { values, errors, set, busy } = form;
  // `out` follows check-out and check-in: shown while the item is out, never chosen.
  const statuses = [...SETTABLE_STATUSES, ...(values.status === 'out' ? (['out'] as const) : [])];
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput
          label={t.equipment.name}
          required
          data-autofocus
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t.equipment.category}
            placeholder={t.equipment.categoryPlaceholder}
            value={values.category}
            onChange={(event) => set({ category: event.currentTarget.value })}
            error={errors.category}
          />
          <TextInput
            label={t.equipment.location}
            placeholder={t.equipment.locationPlaceholder}
            value={values.location}
            onChange={(event) => set({ location: event.currentTarget.value })}
            error={errors.location}
          />
          <TextInput
            label={t.equipment.serial}
            value={values.serial}
            onChange={(event) => set({ serial: event.currentTarget.value })}
            error={errors.serial}
          />
          <Select
            label={t.equipment.status}
            data={statuses.map((value) => ({
              value,
              label: equipmentStatusLabel(value),
              disabled: value === 'out',
            }))}
            value={values.status}
            onChange={(status) =>
              set({ status: (status as ItemFormValues['status']) ?? 'available' })
            }
            allowDeselect={false}
            disabled={values.status === 'out'}
            description={values.status === 'out' ? t.equipment.outUntilCheckedIn : undefined}
            error={errors.status}
          />
          <Select
            label={t.equipment.certificationRequired}
            placeholder={kinds.length === 0 ? t.equipment.noKindsYet : t.equipment.none}
            clearable
            data={kinds.map((kind) => ({ value: kind.id, label: kind.name }))}
            value={values.certificationRequired || null}
            onChange={(kind) => set({ certificationRequired: kind ?? '' })}
            error={errors.certificationRequired}
          />
          <Autocomplete
            label={t.equipment.kit}
            description={t.equipment.kitHint}
            placeholder={t.equipment.kitPlaceholder}
            data={[...kits]}
            value={values.kit}
            onChange={(kit) => set({ kit })}
            error={errors.kit}
          />
          <NumberInput
            label={t.equipment.replacementValue}
            prefix="$"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            value={values.replacementValue}
            onChange={(value) => set({ replacementValue: value })}
            error={errors.replacementValue}
          />
        </SimpleGrid>
        <TextInput
          label={t.equipment.barcode}
          description={t.equipment.barcodeHint}
          value={values.barcode}
          onChange={(event) => set({ barcode: event.currentTarget.value })}
          error={errors.barcode}
        />
        <ImageInput
          label={t.equipment.photo}
          limits={PHOTO_LIMITS}
          currentUrl={item ? photoUrl(item) : ''}
          choice={photo}
          onChoice={setPhoto}
          onChecking={setChecking}
          error={errors.photo}
          preview={{ width: 80, height: 80 }}
          noun={t.equipment.photoNoun}
        />
        <Textarea
          label={t.equipment.notes}
          autosize
          minRows={2}
          maxRows={6}
          value={values.notes}
          onChange={(event) => set({ notes: event.currentTarget.value })}
          error={errors.notes}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy || checking}>
            {item ? t.common.save : t.equipment.addItem}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
