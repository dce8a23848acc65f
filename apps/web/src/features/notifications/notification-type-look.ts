import type { MantineColor } from '@mantine/core';
import {
  IconAlarm,
  IconAlertCircle,
  IconAlertTriangle,
  IconChecklist,
  IconCircleCheck,
  IconHelpCircle,
  IconInfoCircle,
  IconMail,
  IconMessage,
  IconMessages,
  type TablerIcon,
} from '@tabler/icons-react';
import type { NotificationType } from './notifications-list';

/** The icon and colour that tell a notification's type at a glance (the type picks the icon). */
export const NOTIFICATION_TYPE_LOOKS: Record<
  NotificationType,
  { icon: TablerIcon; color: MantineColor }
> = {
  info: { icon: IconInfoCircle, color: 'blue' },
  reminder: { icon: IconAlarm, color: 'yellow' },
  help: { icon: IconHelpCircle, color: 'cyan' },
  message: { icon: IconMessage, color: 'indigo' },
  comments: { icon: IconMessages, color: 'grape' },
  mail: { icon: IconMail, color: 'blue' },
  task: { icon: IconChecklist, color: 'teal' },
  error: { icon: IconAlertCircle, color: 'red' },
  warning: { icon: IconAlertTriangle, color: 'orange' },
  success: { icon: IconCircleCheck, color: 'green' },
};
