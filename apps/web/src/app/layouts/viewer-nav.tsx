import { ActionIcon, Anchor, Button, Group } from '@mantine/core';
import { IconLayoutDashboard, IconLogin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { publicPagePath, stationPageOf } from '../../shared/stations/station-path';

/**
 * The viewers' navigation: the station's guide and watch pages (under its own URL when it is
 * known), and Sign in, or the dashboard for a signed-in member. Never the staff areas.
 */
export function ViewerNav({ stationSlug }: { stationSlug: string | null | undefined }) {
  const t = messages();
  const { isSignedIn } = useAuth();
  const { pathname } = useLocation();
  const current = stationPageOf(pathname);
  return (
    <Group
      component="nav"
      aria-label={t.shell.viewer}
      gap="sm"
      wrap="nowrap"
      style={{ flexShrink: 0 }}
    >
      <Anchor
        component={Link}
        to={publicPagePath(stationSlug, 'tvguide')}
        size="sm"
        fw={600}
        underline="hover"
        c={current === 'tvguide' ? undefined : 'dimmed'}
        aria-current={current === 'tvguide' ? 'page' : undefined}
      >
        {t.shell.guide}
      </Anchor>
      <Anchor
        component={Link}
        to={publicPagePath(stationSlug, 'watch')}
        size="sm"
        fw={600}
        underline="hover"
        c={current === 'watch' ? undefined : 'dimmed'}
        aria-current={current === 'watch' ? 'page' : undefined}
      >
        {t.shell.watch}
      </Anchor>
      {isSignedIn ? (
        <Button
          component={Link}
          to="/dashboard"
          size="xs"
          variant="default"
          leftSection={<IconLayoutDashboard size={16} />}
        >
          {t.shell.dashboard}
        </Button>
      ) : (
        <>
          <Button
            component={Link}
            to="/auth/login"
            size="xs"
            variant="default"
            leftSection={<IconLogin size={16} />}
            visibleFrom="xs"
          >
            {t.shell.signIn}
          </Button>
          {/* On a phone the station's name needs the room: the button keeps its icon. */}
          <ActionIcon
            component={Link}
            to="/auth/login"
            size="lg"
            variant="default"
            aria-label={t.shell.signIn}
            hiddenFrom="xs"
          >
            <IconLogin size={18} />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
