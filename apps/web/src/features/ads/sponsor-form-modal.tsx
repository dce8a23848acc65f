import type { SponsorRecord } from '@airgrid/schema';
import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  checkSponsorForm,
  type SponsorFormValues,
  sponsorBody,
  sponsorFormValues,
} from './ads-model';
import { adsKeys, createSponsor, updateSponsor } from './queries';

const FORM_FIELDS = ['name', 'contactName', 'email', 'phone', 'billingAddress', 'notes'];

export interface SponsorFormModalProps {
  opened: boolean;
  sponsor?: SponsorRecord;
  organization: string;
  onClose: () => void;
}

/** Add sponsor and Edit sponsor: the same form. */
export function SponsorFormModal({
  opened,
  onClose,
  sponsor,
  organization,
}: SponsorFormModalProps) {
  const t = messages().ads;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={sponsor ? t.editSponsor(sponsor.name) : t.addSponsor}
      size="lg"
    >
      {opened && <SponsorForm sponsor={sponsor} organization={organization} onClose={onClose} />}
    </Modal>
  );
}

function SponsorForm({ sponsor, organization, onClose }: Omit<SponsorFormModalProps, 'opened'>) {
  const t = messages().ads;
  const form = useRecordForm<SponsorFormValues, SponsorRecord>({
    initialValues: () => sponsorFormValues(sponsor),
    validate: checkSponsorForm,
    save: (values) =>
      sponsor
        ? updateSponsor(sponsor.id, sponsorBody(values))
        : createSponsor(organization, sponsorBody(values)),
    invalidate: [adsKeys.all],
    success: (saved) => (sponsor ? t.sponsorSaved(saved.name) : t.sponsorAdded(saved.name)),
    onSaved: onClose,
    serverFields: FORM_FIELDS,
  });
  const { values, errors, set, busy } = form;
  const text = (name: keyof SponsorFormValues) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      set({ [name]: event.currentTarget.value }),
    error: errors[name],
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput label={t.name} required data-autofocus {...text('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t.contactName} {...text('contactName')} />
          <TextInput
            label={t.phone}
            type="tel"
            placeholder={t.phonePlaceholder}
            {...text('phone')}
          />
        </SimpleGrid>
        <TextInput label={t.email} type="email" {...text('email')} />
        <Textarea
          label={t.billingAddress}
          placeholder={t.billingAddressPlaceholder}
          autosize
          minRows={3}
          maxRows={6}
          {...text('billingAddress')}
        />
        <Textarea label={t.notes} autosize minRows={2} maxRows={6} {...text('notes')} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {messages().common.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {sponsor ? messages().common.save : t.addSponsor}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
