import type { ReservationRecord } from '@airgrid/schema';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { personName } from './equipment-model';
import { equipmentKeys, type ReservationRow, updateReservation } from './equipment-queries';

export interface HandoverModalProps {
  opened: boolean;
  onClose: () => void;
  reservation?: ReservationRow;
  kind: 'checkOut' | 'checkIn';
}

/** Check out (with the item's condition as it leaves) and Check in (as it comes back). */
export function HandoverModal({ opened, onClose, reservation, kind }: HandoverModalProps) {
  const t = messages();
  const item = reservation?.expand?.equipment?.name ?? t.equipment.unknownItem;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === 'checkOut' ? t.equipment.checkOutItem(item) : t.equipment.checkInItem(item)}
    >
      {opened && reservation && (
        <HandoverForm reservation={reservation} kind={kind} item={item} onClose={onClose} />
      )}
    </Modal>
  );
}

export function HandoverForm({
  reservation,
  kind,
  item,
  onClose,
}: {
  reservation: ReservationRow;
  kind: 'checkOut' | 'checkIn';
  item: string;
  onClose: () => void;
}) {
  const t = messages();
  const out = kind === 'checkOut';
  const form = useRecordForm<{ note: string }, ReservationRecord>({
    initialValues: { note: '' },
    save: ({ note }) =>
      updateReservation(
        reservation.id,
        out
          ? { status: 'out', checkoutNote: note.trim() }
          : { status: 'returned', returnNote: note.trim() },
      ),
    invalidate: [equipmentKeys.all],
    success: () => (out ? t.equipment.checkedOut(item) : t.equipment.checkedIn(item)),
    onSaved: onClose,
    aliases: { checkoutNote: 'note', returnNote: 'note' },
    serverFields: ['note'],
  });
  const member = personName(reservation.expand?.member);
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <Text size="sm">
          {out ? t.equipment.handingOutTo(item, member) : t.equipment.takingBackFrom(item, member)}
        </Text>
        <Textarea
          label={out ? t.equipment.conditionNote : t.equipment.returnNote}
          description={out ? t.equipment.conditionNoteHint : t.equipment.returnNoteHint}
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          value={form.values.note}
          onChange={(event) => form.set({ note: event.currentTarget.value })}
          error={form.errors.note}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={form.busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={form.busy}>
            {out ? t.equipment.checkOut : t.equipment.checkIn}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
