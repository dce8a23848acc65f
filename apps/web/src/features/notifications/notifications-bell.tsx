import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { NotificationsModal } from './notifications-modal';
import { unreadCount } from './notifications-store';
import { useNotifications } from './use-notifications';

/** The header's bell: the unread count on it, the notifications modal behind it. */
export function NotificationsBell() {
  const { isSignedIn } = useAuth();
  return isSignedIn ? <SignedInBell /> : null;
}

function SignedInBell() {
  const t = messages();
  const state = useNotifications();
  const { items, dismissing } = state;
  const [opened, { open, close }] = useDisclosure(false);
  const count = unreadCount(state);

  return (
    <>
      <Indicator
        label={count}
        size={16}
        offset={4}
        color="red"
        maxValue={99}
        disabled={count === 0}
        attributes={{ indicator: { 'data-testid': 'notifications-count' } }}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t.notifications.notifications}
          aria-description={count > 0 ? t.notifications.unread(count) : undefined}
          onClick={open}
        >
          <IconBell size={20} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      <NotificationsModal
        opened={opened}
        onClose={close}
        items={items}
        dismissing={dismissing}
        count={count}
      />
    </>
  );
}
