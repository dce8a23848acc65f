import { Button, Group } from '@mantine/core';
import { messages } from '../../i18n/messages';

/**
 * A form card's Cancel and Save, shown to those who may edit; both wait for a change, and
 * Cancel puts the saved values back. Used by the organization's cards and the settings pages.
 */
export function FormActions({
  canEdit = true,
  changed,
  busy,
  label,
  onCancel,
}: {
  canEdit?: boolean;
  changed: boolean;
  busy: boolean;
  /** Save's own words, e.g. "Save contact". */
  label: string;
  onCancel: () => void;
}) {
  const t = messages();
  if (!canEdit) return null;
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy || !changed}>
        {t.common.cancel}
      </Button>
      <Button type="submit" loading={busy} disabled={!changed}>
        {label}
      </Button>
    </Group>
  );
}
