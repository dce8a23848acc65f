import { Button, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/use-auth';

/** The header's account corner: a sign-in button, or who is signed in. */
export function AccountActions() {
  const { isSignedIn, user } = useAuth();

  if (!isSignedIn) {
    return (
      <Button
        component={Link}
        to="/auth/login"
        size="xs"
        variant="default"
        leftSection={<IconLogin size={16} />}
      >
        Sign in
      </Button>
    );
  }

  const name = typeof user?.name === 'string' && user.name ? user.name : user?.email;
  return (
    <Text size="sm" c="dimmed" truncate maw={220}>
      {typeof name === 'string' ? name : 'Signed in'}
    </Text>
  );
}
