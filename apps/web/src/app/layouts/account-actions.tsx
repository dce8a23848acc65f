import { Avatar, Button, Menu, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogin, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { signOut } from '../../features/auth/queries';
import { avatarUrl } from '../../features/settings/avatar-url';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { holdForSignOut } from '../sign-out-hold';

/** How long the app waits after logging out before it shows the sign-in page (seed §9). */
const LOGOUT_REDIRECT_MS = 1000;

/** The header's account corner: a sign-in button, or the user menu with log out. */
export function AccountActions() {
  const t = messages();
  const { isSignedIn, user } = useAuth();
  const navigate = useNavigate();

  if (!isSignedIn) {
    return (
      <Button
        component={Link}
        to="/auth/login"
        size="xs"
        variant="default"
        leftSection={<IconLogin size={16} />}
      >
        {t.shell.signIn}
      </Button>
    );
  }

  const name =
    typeof user?.name === 'string' && user.name
      ? user.name
      : String(user?.email ?? t.shell.account);

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: t.shell.logOut,
      children: <Text size="sm">{t.shell.confirmLogOut}</Text>,
      labels: { confirm: t.shell.logOut, cancel: t.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        const hold = holdForSignOut();
        signOut();
        setTimeout(() => {
          navigate('/auth/login');
          hold.release();
        }, LOGOUT_REDIRECT_MS);
      },
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t.shell.accountMenuFor(name)}>
          <Avatar size="sm" radius="xl" color="green" name={name} src={avatarUrl(user)} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t.shell.profile}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t.shell.settings}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={confirmLogout}>
          {t.shell.logOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
