import {
  ARCHIVE_RETENTION_DAYS,
  ARCHIVE_RETENTION_MESSAGE,
  isAdminRole,
  isArchiveRetention,
} from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { archiveKeys } from '../../shared/archive/queries';
import { FormError } from '../../ui/form-error';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { archiveQueries, saveRetention } from './queries';

/**
 * /archive/settings: how long archived records are kept before the daily purge deletes them
 * for good (90 days by default). Owners and admins change it; everyone else reads it.
 */
export function ArchiveSettingsPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const retention = useQuery(archiveQueries.retention(organization));

  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1}>{t.archive.archiveSettings}</Title>
        <Text c="dimmed" size="sm">
          {t.archive.channelsShowsAndEmbedsYou}{' '}
          <Anchor component={Link} to="/archive/organization">
            {t.archive.archiveLink}
          </Anchor>{' '}
          {t.archive.untilTheyAreDeletedFor}
        </Text>
      </div>
      {retention.isPending ? (
        <Loader role="status" aria-label={t.archive.loadingTheArchiveSettings} />
      ) : retention.isError ? (
        <Alert color="red" role="alert">
          {describeError(retention.error).error}
        </Alert>
      ) : (
        <RetentionCard
          organization={organization}
          days={retention.data.days}
          settings={retention.data.settings}
          canEdit={isAdminRole(user?.role)}
        />
      )}
    </Stack>
  );
}

function RetentionCard({
  organization,
  days,
  settings,
  canEdit,
}: {
  organization: string;
  days: number;
  settings: unknown;
  canEdit: boolean;
}) {
  const t = messages();
  const form = useRecordForm<{ days: number | string }, unknown>({
    initialValues: { days },
    validate: ({ days: value }): Record<string, string> =>
      isArchiveRetention(value) ? {} : { days: ARCHIVE_RETENTION_MESSAGE },
    save: ({ days: value }) => saveRetention(organization, settings, Number(value)),
    invalidate: [archiveKeys.all],
    success: () => t.archive.archiveSettingsSaved,
    serverFields: ['settings'],
    aliases: { settings: 'days' },
  });

  return (
    <SectionCard title={t.archive.retention}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <NumberInput
            label={t.archive.keepArchivedRecordsForDays}
            description={t.archive.betweenMinAndMaxDays(
              ARCHIVE_RETENTION_DAYS.min,
              ARCHIVE_RETENTION_DAYS.max,
            )}
            min={ARCHIVE_RETENTION_DAYS.min}
            max={ARCHIVE_RETENTION_DAYS.max}
            allowDecimal={false}
            value={form.values.days}
            onChange={(value) => form.set({ days: value })}
            error={form.errors.days}
            readOnly={!canEdit}
          />
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" loading={form.busy} disabled={form.changed.length === 0}>
                {t.common.save}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t.archive.ownersAndAdminsChangeHow}
            </Text>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
