import { Group } from '@mantine/core';
import { FeedbackButton } from '../../features/feedback/feedback-modal';
import { HelpButton } from '../../features/help/help-modal';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import { SettingsButton } from '../../features/settings/settings-modal';
import { AccountActions } from './account-actions';

/**
 * The right side of the default layout's header: the global modals' buttons (notifications,
 * help, feedback, settings) and the user menu. Each button comes from its feature folder.
 */
export function HeaderActions() {
  return (
    <Group gap={4} wrap="nowrap">
      <HelpButton />
      <FeedbackButton />
      <NotificationsBell />
      <SettingsButton />
      <AccountActions />
    </Group>
  );
}
