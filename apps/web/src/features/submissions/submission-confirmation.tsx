import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { CopyField } from '../../ui/copy-field';
import { statusPath } from './submission-model';

/** After a submission went in: the private status link to keep, and that it was mailed. */
export function SubmissionConfirmation({
  title,
  station,
  email,
  statusUrl,
  onAnother,
}: {
  title: string;
  station: string;
  email: string;
  statusUrl: string;
  onAnother: () => void;
}) {
  const t = messages().submission;
  return (
    <Stack gap="md" data-testid="submission-confirmation">
      <Group gap="sm" wrap="nowrap">
        <IconCircleCheck size={36} color="var(--mantine-color-teal-6)" aria-hidden />
        <Title order={1}>{t.received}</Title>
      </Group>
      <Text>{t.receivedHint(title, station)}</Text>
      {statusUrl && (
        <>
          <Stack gap={4}>
            <Text fw={600}>{t.statusLink}</Text>
            <CopyField label={t.statusLink} value={statusUrl} />
          </Stack>
          <Alert color="blue" variant="light" role="status">
            {t.weMailedYou(email)}
          </Alert>
        </>
      )}
      <Group gap="sm">
        {statusUrl && (
          <Button component={Link} to={statusPath(statusUrl)}>
            {t.openStatusPage}
          </Button>
        )}
        <Button variant="default" onClick={onAnother}>
          {t.submitAnother}
        </Button>
      </Group>
    </Stack>
  );
}
