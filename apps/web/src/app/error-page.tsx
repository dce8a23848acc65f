import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../i18n/messages';
import { DEFAULT_ERROR_MESSAGE } from './route-error';

export interface ErrorPageProps {
  /** HTTP-style status; 500 unless told otherwise. */
  statusCode?: number;
  /** What went wrong, shown to the user as is. */
  message?: string;
}

/** The seed's status text: "Page Not Found" for 404, "Internal Server Error" for the rest. */
function statusMessageFor(statusCode: number): string {
  const t = messages();
  return statusCode === 404 ? t.shell.pageNotFound : t.shell.internalServerError;
}

/** The 404 and 500 pages. */
export function ErrorPage({ statusCode = 500, message = DEFAULT_ERROR_MESSAGE }: ErrorPageProps) {
  const t = messages();
  return (
    <Stack align="flex-start" gap="sm" maw={640} py="md" data-testid="error-page">
      <Text c="dimmed" fw={700} size="xl" ff="monospace">
        {statusCode}
      </Text>
      <Title order={1}>{statusMessageFor(statusCode)}</Title>
      <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Button component={Link} to="/" variant="light" leftSection={<IconArrowLeft size={16} />}>
        {t.shell.backToHome}
      </Button>
    </Stack>
  );
}
