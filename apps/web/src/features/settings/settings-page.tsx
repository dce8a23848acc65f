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
import { useAuth } from '../../lib/use-auth';
import { AppearanceCard } from './appearance-card';
import { LocalizationCard } from './localization-card';
import { NotificationsCard } from './notifications-card';
import { PasswordCard } from './password-card';
import { PhotoCard } from './photo-card';
import { ProfileCard } from './profile-card';
import { SignInMethodsCard } from './sign-in-methods-card';

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
    label: 'Profile',
    description: 'Your name, phone, email, username and bio, as your colleagues see them.',
    icon: IconUser,
    render: (user) => <ProfileCard user={user} />,
  },
  {
    id: 'photo',
    label: 'Photo',
    description: 'The picture beside your name.',
    icon: IconPhoto,
    render: (user) => <PhotoCard user={user} />,
  },
  {
    id: 'account',
    label: 'Account',
    description:
      'Your password and the providers you sign in with. Your email changes from the profile, with a confirmation link.',
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
    label: 'Notifications',
    description: 'What you hear about, by email and in the browser.',
    icon: IconBell,
    render: (user) => <NotificationsCard user={user} />,
  },
  {
    id: 'localization',
    label: 'Localization',
    description: 'Language, units, clock and currency.',
    icon: IconClock,
    render: (user) => <LocalizationCard user={user} />,
  },
  {
    id: 'appearance',
    label: 'Appearance',
    description: 'Light or dark.',
    icon: IconPalette,
    render: (user) => <AppearanceCard user={user} />,
  },
];

/**
 * /settings and /settings/:section: the signed-in user's own settings, one section at a time
 * with the list of sections beside it (above it on a phone). /settings opens the profile.
 */
export function SettingsPage() {
  const { section: id = 'profile' } = useParams();
  const { user } = useAuth();
  const section = SETTINGS_SECTIONS.find((candidate) => candidate.id === id);
  if (!user) return null;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed" size="sm">
          Your own account: what you change here is yours, not the station’s.
        </Text>
      </div>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box component="nav" aria-label="Settings sections" w={220}>
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
            <Alert color="yellow" title="No such settings section">
              There is no “{id}” section.{' '}
              <Anchor component={Link} to="/settings/profile">
                Open your profile settings
              </Anchor>
              .
            </Alert>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
