import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  readNotificationPreferences,
  withNotificationPreferences,
} from '@airgrid/schema';
import { Alert, Checkbox, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { updateOwnUser } from './queries';

/** Asks the browser for permission to show notifications; a sentence when it cannot. */
async function allowBrowserNotifications(): Promise<string | null> {
  const t = messages();
  if (typeof window === 'undefined' || !('Notification' in window)) {
    return t.settings.thisBrowserCannotShowNotifications;
  }
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  return permission === 'granted' ? null : t.settings.yourBrowserBlocksNotificationsFrom;
}

/**
 * Settings → Notifications: email on or off, the browser's own notifications on or off, and
 * which kinds of notification to hear about. The server reads the same settings before it
 * mails a notification; the app before it shows one outside the page.
 */
export function NotificationsCard({ user }: { user: RecordModel }) {
  const t = messages();
  const stored = readNotificationPreferences(user.settings);
  const [blocked, setBlocked] = useState<string | null>(null);
  const form: RecordForm<NotificationPreferences, RecordModel> = useRecordForm<
    NotificationPreferences,
    RecordModel
  >({
    initialValues: stored,
    validate: () => ({}),
    save: (values) =>
      updateOwnUser(user.id, { settings: withNotificationPreferences(user.settings, values) }),
    success: () => t.settings.notificationSettingsSaved,
    onSaved: (saved): void => form.reset(readNotificationPreferences(saved.settings)),
  });
  const { values } = form;

  async function onNative(on: boolean) {
    setBlocked(null);
    if (on) {
      const problem = await allowBrowserNotifications();
      if (problem) {
        setBlocked(problem);
        return;
      }
    }
    form.set({ native: on });
  }

  return (
    <SectionCard title={t.settings.notifications}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="md">
          <FormError error={form.formError} />
          <Switch
            label={t.settings.emailMeNotifications}
            description={t.settings.sentToYourAccountS}
            checked={values.email}
            onChange={(event) => form.set({ email: event.currentTarget.checked })}
          />
          <Switch
            label={t.settings.showBrowserNotifications}
            description={t.settings.whenAirgridIsOpenIn}
            checked={values.native}
            onChange={(event) => onNative(event.currentTarget.checked)}
          />
          {blocked && (
            <Alert color="yellow" role="alert">
              {blocked}
            </Alert>
          )}
          <div>
            <Text size="sm" fw={500} mb={6} id="notification-kinds">
              {t.settings.kindsOfNotification}
            </Text>
            <SimpleGrid
              cols={{ base: 1, sm: 2 }}
              spacing="xs"
              role="group"
              aria-labelledby="notification-kinds"
            >
              {NOTIFICATION_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  label={NOTIFICATION_TYPE_LABELS[type]}
                  checked={values.types[type]}
                  onChange={(event) =>
                    form.set({ types: { ...values.types, [type]: event.currentTarget.checked } })
                  }
                />
              ))}
            </SimpleGrid>
          </div>
          <FormActions
            changed={form.changed.length > 0}
            busy={form.busy}
            label={t.common.save}
            onCancel={() => form.reset(stored)}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
