import { type ChannelSource, DEFAULT_PLAYOUT_PROFILE } from '@airgrid/schema';
import {
  Button,
  ColorInput,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { messages } from '../../i18n/messages';
import {
  type ChannelFormValues,
  type ChannelRecord,
  channelFormValues,
  channelPayload,
  checkChannelForm,
  newChannelValues,
  playoutProfileOptions,
  sourceOptions,
} from '../../shared/channels/channel-model';
import { browserTimeZone, slugify, timeZones } from '../../shared/slug';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import { ChannelImageInput } from './channel-image-input';
import { CHANNEL_SAVE_INVALIDATES, createChannel, logoUrl, updateChannel } from './queries';

/** Fields the form shows, so server errors for them land under the field. */
const FORM_FIELDS = [
  'name',
  'slug',
  'number',
  'timeZone',
  'language',
  'source',
  'streamUrl',
  'playoutProfile',
  'public',
  'color',
  'description',
  'logo',
];

export interface ChannelFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The channel to edit; without one the form creates a channel. */
  channel?: ChannelRecord;
  organization: string;
  /** A new channel's number, e.g. one past the highest in use. */
  suggestedNumber?: number;
  onSaved?: (channel: ChannelRecord) => void;
}

/** New channel and Edit channel: the same form, empty or filled in from the record. */
export function ChannelFormModal({ opened, onClose, channel, ...rest }: ChannelFormModalProps) {
  const t = messages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={channel ? t.channels.editName(channel.name) : t.channels.newChannel}
      size="lg"
    >
      {opened && <ChannelForm channel={channel} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function ChannelForm({
  channel,
  organization,
  suggestedNumber = 1,
  onClose,
  onSaved,
}: Omit<ChannelFormModalProps, 'opened'>) {
  const t = messages();
  const zones = useMemo(() => {
    const known = timeZones();
    return channel && !known.includes(channel.timeZone) ? [channel.timeZone, ...known] : known;
  }, [channel]);
  // The slug follows the name until the person edits it; an existing channel keeps its own.
  const [slugTouched, setSlugTouched] = useState(Boolean(channel));
  const [logo, setLogo] = useState<ImageChoice>(KEEP_IMAGE);
  const [checkingLogo, setCheckingLogo] = useState(false);
  const form = useRecordForm<ChannelFormValues, ChannelRecord>({
    initialValues: () =>
      channel ? channelFormValues(channel) : newChannelValues(browserTimeZone(), suggestedNumber),
    validate: (values) => checkChannelForm(values, zones),
    save: (values) => {
      const body = { ...channelPayload(values), ...imagePatch('logo', logo) };
      return channel ? updateChannel(channel.id, body) : createChannel({ ...body, organization });
    },
    invalidate: CHANNEL_SAVE_INVALIDATES,
    success: (saved) =>
      channel ? t.channels.nameSaved(saved.name) : t.channels.nameCreated(saved.name),
    onSaved: (saved) => {
      onSaved?.(saved);
      onClose();
    },
    serverFields: FORM_FIELDS,
  });
  const { values, errors, set, busy } = form;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput
          label={t.channels.channelName}
          required
          value={values.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            set(slugTouched ? { name } : { name, slug: slugify(name) });
          }}
          error={errors.name}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t.channels.slug}
            description={t.channels.namesTheChannelInFeed}
            required
            value={values.slug}
            onChange={(event) => {
              setSlugTouched(true);
              set({ slug: event.currentTarget.value });
            }}
            error={errors.slug}
          />
          <NumberInput
            label={t.channels.channelNumber}
            description={t.channels.theNumberViewersTuneTo}
            min={0}
            max={99999}
            allowDecimal={false}
            value={values.number}
            onChange={(number) => set({ number })}
            error={errors.number}
          />
        </Group>
        <Select
          label={t.channels.timeZone}
          description={t.channels.theWallClockTheChannel}
          required
          searchable
          data={zones}
          value={values.timeZone}
          onChange={(timeZone) => set({ timeZone: timeZone ?? '' })}
          error={errors.timeZone}
        />
        <TextInput
          label={t.channels.language}
          description={t.channels.languageHint}
          placeholder={t.channels.languagePlaceholder}
          value={values.language}
          onChange={(event) => set({ language: event.currentTarget.value })}
          error={errors.language}
        />
        <Radio.Group
          label={t.channels.source}
          description={t.channels.sourceHint}
          value={values.source}
          onChange={(source) => set({ source: source as ChannelSource })}
          error={errors.source}
        >
          <Stack gap="xs" mt="xs">
            {sourceOptions().map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                description={option.description}
              />
            ))}
          </Stack>
        </Radio.Group>
        {values.source === 'stream' && (
          <TextInput
            label={t.channels.streamUrl}
            description={t.channels.theLiveStreamViewersWatch}
            placeholder={t.channels.https}
            value={values.streamUrl}
            onChange={(event) => set({ streamUrl: event.currentTarget.value })}
            error={errors.streamUrl}
          />
        )}
        {values.source === 'playout' && (
          <Select
            label={t.channels.playoutProfile}
            description={t.channels.playoutProfileHint}
            data={playoutProfileOptions()}
            value={values.playoutProfile || DEFAULT_PLAYOUT_PROFILE}
            onChange={(playoutProfile) =>
              set({ playoutProfile: playoutProfile ?? DEFAULT_PLAYOUT_PROFILE })
            }
            allowDeselect={false}
            error={errors.playoutProfile}
          />
        )}
        <Group grow align="flex-start">
          <ColorInput
            label={t.channels.colour}
            description={t.channels.marksTheChannelInThe}
            format="hex"
            placeholder={t.channels.rrggbb}
            eyeDropperButtonProps={{ 'aria-label': t.channels.pickAColourFromThe }}
            value={values.color}
            onChange={(color) => set({ color })}
            error={errors.color}
          />
          <Switch
            label={t.channels.public}
            description={t.channels.publicChannelsAppearInThe}
            checked={values.public}
            onChange={(event) => set({ public: event.currentTarget.checked })}
            error={errors.public}
            mt="lg"
          />
        </Group>
        <Textarea
          label={t.channels.description}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <ChannelImageInput
          field="logo"
          label={t.channels.logo}
          currentUrl={channel ? logoUrl(channel) : ''}
          choice={logo}
          onChoice={setLogo}
          onChecking={setCheckingLogo}
          error={errors.logo}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={busy || checkingLogo}>
            {channel ? t.channels.saveChannel : t.channels.createChannel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
