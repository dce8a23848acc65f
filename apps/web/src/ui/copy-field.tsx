import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { messages } from '../i18n/messages';

/**
 * A value to copy once, such as a new key or a secret: a read-only monospace box (focusing it
 * selects all of it) and a copy button. `label` is the box's accessible name and names the
 * button too ("Copy the API key").
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const t = messages();
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        aria-label={label}
        value={value}
        readOnly
        style={{ flex: 1 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t.ui.copyField.copied : t.ui.copyField.copy} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t.ui.copyField.copyLabel(label)}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
