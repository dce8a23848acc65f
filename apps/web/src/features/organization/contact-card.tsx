import { formatPhone } from '@airgrid/domain';
import type { OrganizationRecord } from '@airgrid/schema';
import { SimpleGrid, Stack } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { RulesField } from '../../ui/forms/rules-field';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { CONTACT_FIELDS, normalizeWebsite, patchOf, valuesOf } from './organization-model';
import { ORGANIZATION_SAVE_INVALIDATES, updateOrganization } from './queries';

/** Contact email, phone (+1 (xxx) xxx-xxxx), website and the mailing address. */
export function ContactCard({
  organization,
  canEdit,
}: {
  organization: OrganizationRecord;
  canEdit: boolean;
}) {
  const t = messages();
  const form = useRecordForm({
    fields: CONTACT_FIELDS,
    initialValues: valuesOf(organization as unknown as Record<string, unknown>, CONTACT_FIELDS),
    // Seed §9: a 10-digit number shows as +1 (xxx) xxx-xxxx, and is stored as shown.
    formatOnBlur: { contactPhone: formatPhone, website: normalizeWebsite },
    save: (values) => updateOrganization(organization.id, patchOf(values, CONTACT_FIELDS)),
    invalidate: ORGANIZATION_SAVE_INVALIDATES,
    success: () => t.organization.contactDetailsSaved,
  });
  const field = (name: string, autoComplete?: string) => (
    <RulesField form={form} name={name} autoComplete={autoComplete} readOnly={!canEdit} />
  );

  return (
    <SectionCard title={t.organization.contact}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {field('contactEmail', 'email')}
            {field('contactPhone', 'tel')}
          </SimpleGrid>
          {field('website', 'url')}
          {field('addressLine1', 'address-line1')}
          {field('addressLine2', 'address-line2')}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {field('city', 'address-level2')}
            {field('region', 'address-level1')}
            {field('postalCode', 'postal-code')}
          </SimpleGrid>
          <FormActions
            canEdit={canEdit}
            changed={form.changed.length > 0}
            busy={form.busy}
            label={t.organization.saveContact}
            onCancel={() => form.reset()}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
