import { type CaptionCue, type MediaInfo, playsInBrowsers } from '@airgrid/schema';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowMergeAltLeft, IconCut, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { trackLabel } from './captions-model';
import {
  cueProblem,
  cuesToVtt,
  formatCueTime,
  mergeWithNext,
  parseCueTime,
  shiftCues,
  splitCue,
} from './cue-editor-model';
import { CueTimeline } from './cue-timeline';
import { captionKeys, previewUrl, saveCues, type TrackWithShow, trackQuery } from './queries';

/** A cue as the editor holds it: with a key of its own, so its fields keep what is typed. */
type EditorCue = CaptionCue & { key?: string };

let keyCount = 0;
function newKey(): string {
  keyCount += 1;
  return `cue-${keyCount}`;
}
const withKeys = (cues: readonly EditorCue[]): EditorCue[] =>
  cues.map((cue) => (cue.key ? cue : { ...cue, key: newKey() }));
const withoutKeys = (cues: readonly EditorCue[]): CaptionCue[] =>
  cues.map(({ start, end, text }) => ({ start, end, text }));

/** A time field: shows the time as written, reads it back when the person leaves it. */
function TimeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number;
  onChange: (seconds: number | null) => void;
  error?: string | null;
}) {
  const [text, setText] = useState(formatCueTime(value));
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (!typed) setText(formatCueTime(value));
  }, [value, typed]);
  const invalid = typed && parseCueTime(text) === null;
  return (
    <TextInput
      label={label}
      size="xs"
      value={text}
      onChange={(event) => {
        setTyped(true);
        setText(event.currentTarget.value);
        onChange(parseCueTime(event.currentTarget.value));
      }}
      onBlur={() => {
        const seconds = parseCueTime(text);
        if (seconds !== null) {
          setTyped(false);
          setText(formatCueTime(seconds));
        }
      }}
      error={invalid ? messages().captions.notATime : error}
      w={150}
    />
  );
}

/** The media the cues go with, playing the cues as they are now (saved or not). */
function Preview({
  show,
  cues,
  language,
  player,
  onTime,
}: {
  show: NonNullable<TrackWithShow['expand']>['show'];
  cues: readonly CaptionCue[];
  language: string;
  player: React.RefObject<HTMLVideoElement | null>;
  /** The playhead, as the preview plays or is moved. */
  onTime: (seconds: number) => void;
}) {
  const t = messages().captions;
  const playable =
    show &&
    (show.webMedia ||
      (show.media &&
        typeof show.mediaInfo?.durationSec === 'number' &&
        playsInBrowsers(show.mediaInfo as unknown as MediaInfo)));
  const source = useQuery({
    queryKey: captionKeys.preview(show?.id ?? '', show?.webMedia || show?.media || ''),
    queryFn: () => previewUrl(show),
    enabled: Boolean(playable),
    staleTime: 60_000,
  });
  const track = useMemo(
    () => URL.createObjectURL(new Blob([cuesToVtt(cues)], { type: 'text/vtt' })),
    [cues],
  );
  useEffect(() => () => URL.revokeObjectURL(track), [track]);
  if (!playable) return <Text c="dimmed">{t.noPreview}</Text>;
  if (!source.data) return <Loader size="sm" />;
  return (
    <video
      ref={player}
      controls
      preload="metadata"
      src={source.data}
      aria-label={t.preview}
      onError={() => void source.refetch()}
      onTimeUpdate={(event) => onTime(event.currentTarget.currentTime)}
      onSeeked={(event) => onTime(event.currentTarget.currentTime)}
      style={{ width: '100%', borderRadius: 4 }}
    >
      <track key={track} kind="captions" src={track} srcLang={language} label={t.preview} default />
    </video>
  );
}

/**
 * /captions/:track: a track's cues, edited in place: text and times, split, merge, delete, add,
 * move them all; previewed against the show's media as they are; saved with Save or Ctrl+S.
 */
