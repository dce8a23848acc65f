import { Switch } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { messages } from '../../i18n/messages';
import { speechSupported } from './spoken-descriptions';

/** "Audio description": the viewer turns spoken descriptions on or off for this device. */
export function DescriptionsSwitch({
  checked,
  onChange,
  onDark = false,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  /** On the watch page's dark cards, whatever the colour scheme. */
  onDark?: boolean;
}) {
  const t = messages();
  // The server cannot speak: it renders the switch as a browser that can, and the browser's
  // own answer comes after hydration, so the two first renders match (React #418 otherwise).
  const supported = useSyncExternalStore(noChanges, speechSupported, () => true);
  return (
    <Switch
      label={t.descriptions.audioDescription}
      description={supported ? t.descriptions.spokenByYourBrowser : t.descriptions.cannotSpeak}
      checked={supported && checked}
      disabled={!supported}
      onChange={(event) => onChange(event.currentTarget.checked)}
      styles={
        onDark
          ? {
              label: { color: 'var(--mantine-color-gray-0)' },
              description: { color: 'var(--mantine-color-gray-4)' },
            }
          : undefined
      }
    />
  );
}

/** Whether the browser can speak does not change while the page is open. */
function noChanges(): () => void {
  return () => {};
}
