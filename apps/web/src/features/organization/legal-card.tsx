import type { OrganizationRecord } from '@airgrid/schema';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { RulesField } from '../../ui/forms/rules-field';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { LEGAL_FIELDS, patchOf, valuesOf } from './organization-model';
import { ORGANIZATION_SAVE_INVALIDATES, updateOrganization } from './queries';

/** The legal name and EIN a non-profit station puts on receipts and sponsor invoices. */
export function LegalCard({
  organization,
  canEdit,
}: {
  organization: OrganizationRecord;
  canEdit: boolean;
}) {
  const t = messages();
  const form = useRecordForm({
    fields: LEGAL_FIELDS,
    initialValues: valuesOf(organization as unknown as Record<string, unknown>, LEGAL_FIELDS),
    save: (values) => updateOrganization(organization.id, patchOf(values, LEGAL_FIELDS)),
    invalidate: ORGANIZATION_SAVE_INVALIDATES,
    success: () => t.organization.legalDetailsSaved,
  });

  return (
    <SectionCard title={t.organization.legal}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t.organization.forNonProfitStationsThe}
          </Text>
          <FormError error={form.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <RulesField form={form} name="legalName" readOnly={!canEdit} />
            <RulesField form={form} name="ein" readOnly={!canEdit} />
            <RulesField form={form} name="currency" readOnly={!canEdit} />
          </SimpleGrid>
          <FormActions
            canEdit={canEdit}
            changed={form.changed.length > 0}
            busy={form.busy}
            label={t.organization.saveLegalDetails}
            onCancel={() => form.reset()}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
