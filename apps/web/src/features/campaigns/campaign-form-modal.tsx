import type { CampaignRecord, GoalPeriod } from '@airgrid/schema';
import {
  Button,
  Divider,
  Group,
  Input,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../i18n/messages';
import { sharedChannelQueries } from '../../shared/channels/queries';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  type CampaignFormValues,
  campaignBody,
  campaignFormValues,
  checkCampaignForm,
  currencySymbol,
  FORM_ALIASES,
  FORM_FIELDS,
  newCampaignValues,
  rotationChoices,
} from './campaigns-model';
import { DaypartsEditor } from './dayparts-editor';
import { campaignsKeys, campaignsQueries, createCampaign, updateCampaign } from './queries';
import { RotationEditor } from './rotation-editor';

export interface CampaignFormModalProps {
  opened: boolean;
  /** The campaign edited, or null for a new one. */
  campaign: CampaignRecord | null | undefined;
  organization: string;
  onClose: () => void;
}

/** New campaign, and Edit: the whole campaign in one form, checked before it is sent. */
export function CampaignFormModal({
  opened,
  campaign,
  organization,
  onClose,
}: CampaignFormModalProps) {
  const t = messages().campaigns;
  // A phone gets the whole screen: the form is long.
  const fullScreen = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={fullScreen}
      title={campaign ? t.editCampaign(campaign.name) : t.newCampaign}
      size="xl"
    >
      {opened && (
        <CampaignForm
          key={campaign?.id ?? 'new'}
          campaign={campaign ?? null}
          organization={organization}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/** A hint under its input, so inputs of a row line up whatever their hints' lengths. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** A titled part of the form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function CampaignForm({
  campaign,
  organization,
  onClose,
}: {
  campaign: CampaignRecord | null;
  organization: string;
  onClose: () => void;
}) {
  const t = messages().campaigns;
  const currency = useQuery(campaignsQueries.currency(organization)).data ?? 'USD';
  const sponsors = useQuery(campaignsQueries.sponsors(organization)).data ?? [];
  const spots = useQuery(campaignsQueries.spots(organization)).data ?? [];
  const channels = useQuery(sharedChannelQueries.list(organization)).data ?? [];
  const form = useRecordForm<CampaignFormValues, CampaignRecord>({
    initialValues: () => (campaign ? campaignFormValues(campaign) : newCampaignValues()),
    validate: checkCampaignForm,
    save: (values) =>
      campaign
        ? updateCampaign(campaign.id, campaignBody(values))
        : createCampaign(organization, campaignBody(values)),
    invalidate: [campaignsKeys.all],
    success: (saved) => (campaign ? t.campaignSaved(saved.name) : t.campaignAdded(saved.name)),
    onSaved: onClose,
    serverFields: FORM_FIELDS,
    aliases: FORM_ALIASES,
  });
  const { values, errors, set, busy } = form;
  // Archived sponsors and channels are not offered anew, but the ones the campaign names stay.
  const offeredSponsors = sponsors.filter(
    (sponsor) => !sponsor.archived || sponsor.id === values.sponsor,
  );
  const offeredChannels = channels.filter(
    (channel) => !channel.archived || values.channels.includes(channel.id),
  );
  const choices = rotationChoices(
    spots,
    values.sponsor,
    values.rotation.map((row) => row.ad),
  );
  const number = (name: keyof CampaignFormValues) => ({
    value: values[name] as number | string,
    error: errors[name],
    onChange: (value: number | string) => set({ [name]: value } as Partial<CampaignFormValues>),
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <FormError error={form.formError} />
        <TextInput
          label={t.name}
          placeholder={t.namePlaceholder}
          required
          data-autofocus
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <Select
          label={t.sponsor}
          description={t.sponsorHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t.chooseASponsor}
          required
          data={offeredSponsors.map((sponsor) => ({ value: sponsor.id, label: sponsor.name }))}
          value={values.sponsor || null}
          // Another sponsor's spots leave the rotation (a campaign rotates its sponsor's own).
          onChange={(sponsor) =>
            set({
              sponsor: sponsor ?? '',
              rotation: values.rotation.filter(
                (row) => spots.find((spot) => spot.id === row.ad)?.sponsor === sponsor,
              ),
            })
          }
          searchable
          error={errors.sponsor}
        />
        <Stack gap={4}>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              type="date"
              label={t.flightStart}
              required
              value={values.flightStart}
              onChange={(event) => set({ flightStart: event.currentTarget.value })}
              error={errors.flightStart}
            />
            <TextInput
              type="date"
              label={t.flightEnd}
              required
              value={values.flightEnd}
              onChange={(event) => set({ flightEnd: event.currentTarget.value })}
              error={errors.flightEnd}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t.flightHint}
          </Text>
        </Stack>

        <Section title={t.sectionWhere}>
          <MultiSelect
            label={t.channels}
            description={t.channelsHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={values.channels.length === 0 ? t.chooseChannels : undefined}
            nothingFoundMessage={t.noChannelsYet}
            data={offeredChannels.map((channel) => ({ value: channel.id, label: channel.name }))}
            value={values.channels}
            onChange={(chosen) => set({ channels: chosen })}
            searchable
            clearable
            error={errors.channels}
          />
          <DaypartsEditor
            value={values.dayparts}
            onChange={(dayparts) => set({ dayparts })}
            error={errors.dayparts}
          />
        </Section>

        <Section title={t.sectionHowMany}>
          <Input.Wrapper
            label={t.goal}
            description={t.goalHint}
            error={errors.goalSpots ?? errors.goalPer}
            labelElement="div"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          >
            <Group gap="sm" mt={4} wrap="nowrap" align="center">
              <NumberInput
                aria-label={t.goalSpots}
                w={110}
                min={1}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                {...number('goalSpots')}
                error={Boolean(errors.goalSpots)}
              />
              <SegmentedControl
                aria-label={t.goalPer}
                value={values.goalPer}
                onChange={(goalPer) => set({ goalPer: goalPer as GoalPeriod })}
                data={[
                  { value: 'day', label: t.perDay },
                  { value: 'week', label: t.perWeek },
                  { value: 'total', label: t.perFlight },
                ]}
              />
            </Group>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <NumberInput
              label={t.capPerHour}
              description={t.capHint}
              inputWrapperOrder={BELOW}
              min={0}
              max={60}
              allowDecimal={false}
              allowNegative={false}
              {...number('capPerHour')}
            />
            <NumberInput
              label={t.capPerProgramme}
              description={t.capHint}
              inputWrapperOrder={BELOW}
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              {...number('capPerProgramme')}
            />
            <NumberInput
              label={t.priority}
              description={t.priorityHint}
              inputWrapperOrder={BELOW}
              min={1}
              max={10}
              allowDecimal={false}
              allowNegative={false}
              {...number('priority')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t.sponsorSeparation}
              description={t.sponsorSeparationHint}
              inputWrapperOrder={BELOW}
              min={0}
              max={1440}
              allowDecimal={false}
              allowNegative={false}
              {...number('sponsorSeparationMin')}
            />
            <TextInput
              label={t.competitiveCategory}
              description={t.competitiveCategoryHint}
              inputWrapperOrder={BELOW}
              placeholder={t.competitiveCategoryPlaceholder}
              maxLength={64}
              value={values.competitiveCategory}
              onChange={(event) => set({ competitiveCategory: event.currentTarget.value })}
              error={errors.competitiveCategory}
            />
            <NumberInput
              label={t.categorySeparation}
              description={t.categorySeparationHint}
              inputWrapperOrder={BELOW}
              min={0}
              max={1440}
              allowDecimal={false}
              allowNegative={false}
              {...number('categorySeparationMin')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t.sectionRotation}>
          <RotationEditor
            choices={choices}
            value={values.rotation}
            onChange={(rotation) => set({ rotation })}
            sponsorChosen={values.sponsor !== ''}
            error={errors.rotation}
          />
        </Section>

        <Section title={t.sectionBilling}>
          <NumberInput
            label={t.rate}
            description={t.rateHint(currency)}
            inputWrapperOrder={BELOW}
            prefix={currencySymbol(currency)}
            min={0}
            max={1_000_000}
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            w={{ base: '100%', xs: 220 }}
            {...number('rate')}
          />
          <Textarea
            label={t.notes}
            placeholder={t.notesPlaceholder}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={5000}
            value={values.notes}
            onChange={(event) => set({ notes: event.currentTarget.value })}
            error={errors.notes}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {campaign ? t.saveCampaign : t.addCampaign}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
