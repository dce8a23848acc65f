import { Badge, Box, Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/queries';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { Brand } from './brand';
import type { LayoutProps } from './layout-props';

/**
 * The operator console's frame: the product's name, "Operator", and sign out (a station's
 * account signed in here logs out to sign in as an operator). No station and no workspace: a
 * superuser belongs to none.
 */
export function OperatorLayout({ children }: LayoutProps) {
  const t = messages();
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
  return (
    <Box
      data-testid="layout-operator"
      mih="100dvh"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Box
        component="header"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h={56} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Brand />
            <Badge variant="light" color="gray">
              {t.shell.operator}
            </Badge>
          </Group>
          {isSignedIn && (
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                signOut();
                navigate('/operator/login');
              }}
            >
              {t.shell.logOut}
            </Button>
          )}
        </Group>
      </Box>
      <Box component="main" p={{ base: 'sm', sm: 'lg' }} style={{ flex: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
