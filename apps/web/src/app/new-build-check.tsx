import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { messages } from '../i18n/messages';
import {
  BUILD_POLL_MS,
  FIRST_CHECK_DELAY_MS,
  fetchBuildManifest,
  isNewBuild,
  mayReload,
  reloadForNewBuild,
  shouldCheckEarly,
} from '../lib/build-check';

const NOTICE_ID = 'new-build';

/**
 * Checks the server's build manifest 1 s after start and then every 60 minutes, and offers a
 * reload when a newer build is deployed. A lazily loaded page whose chunk is gone after a
 * deploy (Vite's `vite:preloadError`) reloads straight away, at most once per 10 s.
 */
export function NewBuildCheck() {
  useEffect(() => {
    let offered = false;
    const check = async () => {
      const t = messages();
      if (offered) return;
      if (!isNewBuild(import.meta.env.VITE_BUILD_ID, await fetchBuildManifest())) return;
      offered = true;
      notifications.show({
        id: NOTICE_ID,
        title: t.shell.newVersion,
        message: <NewBuildMessage />,
        autoClose: false,
        withCloseButton: true,
      });
    };

    const connection = (
      navigator as { connection?: { saveData?: boolean; effectiveType?: string } }
    ).connection;
    const first = shouldCheckEarly(connection)
      ? setTimeout(check, FIRST_CHECK_DELAY_MS)
      : undefined;
    const poll = setInterval(check, BUILD_POLL_MS);

    const onPreloadError = (event: Event) => {
      if (!mayReload(sessionStorage, Date.now())) return;
      event.preventDefault();
      reloadForNewBuild();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      clearTimeout(first);
      clearInterval(poll);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, []);
  return null;
}

function NewBuildMessage() {
  const t = messages();
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{t.shell.reloadToGetTheLatest}</Text>
      <Button size="xs" onClick={() => reloadForNewBuild()}>
        {t.shell.reload}
      </Button>
    </Group>
  );
}
