import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ArchivedOrganizationBanner } from '../../features/organization/archive-organization';
import { messages } from '../../i18n/messages';
import { loadCache, saveToCache } from '../../lib/client-cache';
import { useOwnStation } from '../../shared/stations/use-public-station';
import { Brand } from './brand';
import { CollectionsPanel } from './collections-panel';
import { HeaderActions } from './header-actions';
import type { LayoutProps } from './layout-props';
import { isNavLinkActive, navSections } from './nav-links';

/** Pages whose content needs the whole width: the side panels start collapsed there. */
export function startsCollapsed(pathname: string): boolean {
  return pathname === '/timeslots' || pathname.startsWith('/timeslots/');
}

/** Whether the side panels open on a page: never on a wide page, else as last left here. */
function panelsOpenOn(wide: boolean): boolean {
  return !wide && loadCache().sidePanels !== 'collapsed';
}

/** The signed-in workspace: header with brand, sidebar of areas, page in the main column. */
export function DefaultLayout({ children }: LayoutProps) {
  const t = messages();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const { pathname } = useLocation();
  // The member's station names the workspace (its logo and name); the product's until known.
  const ownStation = useOwnStation();
  // The sidebar and the collections panel open, close and toggle together (seed §4). They
  // start collapsed on the scheduling workspace, whose chart needs the page's width; the
  // toggle still opens them there, and leaving the workspace brings back the device's choice.
  // Elsewhere the choice is remembered on the device: a TV guide at 1366 px showed two and a
  // half hours between open panels, and collapsing them each visit was a chore.
  const wide = startsCollapsed(pathname);
  const [panelsOpened, setPanelsOpened] = useState(() => panelsOpenOn(wide));
  useEffect(() => {
    setPanelsOpened(panelsOpenOn(wide));
  }, [wide]);
  const togglePanels = () => {
    const next = !panelsOpened;
    setPanelsOpened(next);
    // The workspace's own collapsed start is not the device's choice.
    if (!wide) saveToCache({ sidePanels: next ? 'open' : 'collapsed' });
  };

  // On small screens the sidebar covers the page, so following a link closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change.
  useEffect(() => {
    closeMobile();
  }, [pathname, closeMobile]);

  return (
    <AppShell
      data-testid="layout-default"
      header={{ height: 56 }}
      navbar={{
        width: 240,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !panelsOpened },
      }}
      aside={{
        width: 240,
        breakpoint: 'lg',
        collapsed: { mobile: true, desktop: !panelsOpened },
      }}
      padding="lg"
    >
      <AppShell.Header>
        {/* Tight gaps: on a phone the station's name has what the buttons leave. */}
        <Group h="100%" px="md" gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t.shell.toggleNavigation}
            />
            <Tooltip label={panelsOpened ? t.shell.hideSidePanels : t.shell.showSidePanels}>
              <ActionIcon
                onClick={togglePanels}
                visibleFrom="sm"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t.shell.toggleNavigation}
                aria-expanded={panelsOpened}
              >
                {panelsOpened ? (
                  <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
                ) : (
                  <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
                )}
              </ActionIcon>
            </Tooltip>
            <Brand station={ownStation} to={ownStation ? '/dashboard' : '/'} />
          </Group>
          <HeaderActions />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label={t.shell.areas}>
        <AppShell.Section grow component={ScrollArea} p="xs">
          <Stack gap="sm">
            {navSections.map((section) => (
              <div key={section.label}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt={4} pb={4}>
                  {section.label}
                </Text>
                {section.links.map(({ label, path, icon: Icon, soon }) => (
                  <NavLink
                    key={path}
                    component={Link}
                    to={path}
                    label={label}
                    leftSection={<Icon size={18} stroke={1.6} />}
                    rightSection={
                      soon ? (
                        <Badge size="xs" variant="light" color="gray" title={t.shell.soonTitle}>
                          {t.shell.soon}
                        </Badge>
                      ) : undefined
                    }
                    active={isNavLinkActive(path, pathname)}
                    variant="light"
                  />
                ))}
              </div>
            ))}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Aside aria-label={t.shell.collections}>
        <CollectionsPanel />
      </AppShell.Aside>

      <AppShell.Main>
        <ArchivedOrganizationBanner />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
