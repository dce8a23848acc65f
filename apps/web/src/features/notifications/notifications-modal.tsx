import { fromRecordDate } from '@airgrid/domain';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBellCheck, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { messages } from '../../i18n/messages';
import { NOTIFICATION_TYPE_LOOKS } from './notification-type-look';
import {
  formatRelativeTime,
  type NotificationRecord,
  notificationTarget,
} from './notifications-list';
import { NOTIFICATION_DISMISS_MS, notificationsStore } from './notifications-store';

export interface NotificationsModalProps {
  opened: boolean;
  onClose: () => void;
  items: readonly NotificationRecord[];
  dismissing: readonly string[];
  /** All unread, including those beyond the loaded page. */
  count: number;
}

/** The notifications modal: the unread list with its count, or the all-caught-up message. */
export function NotificationsModal({
  opened,
  onClose,
  items,
  dismissing,
  count,
}: NotificationsModalProps) {
  const t = messages();
  const now = Date.now();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      title={
        <Group gap="xs" component="span">
          {t.notifications.notifications}
          {count > 0 && (
            <Badge size="sm" variant="light">
              {count}
            </Badge>
          )}
        </Group>
      }
    >
      {items.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconBellCheck size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} size="h4" mt="xs">
            {t.notifications.noNotifications}
          </Title>
          <Text c="dimmed" size="sm">
            {t.notifications.youReAllCaughtUp}
          </Text>
        </Stack>
      ) : (
        // Hidden overflow keeps a sliding-out item from widening the modal.
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none', overflow: 'hidden' }}
        >
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              notification={item}
              leaving={dismissing.includes(item.id)}
              now={now}
              onOpened={onClose}
            />
          ))}
        </Stack>
      )}
    </Modal>
  );
}

interface NotificationItemProps {
  notification: NotificationRecord;
  /** Sliding out after a dismiss. */
  leaving: boolean;
  now: number;
  /** Called after the item opened its path, to close the modal. */
  onOpened: () => void;
}

function NotificationItem({ notification, leaving, now, onOpened }: NotificationItemProps) {
  const t = messages();
  const navigate = useNavigate();
  const { id, title, body, type, path, img, created } = notification;
  const look = NOTIFICATION_TYPE_LOOKS[type] ?? NOTIFICATION_TYPE_LOOKS.info;
  const Icon = look.icon;
  const createdMs = fromRecordDate(created);
  const target = notificationTarget(path);

  const open = () => {
    if (!target) return;
    if (target.kind === 'app') navigate(target.to);
    else window.location.assign(target.href);
    onOpened();
  };

  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {img ? (
        <Avatar src={img} alt="" radius="xl" size={36} color={look.color}>
          <Icon size={18} stroke={1.8} />
        </Avatar>
      ) : (
        <ThemeIcon size={36} radius="xl" variant="light" color={look.color} aria-hidden>
          <Icon size={20} stroke={1.8} />
        </ThemeIcon>
      )}
      <Box miw={0}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {body && (
          <Text size="sm" c="dimmed">
            {body}
          </Text>
        )}
        {createdMs !== null && (
          <Text
            size="xs"
            c="dimmed"
            mt={2}
            component="time"
            dateTime={new Date(createdMs).toISOString()}
          >
            {formatRelativeTime(createdMs, now)}
          </Text>
        )}
      </Box>
    </Group>
  );

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-dismissing={leaving || undefined}
      style={{
        // The seed's slide-out: about a second, then the item leaves the list.
        transition: `transform ${NOTIFICATION_DISMISS_MS}ms ease-in, opacity ${NOTIFICATION_DISMISS_MS}ms ease-in`,
        transform: leaving ? 'translateX(110%)' : 'translateX(0)',
        opacity: leaving ? 0 : 1,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        {target ? (
          <UnstyledButton onClick={open} style={{ flex: 1, minWidth: 0 }} disabled={leaving}>
            {content}
          </UnstyledButton>
        ) : (
          <Box style={{ flex: 1, minWidth: 0 }}>{content}</Box>
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t.notifications.dismiss}
          onClick={() => notificationsStore.dismiss(id)}
          disabled={leaving}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
