import { Stack, Text, Title } from '@mantine/core';
import { messages } from '../i18n/messages';

export interface NotBuiltYetProps {
  /** The page's title, shown as its heading. */
  title: string;
  /** One sentence saying what the page will let the user do. */
  summary: string;
}

/** The honest stand-in for an area that has a route but no page yet. */
export function NotBuiltYet({ title, summary }: NotBuiltYetProps) {
  const t = messages();
  return (
    <Stack gap="xs" maw={640} py="md">
      <Title order={1}>{title}</Title>
      <Text>{summary}</Text>
      <Text c="dimmed" size="sm">
        {t.ui.notBuiltYet}
      </Text>
    </Stack>
  );
}
