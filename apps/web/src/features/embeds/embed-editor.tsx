import type { EmbedKind, EmbedTheme } from '@airgrid/schema';
import { EMBED_GUIDE_HOURS, EMBED_MAX_SIZE_PX, EMBED_UPCOMING_COUNT } from '@airgrid/schema';
import {
  Button,
  ColorInput,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useId, useMemo, useState } from 'react';
import { previewUrl } from '../../embed/widget-config';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  checkEmbedForm,
  DEFAULT_HEIGHTS,
  draftOf,
  type EmbedFormValues,
  type EmbedRecord,
  embedFormValues,
  embedPayload,
  embedSnippet,
  KIND_CHOICES,
  newEmbedValues,
} from './embed-model';
import { EmbedSnippet } from './embed-snippet';
import { createEmbed, embedKeys, updateEmbed } from './queries';

const t = messages();

/** Fields the form shows, so server errors for them land under the field. */
const FORM_FIELDS = [
  'name',
  'kind',
  'channels',
  'theme',
  'accent',
  'width',
  'height',
  'options',
  'allowedOrigins',
];

const THEMES: { value: EmbedTheme; label: string }[] = [
  { value: 'auto', label: t.embeds.auto },
  { value: 'light', label: t.embeds.light },
  { value: 'dark', label: t.embeds.dark },
];

/** Accents offered as swatches; any other colour can be picked or typed. */
const SWATCHES = ['#2f6fdf', '#0b7285', '#2b8a3e', '#e8590c', '#c2255c', '#7048e8', '#495057'];

export interface EmbedEditorProps {
  opened: boolean;
  onClose: () => void;
  /** The embed to edit; without one the editor creates an embed. */
  embed?: EmbedRecord;
  organization: string;
  channels: readonly ChannelRecord[];
  /** After each save: the page then edits the saved embed (the title follows). */
  onSaved?: (embed: EmbedRecord) => void;
}

