import type { OrganizationRecord } from '@airgrid/schema';
import { Select, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { landingChannelOptions, landingChoice, landingValue } from './organization-model';
import { ORGANIZATION_SAVE_INVALIDATES, organizationQueries, updateOrganization } from './queries';

/** Whether viewers find the station in the station picker, and what its bare /watch opens. */
export function PublicPageCard({
  organization,
  canEdit,
}: {
  organization: OrganizationRecord;
  canEdit: boolean;
}) {
  const t = messages();
  const channels = useQuery(organizationQueries.channels(organization.id));
  const form = useRecordForm({
    initialValues: {
      listed: !organization.unlisted,
      landingChannel: organization.landingChannel,
    },
    save: ({ listed, landingChannel }) =>
      updateOrganization(organization.id, { unlisted: !listed, landingChannel }),
    invalidate: ORGANIZATION_SAVE_INVALIDATES,
    success: () => t.organization.publicPageSettingsSaved,
    serverFields: ['unlisted', 'landingChannel'],
    aliases: { unlisted: 'listed' },
  });
  const { values, errors } = form;
  const options = landingChannelOptions(channels.data ?? [], organization.landingChannel);

  return (
    <SectionCard title={t.organization.publicPage}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <Switch
            label={t.organization.listedInTheStationPicker}
            description={t.organization.viewersWhoOpenTheGuide}
            checked={values.listed}
            onChange={(event) => form.set({ listed: event.currentTarget.checked })}
            error={errors.listed}
            disabled={!canEdit}
          />
          <Select
            label={t.organization.landingChannel}
            description={t.organization.whatYourWatchPageOpens}
            data={options}
            value={landingChoice(values.landingChannel)}
            onChange={(value) => form.set({ landingChannel: landingValue(value) })}
            error={errors.landingChannel}
            readOnly={!canEdit}
            disabled={channels.isPending}
            allowDeselect={false}
          />
          <FormActions
            canEdit={canEdit}
            changed={form.changed.length > 0}
            busy={form.busy}
            label={t.organization.savePublicPage}
            onCancel={() => form.reset()}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
