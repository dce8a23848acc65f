import { Alert, Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { toast } from '../../ui/toast';
import {
  COLOR_MODES,
  DEFAULT_COLOR_MODE,
  isColorModePreference,
  useColorMode,
  withColorMode,
} from './color-mode';
import { updateOwnUser } from './queries';

const t = messages();

/** Seed §4: "Forcing system is warned against" — what following the system costs. */
const SYSTEM_MODE_WARNING = t.settings.systemFollowsYourDeviceS;

/**
 * The appearance card: the colour mode preference. A choice applies at once (watch pages stay
 * dark) and is kept on this device and in the account.
 */
export function AppearanceCard({ user }: { user: RecordModel }) {
  const t = messages();
  const { preference, choose } = useColorMode();
  const mode = preference ?? DEFAULT_COLOR_MODE;

  async function onChange(value: string) {
    if (!isColorModePreference(value)) return;
    choose(value);
    try {
      await updateOwnUser(user.id, { settings: withColorMode(user.settings, value) });
    } catch (failure) {
      toast({
        severity: 'warn',
        summary: t.settings.colourModeKeptOnThis,
        detail: describeError(failure).error ?? undefined,
        group: 'settings-color-mode',
      });
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="settings-appearance-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="settings-appearance-title">
          {t.settings.appearance}
        </Title>
        <div>
          <Text size="sm" fw={500} id="settings-color-mode-label">
            {t.settings.colourMode}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t.settings.watchPagesAreAlwaysDark}
          </Text>
          <SegmentedControl
            aria-labelledby="settings-color-mode-label"
            data={COLOR_MODES.map(({ value, label }) => ({ value, label }))}
            value={mode}
            onChange={onChange}
            fullWidth
          />
        </div>
        {mode === 'system' && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {SYSTEM_MODE_WARNING}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
