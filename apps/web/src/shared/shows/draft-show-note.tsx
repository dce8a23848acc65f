import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/** Mark ready, as a draft's note offers it to whoever may edit the show. */
export interface MarkReadyAction {
  label: string;
  /** Saves the show's status and reports the outcome (a toast); the button waits for it. */
  run: () => Promise<unknown>;
}

/**
 * The note shown wherever a draft show's airings appear (the timeslot panel, the show page): it
 * airs all the same, and viewers see it. Its first line is bold text rather than the Alert's
 * title: a title names the note, and a name with "show" in it would answer the timeslot panel's
 * getByLabel('Show') beside the Show select.
 */
export function DraftShowNote({
  heading,
  children,
  markReady,
}: {
  heading: string;
  children: ReactNode;
  markReady?: MarkReadyAction;
}) {
  const [pending, setPending] = useState(false);
  const run = async (action: MarkReadyAction) => {
    setPending(true);
    try {
      await action.run();
    } finally {
      setPending(false);
    }
  };
  return (
    <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle size={18} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={700}>
          {heading}
        </Text>
        <Text size="sm">{children}</Text>
        {markReady && (
          <Button size="xs" variant="default" loading={pending} onClick={() => void run(markReady)}>
            {markReady.label}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
