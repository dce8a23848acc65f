import type { RemittanceRecord } from '@airgrid/schema';
import { Alert, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { RulesField } from '../../ui/forms/rules-field';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { patchOf, REMITTANCE_FIELDS, remittanceValues } from './organization-model';
import { organizationKeys, organizationQueries, saveRemittance } from './queries';

/**
 * Where sponsor invoices ask to be paid. The page renders this for owners and admins only, and
 * the server answers nothing of it to anyone else.
 */
export function RemittanceCard({ organization }: { organization: string }) {
  const t = messages();
  const remittance = useQuery(organizationQueries.remittance(organization));
  return (
    <SectionCard title={t.organization.remittance}>
      <Text size="sm" c="dimmed">
        {t.organization.printedOnSponsorInvoicesSo}
      </Text>
      <Text size="xs" c="dimmed">
        <IconLock size={12} aria-hidden /> {t.organization.onlyOwnersAndAdminsSee}
      </Text>
      {remittance.isPending ? (
        <Loader size="sm" role="status" aria-label={t.organization.loadingRemittanceDetails} />
      ) : remittance.isError ? (
        <Alert color="red" role="alert">
          {describeError(remittance.error).error}
        </Alert>
      ) : (
        <RemittanceForm
          key={remittance.data?.updated ?? 'new'}
          organization={organization}
          record={remittance.data}
        />
      )}
    </SectionCard>
  );
}

function RemittanceForm({
  organization,
  record,
}: {
  organization: string;
  record: RemittanceRecord | null;
}) {
  const t = messages();
  const form = useRecordForm({
    fields: REMITTANCE_FIELDS,
    initialValues: remittanceValues(record),
    save: (values) => saveRemittance(organization, record, patchOf(values, REMITTANCE_FIELDS)),
    invalidate: [organizationKeys.remittance(organization)],
    success: () => t.organization.remittanceDetailsSaved,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <RulesField form={form} name="bankName" />
          <RulesField form={form} name="accountName" />
          <RulesField form={form} name="routingNumber" autoComplete="off" />
        </SimpleGrid>
        <RulesField form={form} name="notes" rows={2} />
        <FormActions
          canEdit
          changed={form.changed.length > 0}
          busy={form.busy}
          label={t.organization.saveRemittance}
          onCancel={() => form.reset()}
        />
      </Stack>
    </form>
  );
}