/** New embed and Edit embed: the form, the live preview and, once saved, the snippet. */
export function EmbedEditor({ opened, onClose, embed, ...rest }: EmbedEditorProps) {
  const t = messages();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={embed ? t.embeds.editName(embed.name) : t.embeds.newEmbed}
      size={1200}
      fullScreen={fullScreen}
    >
      {opened && <EmbedEditorBody initial={embed} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function EmbedEditorBody({
  initial,
  organization,
  channels,
  onClose,
  onSaved,
}: Omit<EmbedEditorProps, 'opened' | 'embed'> & { initial?: EmbedRecord }) {
  const t = messages();
  const [saved, setSaved] = useState<EmbedRecord | undefined>(initial);
  const form = useRecordForm<EmbedFormValues, EmbedRecord>({
    initialValues: () => (initial ? embedFormValues(initial) : newEmbedValues()),
    validate: checkEmbedForm,
    save: (values) => {
      const body = embedPayload(values);
      return saved ? updateEmbed(saved.id, body) : createEmbed({ ...body, organization });
    },
    invalidate: [embedKeys.all],
    success: (record) => ({
      summary: saved ? t.embeds.nameSaved(record.name) : t.embeds.nameCreated(record.name),
      detail: saved ? undefined : t.embeds.copyTheSnippetToPut,
    }),
    onSaved: (record) => {
      setSaved(record);
      form.reset(embedFormValues(record));
      onSaved?.(record);
    },
    serverFields: FORM_FIELDS,
  });
  const { values, errors, set, busy } = form;
  const themeLabel = useId();
  // The preview follows the form a moment after typing stops, not on every keystroke.
  const [draft] = useDebouncedValue(values, 250);
  const preview = previewUrl(draftOf(draft, organization));

  const channelOptions = useMemo(
    () =>
      channels
        .filter((channel) => !channel.archived || values.channels.includes(channel.id))
        .map((channel) => ({
          value: channel.id,
          label: messages().embeds.channelOption(channel.number, channel.name, channel.public),
        })),
    [channels, values.channels],
  );

  function chooseKind(kind: EmbedKind) {
    form.update((current) => ({
      ...current,
      kind,
      // A kind's own height suits it better, unless the station chose one.
      height:
        current.height === DEFAULT_HEIGHTS[current.kind] ? DEFAULT_HEIGHTS[kind] : current.height,
      channels: kind === 'player' ? current.channels.slice(0, 1) : current.channels,
    }));
  }

  const width = Number(values.width) || 0;
  const height = Number(values.height) || DEFAULT_HEIGHTS[values.kind];
  const dirty =
    saved !== undefined &&
    JSON.stringify(embedPayload(values)) !== JSON.stringify(embedPayload(embedFormValues(saved)));
  const snippet = saved
    ? embedSnippet(window.location.origin, {
        id: saved.id,
        name: values.name.trim() || saved.name,
        width,
        height: Number(values.height) || 0,
      })
    : '';

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={form.submit} noValidate aria-label={t.embeds.embedSettings}>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <TextInput
            label={t.embeds.name}
            description={t.embeds.yoursToTellEmbedsApart}
            required
            value={values.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
          />
          <Select
            label={t.embeds.kind}
            required
            allowDeselect={false}
            data={KIND_CHOICES.map(({ value, label, description }) => ({
              value,
              label: t.embeds.labelDescription(label, description),
            }))}
            value={values.kind}
            onChange={(kind) => kind && chooseKind(kind as EmbedKind)}
            error={errors.kind}
          />
          {values.kind === 'player' ? (
            <Select
              label={t.embeds.channel}
              description={t.embeds.theChannelThePlayerPlays}
              required
              searchable
              data={channelOptions}
              value={values.channels[0] ?? null}
              onChange={(channel) => set({ channels: channel ? [channel] : [] })}
              error={errors.channels}
            />
          ) : (
            <MultiSelect
              label={t.embeds.channels}
              description={t.embeds.noneChosenShowsEveryPublic}
              placeholder={values.channels.length === 0 ? t.embeds.everyPublicChannel : undefined}
              searchable
              clearable
              data={channelOptions}
              value={values.channels}
              onChange={(chosen) => set({ channels: chosen })}
              error={errors.channels}
            />
          )}
          <div>
            <Text size="sm" fw={500} id={themeLabel}>
              {t.embeds.theme}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {t.embeds.autoFollowsEachVisitorS}
            </Text>
            <SegmentedControl
              aria-labelledby={themeLabel}
              data={THEMES}
              value={values.theme}
              onChange={(theme) => set({ theme: theme as EmbedTheme })}
              fullWidth
            />
            {errors.theme && (
              <Text size="xs" c="red" mt={4}>
                {errors.theme}
              </Text>
            )}
          </div>
          <ColorInput
            label={t.embeds.accentColour}
            description={t.embeds.marksWhatIsOnNow}
            format="hex"
            placeholder={t.embeds.default2f6fdf}
            swatches={SWATCHES}
            eyeDropperButtonProps={{ 'aria-label': t.embeds.pickAColourFromThe }}
            value={values.accent}
            onChange={(accent) => set({ accent })}
            error={errors.accent}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t.embeds.widthPx}
              description={t.embeds._0FillsTheColumnIt}
              min={0}
              max={EMBED_MAX_SIZE_PX}
              allowDecimal={false}
              value={values.width}
              onChange={(width) => set({ width })}
              error={errors.width}
            />
            <NumberInput
              label={t.embeds.heightPx}
              description={t.embeds._0FillsAContainerWith}
              min={0}
              max={EMBED_MAX_SIZE_PX}
              allowDecimal={false}
              value={values.height}
              onChange={(height) => set({ height })}
              error={errors.height}
            />
          </Group>
          {values.kind === 'guide' && (
            <NumberInput
              label={t.embeds.hoursShown}
              description={t.embeds.howFarAheadTheGuide}
              min={EMBED_GUIDE_HOURS.min}
              max={EMBED_GUIDE_HOURS.max}
              allowDecimal={false}
              value={values.hours}
              onChange={(hours) => set({ hours })}
              error={errors.options}
            />
          )}
          {values.kind === 'upcoming' && (
            <NumberInput
              label={t.embeds.airingsListed}
              min={EMBED_UPCOMING_COUNT.min}
              max={EMBED_UPCOMING_COUNT.max}
              allowDecimal={false}
              value={values.count}
              onChange={(count) => set({ count })}
              error={errors.options}
            />
          )}
          <Textarea
            label={t.embeds.allowedWebsites}
            description={t.embeds.originsThatMayShowThis}
            placeholder={t.embeds.httpsWwwExampleOrg}
            autosize
            minRows={2}
            maxRows={6}
            value={values.origins}
            onChange={(event) => set({ origins: event.currentTarget.value })}
            error={errors.allowedOrigins}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {saved ? t.embeds.done : t.common.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {saved ? t.embeds.saveEmbed : t.embeds.createEmbed}
            </Button>
          </Group>
        </Stack>
      </form>

      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-label={t.embeds.livePreview}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t.embeds.livePreview}
            </Title>
            <Text size="xs" c="dimmed">
              {t.embeds.previewNote(width)}
            </Text>
            <div style={{ overflow: 'auto', maxHeight: 560 }}>
              <iframe
                src={preview}
                title={t.embeds.livePreviewOfTheWidget}
                data-testid="embed-preview"
                style={{
                  border: 0,
                  display: 'block',
                  width: width > 0 ? width : '100%',
                  maxWidth: width > 0 ? undefined : '100%',
                  height,
                }}
              />
            </div>
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-label={t.embeds.snippet}>
          {saved ? (
            <EmbedSnippet
              snippet={snippet}
              note={dirty ? t.embeds.youHaveUnsavedChangesSave : undefined}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t.embeds.createTheEmbedToGet}
            </Text>
          )}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
