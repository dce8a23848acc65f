import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a status line says of the work it follows. */
export type StatusTone = 'busy' | 'ready' | 'warning' | 'failed';

/** The icon keeps its size beside a long line. */
const NO_SHRINK = { flexShrink: 0 } as const;

/**
 * One line of background work's state: a spinner while it is under way, a check once it is
 * done, a warning sign otherwise; a failure is announced (`role="alert"`) and written in the
 * error colour, the rest is a polite status.
 */
export function StatusLine({
  tone,
  children,
  testId,
}: {
  tone: StatusTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      role={tone === 'failed' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {tone === 'busy' ? (
        <Loader size="xs" style={NO_SHRINK} />
      ) : tone === 'ready' ? (
        <IconCircleCheck
          size={16}
          color="var(--mantine-color-green-7)"
          style={NO_SHRINK}
          aria-hidden
        />
      ) : (
        <IconAlertTriangle
          size={16}
          color="var(--mantine-color-orange-7)"
          style={NO_SHRINK}
          aria-hidden
        />
      )}
      <Text
        span
        size="sm"
        c={
          tone === 'failed' ? 'var(--mantine-color-error)' : tone === 'busy' ? 'dimmed' : undefined
        }
      >
        {children}
      </Text>
    </Group>
  );
}

/** The tone of a job-like state: queued and running are busy, ready is ready. */
export function toneOf(kind: string): StatusTone {
  if (kind === 'queued' || kind === 'running') return 'busy';
  if (kind === 'ready') return 'ready';
  return kind === 'failed' ? 'failed' : 'warning';
}
