import { Switch } from '@mantine/core';
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
  const supported = speechSupported();
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
