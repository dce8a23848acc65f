import { formatDuration, slotLengthOf } from '@airgrid/domain';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { durationInput, parseDuration } from '../../shared/duration';
import { showKeys } from '../../shared/shows/show-keys';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { createShow, showQueries, updateShow } from './queries';
import {
  canManageAllShows,
  checkShowForm,
  lengthFacts,
  type MemberRecord,
  newShowValues,
  type ShowFormValues,
  type ShowRecord,
  showFormValues,
  showPayload,
} from './show-model';

const t = messages();

/** Fields the form shows, so server errors for them land under the field. */
const FORM_FIELDS = [
  'title',
  'subtitle',
  'description',
  'category',
  'duration',
  'rating',
  'language',
  'season',
  'episode',
  'status',
  'producer',
  'producerName',
];

const STATUS_OPTIONS = [
  { value: 'draft', label: t.shows.draft },
  { value: 'ready', label: t.shows.ready },
  { value: 'archived', label: t.shows.archived },
];

/** The organization's members, for the producer select and filter. */
export function useMembers(organization: string) {
  return useQuery(showQueries.members(organization));
}

/** A member as a select shows them: the name, or the email when they have none. */
export function memberLabel(member: MemberRecord): string {
  return member.name || member.email || member.id;
}

export interface ShowFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The show to edit; without one the form creates a show. */
  show?: ShowRecord;
  organization: string;
  /** Categories already in the catalogue, offered as the category is typed. */
  categories?: string[];
  onSaved?: (show: ShowRecord) => void;
}

/** New show and Edit show: the same form, empty or filled in from the record. */
export function ShowFormModal({ opened, onClose, show, ...rest }: ShowFormModalProps) {
  const t = messages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={show ? t.shows.editTitle(show.title) : t.shows.newShow}
      size="lg"
    >
      {opened && <ShowForm show={show} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function ShowForm({
  show,
  organization,
  categories = [],
  onClose,
  onSaved,
}: Omit<ShowFormModalProps, 'opened'>) {
  const t = messages();
  const { user } = useAuth();
  // A producer's shows are their own: the server refuses any other producer (shows.ts).
  const ownShowsOnly = !canManageAllShows(user?.role);
  const form = useRecordForm<ShowFormValues, ShowRecord>({
    initialValues: () =>
      show ? showFormValues(show) : newShowValues(ownShowsOnly && user ? String(user.id) : ''),
    validate: checkShowForm,
    save: (values) => {
      const body = showPayload(values);
      return show ? updateShow(show.id, body) : createShow({ ...body, organization });
    },
    invalidate: [showKeys.all],
    success: (saved) =>
      show ? t.shows.titleSaved(saved.title) : t.shows.titleCreated(saved.title),
    onSaved: (saved) => {
      onSaved?.(saved);
      onClose();
    },
    serverFields: FORM_FIELDS,
    // The duration input is typed as minutes; the server names the seconds field.
    aliases: { durationSec: 'duration' },
  });
  const { values, errors, set, busy } = form;
  const members = useMembers(organization);
  const producers = (members.data ?? []).map((member) => ({
    value: member.id,
    label: memberLabel(member),
  }));

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput
          label={t.shows.title}
          required
          value={values.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          error={errors.title}
        />
        <TextInput
          label={t.shows.subtitle}
          description={t.shows.eGTheEpisodeS}
          value={values.subtitle}
          onChange={(event) => set({ subtitle: event.currentTarget.value })}
          error={errors.subtitle}
        />
        <Textarea
          label={t.shows.description}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <Group grow align="flex-start">
          <Autocomplete
            label={t.shows.category}
            placeholder={t.shows.eGNews}
            data={categories}
            value={values.category}
            onChange={(category) => set({ category })}
            error={errors.category}
          />
          <TextInput
            label={t.shows.slotLengthField}
            description={t.shows.slotLengthHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="30"
            value={values.duration}
            onChange={(event) => set({ duration: event.currentTarget.value })}
            error={errors.duration}
          />
        </Group>
        {show && (
          <MediaLength
            show={show}
            typed={values.duration}
            onUse={(duration) => set({ duration })}
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t.shows.rating}
            placeholder={t.shows.eGTvG}
            value={values.rating}
            onChange={(event) => set({ rating: event.currentTarget.value })}
            error={errors.rating}
          />
          <TextInput
            label={t.shows.language}
            placeholder={t.shows.eGEn}
            value={values.language}
            onChange={(event) => set({ language: event.currentTarget.value })}
            error={errors.language}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t.shows.season}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.season}
            onChange={(season) => set({ season })}
            error={errors.season}
          />
          <NumberInput
            label={t.shows.episode}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.episode}
            onChange={(episode) => set({ episode })}
            error={errors.episode}
          />
          <Select
            label={t.shows.status}
            data={STATUS_OPTIONS}
            allowDeselect={false}
            value={values.status}
            onChange={(status) => set({ status: (status ?? 'draft') as ShowFormValues['status'] })}
            error={errors.status}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t.shows.producer}
            description={
              ownShowsOnly ? t.shows.producersAddAndEditTheir : t.shows.aMemberOfTheStation
            }
            placeholder={members.isPending ? t.shows.loadingMembers : t.shows.noMember}
            data={producers}
            searchable
            clearable={!ownShowsOnly}
            disabled={ownShowsOnly}
            value={values.producer || null}
            onChange={(producer) => set({ producer: producer ?? '' })}
            error={errors.producer}
          />
          <TextInput
            label={t.shows.producerName}
            description={t.shows.someoneOutsideTheStation}
            disabled={Boolean(values.producer)}
            value={values.producer ? '' : values.producerName}
            onChange={(event) => set({ producerName: event.currentTarget.value })}
            error={errors.producerName}
          />
        </Group>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {show ? t.shows.saveShow : t.shows.createShow}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * What the show's media runs, under its slot length, once the media has been read, and a
 * warning with the slot it would fit when the typed length does not suit it. The length
 * changes only when the station presses the button (issue 36: media never changes it alone).
 */
function MediaLength({
  show,
  typed,
  onUse,
}: {
  show: ShowRecord;
  typed: string;
  onUse: (duration: string) => void;
}) {
  const parsed = parseDuration(typed);
  const { runtimeSec, warning } = lengthFacts({
    durationSec: 'seconds' in parsed ? parsed.seconds : 0,
    mediaInfo: show.mediaInfo,
  });
  if (runtimeSec <= 0) return null;
  const suggested = slotLengthOf(runtimeSec);
  return warning ? (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="media-length">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{warning}</Text>
        <Button size="xs" variant="light" onClick={() => onUse(durationInput(suggested))}>
          {t.shows.chooseSlotLength(formatDuration(suggested, 'length', { units: true }))}
        </Button>
      </Stack>
    </Alert>
  ) : (
    <Text size="sm" c="dimmed" data-testid="media-length">
      {t.shows.mediaRuns(formatDuration(runtimeSec, 'runtime', { units: true }))}
    </Text>
  );
}
