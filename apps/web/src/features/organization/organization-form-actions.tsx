import { Button, Group } from '@mantine/core';

/** A card's Cancel and Save, shown to those who may edit; Save waits for a change. */
export function FormActions({
  canEdit,
  changed,
  busy,
  label,
  onCancel,
}: {
  canEdit: boolean;
  changed: boolean;
  busy: boolean;
  /** Save's own words, e.g. "Save contact". */
  label: string;
  onCancel: () => void;
}) {
  if (!canEdit) return null;
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy || !changed}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} disabled={!changed}>
        {label}
      </Button>
    </Group>
  );
}
