import { type OrganizationRecord, SUBMISSION_TEXT_MAX } from '@airgrid/schema';
import { Stack, Text, Textarea } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { stationPath } from '../../shared/stations/station-path';
import { CopyField } from '../../ui/copy-field';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { checkSubmissionTexts, submissionTexts } from './organization-model';
import { ORGANIZATION_SAVE_INVALIDATES, updateOrganization } from './queries';

/**
 * The public submission form's two texts, written by the station (its licence and content
 * policy, each accepted by a producer before they submit), and the form's public address.
 */
export function SubmissionsCard({
  organization,
  canEdit,
}: {
  organization: OrganizationRecord;
  canEdit: boolean;
}) {
  const t = messages().organization;
  const form = useRecordForm({
    initialValues: () => submissionTexts(organization),
    validate: checkSubmissionTexts,
    save: (values) => updateOrganization(organization.id, { ...values }),
    invalidate: ORGANIZATION_SAVE_INVALIDATES,
    success: () => t.submissionTextsSaved,
    serverFields: ['submissionLicence', 'submissionPolicy'],
  });
  const { values, errors } = form;
  const address = new URL(
    stationPath(organization.slug, 'submission'),
    window.location.origin,
  ).toString();

  return (
    <SectionCard title={t.submissions}>
      <Text size="sm" c="dimmed">
        {t.submissionsHint}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t.submissionForm}
        </Text>
        <CopyField label={t.submissionForm} value={address} />
      </Stack>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <Textarea
            label={t.submissionLicence}
            description={t.submissionLicenceHint}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={SUBMISSION_TEXT_MAX}
            value={values.submissionLicence}
            onChange={(event) => form.set({ submissionLicence: event.currentTarget.value })}
            error={errors.submissionLicence}
            readOnly={!canEdit}
          />
          <Textarea
            label={t.submissionPolicy}
            description={t.submissionPolicyHint}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={SUBMISSION_TEXT_MAX}
            value={values.submissionPolicy}
            onChange={(event) => form.set({ submissionPolicy: event.currentTarget.value })}
            error={errors.submissionPolicy}
            readOnly={!canEdit}
          />
          <FormActions
            canEdit={canEdit}
            changed={form.changed.length > 0}
            busy={form.busy}
            label={t.saveSubmissions}
            onCancel={() => form.reset()}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
