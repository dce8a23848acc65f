import { ActionIcon, Modal, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { AppearanceCard } from './appearance-card';
import { useAccountColorMode } from './color-mode';
import { PhotoCard } from './photo-card';
import { ProfileCard } from './profile-card';

/**
 * The header's Settings button and the global Settings modal it opens (seed §2): the profile
 * card, the photo card and the colour mode, each saving the signed-in user's own record.
 * Shown only when someone is signed in: there is nothing to set otherwise.
 */
export function SettingsButton() {
  const t = messages();
  const [opened, { open, close }] = useDisclosure(false);
  const { isSignedIn, user } = useAuth();
  useAccountColorMode(user?.settings);

  if (!isSignedIn || !user) return null;
  return (
    <>
      <Tooltip label={t.settings.settings} openDelay={500}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t.settings.settings}
          onClick={open}
        >
          <IconSettings size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={t.settings.settings} size="lg">
        <Stack gap="md">
          <ProfileCard user={user} />
          <PhotoCard user={user} />
          <AppearanceCard user={user} />
        </Stack>
      </Modal>
    </>
  );
}