export function CueEditorPage() {
  const t = messages();
  const { track: id = '' } = useParams();
  const queryClient = useQueryClient();
  const track = useQuery(trackQuery(id));
  const [cues, setEditorCues] = useState<EditorCue[] | null>(null);
  const setCues = (next: readonly EditorCue[]) => setEditorCues(withKeys(next));
  const [badTimes, setBadTimes] = useState<Set<string>>(new Set());
  const [offset, setOffset] = useState<number | string>(0);
  const [saving, setSaving] = useState(false);
  const player = useRef<HTMLVideoElement | null>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [selected, setSelected] = useState(-1);
  const loaded = track.data?.cues ?? null;
  useEffect(() => {
    if (loaded && cues === null) setEditorCues(withKeys(loaded));
  }, [loaded, cues]);
  const dirty = cues !== null && JSON.stringify(withoutKeys(cues)) !== JSON.stringify(loaded);
  const problems = (cues ?? []).map(cueProblem);
  const canSave = dirty && badTimes.size === 0 && problems.every((problem) => problem === null);

  const save = async () => {
    if (!cues || !canSave || saving) return;
    setSaving(true);
    await runAction(
      {
        save: () => saveCues(id, withoutKeys(cues)),
        invalidate: [captionKeys.all],
        success: () => t.captions.cuesSaved,
        failure: { summary: t.captions.cuesNotSaved, group: 'cues-save' },
      },
      appEffects(queryClient),
    );
    setSaving(false);
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  /** Selects a cue: the list scrolls to it and its text takes the focus; the preview goes there. */
  const select = (index: number, seek = true) => {
    const cue = cues?.[index];
    if (!cue) return;
    setSelected(index);
    const field = document.querySelector<HTMLTextAreaElement>(`[data-cue-text="${index}"]`);
    field?.scrollIntoView({ block: 'nearest' });
    field?.focus({ preventScroll: true });
    if (seek && player.current) player.current.currentTime = cue.start;
  };
  const playFrom = (index: number) => {
    const cue = cues?.[index];
    if (!cue || !player.current) return;
    player.current.currentTime = cue.start;
    void player.current.play().catch(() => {});
  };
  // Alt+↑ and Alt+↓ go to the cue before or after; Ctrl+Enter plays from the selected cue.
  const keysRef = useRef((_event: KeyboardEvent) => {});
  keysRef.current = (event) => {
    if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const count = cues?.length ?? 0;
      const next = event.key === 'ArrowDown' ? selected + 1 : selected - 1;
      if (count > 0) select(Math.max(0, Math.min(count - 1, next)));
    } else if ((event.ctrlKey || event.metaKey) && event.key === 'Enter' && selected >= 0) {
      event.preventDefault();
      playFrom(selected);
    }
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      } else keysRef.current(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (track.isPending) return <Loader role="status" aria-label={t.captions.loadingTrack} />;
  if (track.isError)
    return (
      <Alert color="red" role="alert">
        {describeError(track.error).error}
      </Alert>
    );
  if (!track.data)
    return (
      <Stack>
        <Title order={1}>{t.captions.trackNotFound}</Title>
        <Text>{t.captions.trackNotFoundBody}</Text>
        <Anchor component={Link} to="/captions">
          {t.captions.backToCaptions}
        </Anchor>
      </Stack>
    );

  const data = track.data;
  const list = cues ?? [];
  const update = (index: number, change: Partial<CaptionCue>) =>
    setCues(list.map((cue, i) => (i === index ? { ...cue, ...change } : cue)));
  const time = (index: number, key: 'start' | 'end') => (seconds: number | null) => {
    const field = `${index}:${key}`;
    setBadTimes((before) => {
      const next = new Set(before);
      if (seconds === null) next.add(field);
      else next.delete(field);
      return next;
    });
    if (seconds !== null) update(index, { [key]: seconds });
  };
  const problemText = (problem: string | null) =>
    problem === 'order'
      ? t.captions.endsBeforeStart
      : problem === 'text'
        ? t.captions.noText
        : null;

  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/captions" size="sm">
          {t.captions.backToCaptions}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>
            {t.captions.editorTitle(trackLabel(data), data.expand?.show?.title ?? '')}
          </Title>
          <Badge variant="light" color={data.status === 'complete' ? 'green' : 'yellow'}>
            {t.captions.statuses[data.status] ?? data.status}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {t.captions.editorIntro}
        </Text>
        <Text c="dimmed" size="xs" mt={4}>
          {t.captions.editorShortcuts}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <Preview
            show={data.expand?.show}
            cues={list}
            language={data.language}
            player={player}
            onTime={setCurrentTime}
          />
        </Paper>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t.captions.shiftAllBy}
              value={offset}
              onChange={setOffset}
              step={0.1}
              decimalScale={3}
              w={220}
            />
            <Button
              variant="default"
              onClick={() => setCues(shiftCues(list, Number(offset) || 0))}
              disabled={!Number(offset)}
            >
              {t.captions.shiftAll}
            </Button>
          </Group>
          <Group gap="sm">
            <Button onClick={() => void save()} loading={saving} disabled={!canSave}>
              {t.captions.saveCues}
            </Button>
            {dirty && (
              <Text size="sm" c="dimmed" role="status">
                {t.captions.unsaved}
              </Text>
            )}
          </Group>
          {dirty && !canSave && (
            <Alert color="yellow" role="alert">
              {t.captions.fixBeforeSaving}
            </Alert>
          )}
        </Stack>
      </SimpleGrid>
      <Paper withBorder p="md">
        <CueTimeline
          cues={list}
          mediaSeconds={Number(data.expand?.show?.mediaInfo?.durationSec) || 0}
          currentTime={currentTime}
          selected={selected}
          onSelect={(index) => select(index)}
          onSeek={(seconds) => {
            if (player.current) player.current.currentTime = seconds;
            setCurrentTime(seconds);
          }}
        />
      </Paper>
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((cue, index) => (
          <Paper
            key={cue.key}
            withBorder
            p="sm"
            component="li"
            aria-label={t.captions.cueNumber(index + 1)}
            style={
              selected === index
                ? { borderColor: 'var(--mantine-color-green-7)', borderWidth: 2 }
                : undefined
            }
          >
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Text fw={600} w={32} pt={24}>
                {index + 1}
              </Text>
              <TimeField
                label={t.captions.start}
                value={cue.start}
                onChange={time(index, 'start')}
              />
              <TimeField
                label={t.captions.end}
                value={cue.end}
                onChange={time(index, 'end')}
                error={problems[index] === 'order' ? problemText('order') : null}
              />
              <Textarea
                label={t.captions.text}
                size="xs"
                autosize
                minRows={1}
                value={cue.text}
                onChange={(event) => update(index, { text: event.currentTarget.value })}
                onFocus={() => setSelected(index)}
                data-cue-text={index}
                error={problems[index] === 'text' ? problemText('text') : null}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Group gap={4} pt={22}>
                <Tooltip label={t.captions.playFromHere}>
                  <ActionIcon
                    variant="default"
                    aria-label={t.captions.playFromHere}
                    onClick={() => playFrom(index)}
                  >
                    <IconPlayerPlay size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t.captions.split}>
                  <ActionIcon
                    variant="default"
                    aria-label={`${t.captions.split} ${index + 1}`}
                    onClick={() => setCues(splitCue(list, index))}
                  >
                    <IconCut size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t.captions.mergeWithNext}>
                  <ActionIcon
                    variant="default"
                    aria-label={`${t.captions.mergeWithNext} ${index + 1}`}
                    onClick={() => setCues(mergeWithNext(list, index))}
                    disabled={index === list.length - 1}
                  >
                    <IconArrowMergeAltLeft size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t.captions.deleteCue}>
                  <ActionIcon
                    variant="default"
                    color="red"
                    aria-label={`${t.captions.deleteCue} ${index + 1}`}
                    onClick={() => setCues(list.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group>
        <Button
          variant="default"
          onClick={() => {
            const last = list.at(-1);
            const start = last ? last.end : 0;
            setCues([...list, { start, end: start + 2, text: t.captions.newCueText }]);
          }}
        >
          {t.captions.addCue}
        </Button>
      </Group>
    </Stack>
  );
}
