import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useId } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import {
  CLOCKS,
  CURRENCIES,
  LANGUAGES,
  type Localization,
  readLocalization,
  UNITS,
  withLocalization,
} from './localization';
import { updateOwnUser } from './queries';

/**
 * Settings → Localization: language (English for now), units, the clock and the currency.
 * Saved in the account, so every device follows; the clock changes the guide, the timeline,
 * the dashboard and every other time the app shows.
 */
export function LocalizationCard({ user }: { user: RecordModel }) {
  const t = messages();
  const stored = readLocalization(user.settings);
  const form: RecordForm<Localization, RecordModel> = useRecordForm<Localization, RecordModel>({
    initialValues: stored,
    validate: () => ({}),
    save: (values) => updateOwnUser(user.id, { settings: withLocalization(user.settings, values) }),
    success: () => t.settings.localizationSaved,
    onSaved: (saved): void => form.reset(readLocalization(saved.settings)),
  });
  const unitsLabel = useId();
  const clockLabel = useId();

  return (
    <SectionCard title={t.settings.localization}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="md">
          <FormError error={form.formError} />
          <Select
            label={t.settings.language}
            description={t.settings.airgridSpeaksEnglishForNow}
            data={[...LANGUAGES]}
            value={form.values.language}
            allowDeselect={false}
            onChange={() => {}}
          />
          <div>
            <Text size="sm" fw={500} id={unitsLabel}>
              {t.settings.units}
            </Text>
            <SegmentedControl
              aria-labelledby={unitsLabel}
              data={[...UNITS]}
              value={form.values.units}
              onChange={(units) => form.set({ units: units as Localization['units'] })}
              fullWidth
            />
          </div>
          <div>
            <Text size="sm" fw={500} id={clockLabel}>
              {t.settings.clock}
            </Text>
            <SegmentedControl
              aria-labelledby={clockLabel}
              data={[...CLOCKS]}
              value={form.values.clock}
              onChange={(clock) => form.set({ clock: clock as Localization['clock'] })}
              fullWidth
            />
          </div>
          <Select
            label={t.settings.currency}
            description={t.settings.sponsorInvoicesAndAdPrices}
            data={[...CURRENCIES]}
            value={form.values.currency}
            allowDeselect={false}
            onChange={(currency) => currency && form.set({ currency })}
          />
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
