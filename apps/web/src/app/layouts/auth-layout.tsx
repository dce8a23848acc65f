import { Anchor, Box, Center, Group, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { Brand } from './brand';
import type { LayoutProps } from './layout-props';

/** Sign-in pages for signed-out visitors: the page in a card centred on the screen. */
export function AuthLayout({ children }: LayoutProps) {
  const t = messages();
  return (
    <Box
      data-testid="layout-auth"
      mih="100dvh"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="lg" w="100%" maw={440}>
          <Brand size="lg" />
          <Paper withBorder shadow="sm" radius="md" p="xl" w="100%">
            {children}
          </Paper>
          <Group gap="md">
            <Anchor component={Link} to="/tvguide" size="sm" c="dimmed">
              {t.shell.tvGuide}
            </Anchor>
            <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
              {t.shell.privacy}
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm" c="dimmed">
              {t.shell.terms}
            </Anchor>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
