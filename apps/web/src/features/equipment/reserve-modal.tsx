import type { ReservationRecord } from '@airgrid/schema';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  checkReservationForm,
  defaultSpan,
  equipmentStatusLabel,
  explainRefusal,
  isReservable,
  isStaff,
  kitItems,
  kitNames,
  type Me,
  newBookingId,
  personName,
  type ReservationFormValues,
  reservationBodies,
} from './equipment-model';
import { equipmentKeys, equipmentQueries, reserveTogether } from './equipment-queries';

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
 * Reserve: a kit or several items (reserved together, all or none), a span in the station's
 * zone and, for staff, whom it is for. A member's
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
  const [kit, setKit] = useState<string | null>(null);
  const form = useRecordForm<ReservationFormValues, ReservationRecord[]>({
    initialValues: () => ({
      equipment: [],
      member: staff ? '' : me.id,
      note: '',
      ...defaultSpan(Date.now(), zone),
    }),
    validate: (values) => checkReservationForm(values, zone, staff),
    save: (values) =>
      reserveTogether(organization, reservationBodies(values, zone, me.id, newBookingId())),
    invalidate: [equipmentKeys.all],
    success: (saved) =>
      saved[0]?.status === 'confirmed' ? t.equipment.reservedConfirmed : t.equipment.requestSent,
    onSaved: onClose,
    // A member's form has no member field: the certification refusal goes above the form.
    explain: (failure) => {
      const { fieldErrors, error } = describeError(failure);
      return explainRefusal(fieldErrors, error, staff ? STAFF_FIELDS : MEMBER_FIELDS);
    },
  });
  const { values, errors, set, busy } = form;
  const all = items.data ?? [];
  const kits = kitNames(all);
  const itemOptions = all
    .filter((item) => item.status !== 'retired')
    .map((item) => ({
      value: item.id,
      label:
        item.status === 'maintenance'
          ? t.equipment.itemWithStatus(item.name, equipmentStatusLabel(item.status).toLowerCase())
          : item.name,
      disabled: !isReservable(item),
    }));
  const chooseKit = (name: string | null) => {
    setKit(name);
    if (name) set({ equipment: kitItems(all, name).map((item) => item.id) });
  };
  // A kit's items in maintenance or retired stay behind: say so.
  const leftOut = kit
    ? all.filter((item) => item.kit.trim() === kit && !isReservable(item)).length
    : 0;
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        {kits.length > 0 && (
          <Select
            label={t.equipment.kit}
            description={
              leftOut > 0 ? t.equipment.kitItemsLeftOut(leftOut) : t.equipment.kitReserveHint
            }
            placeholder={t.equipment.noKit}
            clearable
            data={kits}
            value={kit}
            onChange={chooseKit}
          />
        )}
        <MultiSelect
          label={t.equipment.items}
          required
          searchable
          data={itemOptions}
          value={values.equipment}
          onChange={(equipment) => {
            set({ equipment });
            if (kit && equipment.length === 0) setKit(null);
          }}
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
