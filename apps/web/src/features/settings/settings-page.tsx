import { Alert, Anchor, Box, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import {
  IconBell,
  IconClock,
  IconKey,
  IconPalette,
  IconPhoto,
  IconUser,
} from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { AppearanceCard } from './appearance-card';
import { LocalizationCard } from './localization-card';
import { NotificationsCard } from './notifications-card';
import { PasswordCard } from './password-card';
import { PhotoCard } from './photo-card';
import { ProfileCard } from './profile-card';
import { SignInMethodsCard } from './sign-in-methods-card';

const t = messages();

interface Section {
  id: string;
  label: string;
  description: string;
  icon: ComponentType<{ size?: number }>;
  render: (user: RecordModel) => ReactNode;
}

/** The sections of /settings/:section, in the order of the menu. */
export const SETTINGS_SECTIONS: readonly Section[] = [
  {
    id: 'profile',
    label: t.settings.profile,
    description: t.settings.yourNamePhoneEmailUsername,
    icon: IconUser,
    render: (user) => <ProfileCard user={user} />,
  },
  {
    id: 'photo',
    label: t.settings.photo,
    description: t.settings.thePictureBesideYourName,
    icon: IconPhoto,
    render: (user) => <PhotoCard user={user} />,
  },
  {
    id: 'account',
    label: t.settings.account,
    description: t.settings.yourPasswordYourEmailChanges,
    icon: IconKey,
    render: (user) => (
      <>
        <PasswordCard user={user} />
        <SignInMethodsCard user={user} />
      </>
    ),
  },
  {
    id: 'notifications',
    label: t.settings.notifications,
    description: t.settings.whatYouHearAboutBy,
    icon: IconBell,
    render: (user) => <NotificationsCard user={user} />,
  },
  {
    id: 'localization',
    label: t.settings.localization,
    description: t.settings.languageUnitsClockAndCurrency,
    icon: IconClock,
    render: (user) => <LocalizationCard user={user} />,
  },
  {
    id: 'appearance',
    label: t.settings.appearance,
    description: t.settings.lightOrDark,
    icon: IconPalette,
    render: (user) => <AppearanceCard user={user} />,
  },
];

/**
 * /settings and /settings/:section: the signed-in user's own settings, one section at a time
 * with the list of sections beside it (above it on a phone). /settings opens the profile.
 */
export function SettingsPage() {
  const t = messages();
  const { section: id = 'profile' } = useParams();
  const { user } = useAuth();
  const section = SETTINGS_SECTIONS.find((candidate) => candidate.id === id);
  if (!user) return null;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t.settings.settings}</Title>
        <Text c="dimmed" size="sm">
          {t.settings.yourOwnAccountWhatYou}
        </Text>
      </div>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box component="nav" aria-label={t.settings.settingsSections} w={220}>
          {SETTINGS_SECTIONS.map(({ id: sectionId, label, icon: Icon }) => (
            <NavLink
              key={sectionId}
              component={Link}
              to={`/settings/${sectionId}`}
              label={label}
              leftSection={<Icon size={18} />}
              active={sectionId === id}
              aria-current={sectionId === id ? 'page' : undefined}
            />
          ))}
        </Box>
        <Stack gap="sm" style={{ flex: '1 1 420px', maxWidth: 680 }}>
          {section ? (
            <>
              <Text size="sm" c="dimmed">
                {section.description}
              </Text>
              {section.render(user)}
            </>
          ) : (
            <Alert color="yellow" title={t.settings.noSuchSettingsSection}>
              {t.settings.thereIsNoIdSection(id)}
              <Anchor component={Link} to="/settings/profile">
                {t.settings.openYourProfileSettings}
              </Anchor>
              .
            </Alert>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
