import type { OrganizationRecord } from '@airgrid/schema';
import { Select, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
  const channels = useQuery(organizationQueries.channels(organization.id));
  const form = useRecordForm({
    initialValues: {
      listed: !organization.unlisted,
      landingChannel: organization.landingChannel,
    },
    save: ({ listed, landingChannel }) =>
      updateOrganization(organization.id, { unlisted: !listed, landingChannel }),
    invalidate: ORGANIZATION_SAVE_INVALIDATES,
    success: () => 'Public page settings saved',
    serverFields: ['unlisted', 'landingChannel'],
    aliases: { unlisted: 'listed' },
  });
  const { values, errors } = form;
  const options = landingChannelOptions(channels.data ?? [], organization.landingChannel);

  return (
    <SectionCard title="Public page">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <Switch
            label="Listed in the station picker"
            description="Viewers who open the guide or watch page without your address can find you by name. Unlisted, your pages still work at their addresses."
            checked={values.listed}
            onChange={(event) => form.set({ listed: event.currentTarget.checked })}
            error={errors.listed}
            disabled={!canEdit}
          />
          <Select
            label="Landing channel"
            description="What your watch page opens when the address names no channel."
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
            label="Save public page"
            onCancel={() => form.reset()}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
