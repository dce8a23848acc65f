import type { ReservationRecord } from '@airgrid/schema';
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
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  checkReservationForm,
  defaultSpan,
  equipmentStatusLabel,
  explainRefusal,
  isStaff,
  type Me,
  personName,
  type ReservationFormValues,
  reservationBody,
} from './equipment-model';
import { equipmentKeys, equipmentQueries, reserve } from './equipment-queries';

const MEMBER_FIELDS = ['equipment', 'starts', 'ends', 'note'];
const STAFF_FIELDS = [...MEMBER_FIELDS, 'member'];

export interface ReserveModalProps {
  opened: boolean;
  onClose: () => void;
  organization: string;
  me: Me;
  /** The station's zone: the start and end are its wall-clock times. */
  zone: string;
}

/**
 * Reserve: an item, a span in the station's zone and, for staff, whom it is for. A member's
 * request waits for staff; staff's is confirmed at once. The server's refusals (the
 * certification, an overlap, an item in maintenance) show under their field, or above the
 * form, and what was typed stays.
 */
export function ReserveModal({ opened, onClose, ...rest }: ReserveModalProps) {
  const t = messages();
  return (
    <Modal opened={opened} onClose={onClose} title={t.equipment.reserveEquipment} size="lg">
      {opened && <ReserveForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function ReserveForm({ organization, me, zone, onClose }: Omit<ReserveModalProps, 'opened'>) {
  const t = messages();
  const staff = isStaff(me.role);
  const items = useQuery(equipmentQueries.items(organization));
  const members = useQuery({ ...equipmentQueries.members(organization), enabled: staff });
  const form = useRecordForm<ReservationFormValues, ReservationRecord>({
    initialValues: () => ({
      equipment: '',
      member: staff ? '' : me.id,
      note: '',
      ...defaultSpan(Date.now(), zone),
    }),
    validate: (values) => checkReservationForm(values, zone, staff),
    save: (values) => reserve(organization, reservationBody(values, zone, me.id)),
    invalidate: [equipmentKeys.all],
    success: (saved) =>
      saved.status === 'confirmed' ? t.equipment.reservedConfirmed : t.equipment.requestSent,
    onSaved: onClose,
    // A member's form has no member field: the certification refusal goes above the form.
    explain: (failure) => {
      const { fieldErrors, error } = describeError(failure);
      return explainRefusal(fieldErrors, error, staff ? STAFF_FIELDS : MEMBER_FIELDS);
    },
  });
  const { values, errors, set, busy } = form;
  const itemOptions = (items.data ?? [])
    .filter((item) => item.status !== 'retired')
    .map((item) => ({
      value: item.id,
      label:
        item.status === 'maintenance'
          ? t.equipment.itemWithStatus(item.name, equipmentStatusLabel(item.status).toLowerCase())
          : item.name,
      disabled: item.status === 'maintenance',
    }));
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <Select
          label={t.equipment.item}
          required
          searchable
          data={itemOptions}
          value={values.equipment || null}
          onChange={(equipment) => set({ equipment: equipment ?? '' })}
          error={errors.equipment}
          nothingFoundMessage={t.equipment.noItemsMatch}
        />
        {staff && (
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
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={t.equipment.starts}
            description={t.equipment.inZone(zone)}
            required
            value={values.starts}
            onChange={(event) => set({ starts: event.currentTarget.value })}
            error={errors.starts}
          />
          <TextInput
            type="datetime-local"
            label={t.equipment.ends}
            description={t.equipment.inZone(zone)}
            required
            value={values.ends}
            onChange={(event) => set({ ends: event.currentTarget.value })}
            error={errors.ends}
          />
        </SimpleGrid>
        <Textarea
          label={t.equipment.note}
          description={t.equipment.reservationNoteHint}
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
            {staff ? t.equipment.reserve : t.equipment.request}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
