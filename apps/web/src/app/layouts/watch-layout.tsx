import { Anchor, Box, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from './brand';
import type { LayoutProps } from './layout-props';

/** The public watch pages: full-bleed and dark, with a slim top bar. */
export function WatchLayout({ children }: LayoutProps) {
  return (
    <Box data-testid="layout-watch" mih="100dvh" bg="var(--mantine-color-dark-9)">
      <Group
        component="header"
        h={48}
        px="md"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-dark-6)' }}
      >
        <Brand size="sm" />
        <Anchor component={Link} to="/tvguide" size="sm" c="dimmed">
          TV guide
        </Anchor>
      </Group>
      <Box component="main" p="md">
        {children}
      </Box>
    </Box>
  );
}
