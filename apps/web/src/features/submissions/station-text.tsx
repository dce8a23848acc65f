import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import { paragraphs } from './submission-model';

/**
 * One of the station's texts (its licence or content policy) in a scrollable box, with the
 * checkbox that accepts it right below.
 */
export function StationText({
  title,
  text,
  empty,
  accept,
  checked,
  onChange,
  error,
  disabled,
}: {
  title: string;
  text: string;
  /** Said when the station wrote nothing. */
  empty: string;
  /** The checkbox's words. */
  accept: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  const parts = paragraphs(text);
  return (
    <Stack gap="xs">
      <Text fw={600}>{title}</Text>
      <Paper
        withBorder
        p="sm"
        radius="sm"
        mah={220}
        bg="var(--mantine-color-default-hover)"
        style={{ overflowY: 'auto' }}
        // A box that scrolls must be reachable by keyboard to be read.
        tabIndex={0}
        role="region"
        aria-label={title}
      >
        <Stack gap="xs">
          {parts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {empty}
            </Text>
          ) : (
            parts.map((part, index) => (
              // Paragraphs never move: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's paragraphs
              <Text key={index} size="sm" style={{ whiteSpace: 'pre-line' }}>
                {part}
              </Text>
            ))
          )}
        </Stack>
      </Paper>
      <Checkbox
        label={accept}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
        disabled={disabled}
      />
    </Stack>
  );
}
