import { AD_CATEGORIES, type AdRecord, type SponsorRecord } from '@airgrid/schema';
import {
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  categoryLabel,
  checkSpotForm,
  newSpotValues,
  type SpotFormValues,
  spotBody,
  spotFormValues,
  statusLabel,
  validityText,
} from './ads-model';
import { adsKeys, createSponsor, createSpot, updateSpot } from './queries';
import { SpotMedia } from './spot-media';

const FORM_FIELDS = ['title', 'sponsor', 'category', 'validFrom', 'validTo'];

export interface SpotModalProps {
  opened: boolean;
  /** The spot shown, or null for a new one. */
  spotId: string | null;
  /** The loaded spots: the modal follows the one it shows as the list is read again. */
  spots: readonly AdRecord[];
  organization: string;
  sponsors: readonly SponsorRecord[];
  staff: boolean;
  /** A new spot was saved: the modal goes on to its media. */
  onCreated: (id: string) => void;
  onClose: () => void;
}

/**
 * Add spot, and a spot's own modal: staff edit its fields (with a new sponsor added in place)
 * and upload its media; other members see its facts and preview it.
 */
export function SpotModal({ opened, spotId, spots, onClose, ...rest }: SpotModalProps) {
  const t = messages().ads;
  const spot = spotId ? spots.find((candidate) => candidate.id === spotId) : undefined;
  // A phone gets the whole screen: the form, the upload and the preview one under another.
  const fullScreen = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={fullScreen}
      title={spot ? (rest.staff ? t.editSpot(spot.title) : spot.title) : t.addSpot}
      size="lg"
    >
      {opened && (
        <Stack gap="lg">
          {rest.staff ? (
            // A new spot's form is remade once it exists (its key changes with its id).
            <SpotForm key={spot?.id ?? 'new'} spot={spot} onClose={onClose} {...rest} />
          ) : (
            spot && <SpotFacts spot={spot} sponsors={rest.sponsors} />
          )}
          {spot ? (
            <>
              <Divider />
              <SpotMedia spot={spot} canManage={rest.staff} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t.saveFirst}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** What a member who is not staff reads of a spot. */
function SpotFacts({ spot, sponsors }: { spot: AdRecord; sponsors: readonly SponsorRecord[] }) {
  const t = messages().ads;
  const sponsor = sponsors.find((candidate) => candidate.id === spot.sponsor)?.name ?? '—';
  const facts: [string, string][] = [
    [t.sponsor, sponsor],
    [t.category, categoryLabel(spot.category)],
    [t.validity, validityText(spot)],
    [t.status, statusLabel(spot.status)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function SpotForm({
  spot,
  organization,
  sponsors,
  onCreated,
  onClose,
}: Omit<SpotModalProps, 'opened' | 'spotId' | 'spots' | 'staff'> & { spot?: AdRecord }) {
  const t = messages().ads;
  const form = useRecordForm<SpotFormValues, AdRecord>({
    initialValues: () => (spot ? spotFormValues(spot) : newSpotValues()),
    validate: checkSpotForm,
    save: (values) =>
      spot ? updateSpot(spot.id, spotBody(values)) : createSpot(organization, spotBody(values)),
    invalidate: [adsKeys.all],
    success: (saved) => (spot ? t.spotSaved(saved.title) : t.spotAdded(saved.title)),
    // A new spot goes on to its media; an edited one is done.
    onSaved: (saved) => (spot ? onClose() : onCreated(saved.id)),
    serverFields: FORM_FIELDS,
  });
  const { values, errors, set, busy } = form;
  // Archived sponsors are not offered for a new choice, but the one a spot names stays shown.
  const offered = sponsors.filter((sponsor) => !sponsor.archived || sponsor.id === values.sponsor);
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput
          label={t.title}
          placeholder={t.titlePlaceholder}
          required
          data-autofocus
          value={values.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          error={errors.title}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <Select
              label={t.sponsor}
              description={t.sponsorHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={t.chooseASponsor}
              data={offered.map((sponsor) => ({ value: sponsor.id, label: sponsor.name }))}
              value={values.sponsor || null}
              onChange={(sponsor) => set({ sponsor: sponsor ?? '' })}
              clearable
              searchable
              error={errors.sponsor}
            />
            <NewSponsor organization={organization} onAdded={(id) => set({ sponsor: id })} />
          </Stack>
          <Select
            label={t.category}
            data={AD_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }))}
            value={values.category}
            onChange={(category) =>
              set({ category: (category ?? 'underwriting') as SpotFormValues['category'] })
            }
            allowDeselect={false}
            error={errors.category}
          />
          <TextInput
            type="date"
            label={t.validFrom}
            value={values.validFrom}
            onChange={(event) => set({ validFrom: event.currentTarget.value })}
            error={errors.validFrom}
          />
          <TextInput
            type="date"
            label={t.validTo}
            value={values.validTo}
            onChange={(event) => set({ validTo: event.currentTarget.value })}
            error={errors.validTo}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-4}>
          {t.validHint}
        </Text>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {messages().common.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {spot ? messages().common.save : t.addSpot}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "New sponsor" beside the sponsor picker: a name, added at once and chosen, so a spot for a
 * sponsor not yet listed is one step (the rest of the sponsor's details wait for its tab). The
 * spot's form keeps what was typed in it.
 */
function NewSponsor({
  organization,
  onAdded,
}: {
  organization: string;
  onAdded: (id: string) => void;
}) {
  const t = messages().ads;
  const action = useAction();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!adding)
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconUserPlus size={14} />}
        onClick={() => setAdding(true)}
        w="max-content"
      >
        {t.newSponsor}
      </Button>
    );
  const add = () => {
    if (name.trim() === '') {
      setProblem(t.giveTheSponsorAName);
      return;
    }
    void action.run({
      save: () => createSponsor(organization, { name: name.trim() }),
      invalidate: [adsKeys.all],
      success: (sponsor) => t.sponsorAddedAndChosen(sponsor.name),
      onSaved: (sponsor) => {
        onAdded(sponsor.id);
        setAdding(false);
        setName('');
      },
      failure: (failure) => {
        const described = describeError(failure);
        setProblem(described.fieldErrors.name ?? described.error);
      },
    });
  };
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        aria-label={t.newSponsorName}
        placeholder={t.newSponsorName}
        size="xs"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          // Enter adds the sponsor, not the spot.
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        error={problem}
        style={{ flex: 1 }}
        data-autofocus
      />
      <Button size="xs" onClick={add} loading={action.busy}>
        {t.addSponsorAndChoose}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          setAdding(false);
          setName('');
          setProblem(null);
        }}
      >
        {t.cancelNewSponsor}
      </Button>
    </Group>
  );
}
