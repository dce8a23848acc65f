import { type ChangeMode, todayIn, toRecordDate } from '@airgrid/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconFileImport,
  IconLayoutSidebarRight,
  IconListDetails,
  IconPlus,
  IconRepeat,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { useAuth } from '../../lib/use-auth';
import { canManageChannels } from '../../shared/channels/channel-model';
import { cancelledBars, toChart, withCancelled } from '../../shared/schedule/guide-chart';
import { describeError } from '../../ui/forms/server-errors';
import {
  COLOR_SCHEME_NAMES,
  type ColorBy,
  type ColorSchemeName,
  type DaySummaryOptions,
  type RefusalReason,
  Timeline,
  type TimelineChange,
} from '../../ui/timeline';
import { toast } from '../../ui/toast';
import { CopyScheduleModal } from './copy-schedule-modal';
import { DeleteTimeslotDialog } from './delete-timeslot-dialog';
import { NewTimeslotForm } from './new-timeslot-form';
import { loadOverlapMode, saveOverlapMode } from './overlap-mode';
import {
  moveTimeslot,
  placeTimeslot,
  runUndo,
  timeslotKeys,
  timeslotQueries,
  watchTimeslots,
} from './queries';
import { RecurrenceModal } from './recurrence-modal';
import { RecurrencesList } from './recurrences-list';
import { ShowList } from './show-list';
import { durationForShow } from './timeslot-form';
import { PANEL_WIDTH, TimeslotPanel } from './timeslot-panel';
import panelClasses from './timeslot-panel.module.css';
import { TimeslotsList } from './timeslots-list';
import {
  COLOR_BY_CHOICES,
  dayName,
  loadColorBy,
  markLocked,
  moveBody,
  PRECISION_LABELS,
  parseDraggedShow,
  primaryChange,
  refusalText,
  STEP_NAMES,
  saveColorBy,
  scrollTarget,
  stepDate,
  WORKSPACE_PRECISIONS,
  type WorkspacePrecision,
  windowFor,
  windowTitle,
} from './timeslots-model';
import { restoreSpans, type UndoWrite, unplace } from './undo';

/** The first field message of a refused write (where the server names the blocking show), else its message. */
function refusalDetail(error: unknown): string {
  const t = messages();
  const described = describeError(error);
  return (
    Object.values(described.fieldErrors)[0] ?? described.error ?? t.timeslots.theServerRefusedIt
  );
}

/**
 * /timeslots: the scheduling workspace. The organization's zone is read first, since the window
 * of the chart (a day, a week, two weeks) is made of its local midnights.
 */
export function TimeslotsPage() {
  const t = messages();
  const { isSignedIn, user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const zone = useQuery(timeslotQueries.zone(organization));

  if (organization === '') {
    return (
      <Stack>
        <Title order={1}>{t.timeslots.timeslots}</Title>
        <Alert color="yellow">
          {isSignedIn ? (
            <>
              {t.timeslots.joinOrCreateAnOrganization}{' '}
              <Anchor component={Link} to="/onboarding">
                {t.timeslots.getStarted}
              </Anchor>
            </>
          ) : (
            <>
              <Anchor component={Link} to="/auth/login?next=/timeslots">
                {t.timeslots.signIn}
              </Anchor>{' '}
              {t.timeslots.toScheduleYourChannels}
            </>
          )}
        </Alert>
      </Stack>
    );
  }
  if (zone.isPending) return <Loader role="status" aria-label={t.timeslots.loadingSchedule} />;
  if (zone.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(zone.error).error}
      </Alert>
    );
  }
  return (
    <Workspace
      organization={organization}
      zone={zone.data}
      canEdit={canManageChannels(user?.role)}
    />
  );
}

interface WorkspaceProps {
  organization: string;
  /** The organization's zone: the chart's axis and the window's days. */
  zone: string;
  /** Owners, admins and editors change the schedule; producers and viewers only read it. */
  canEdit: boolean;
}

function Workspace({ organization, zone, canEdit }: WorkspaceProps) {
  const t = messages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [precision, setPrecision] = useState<WorkspacePrecision>('hour');
  const [searchParams, setSearchParams] = useSearchParams();
  // `?date=YYYY-MM-DD` (the dashboard's links to a gap or conflict) opens the window at that date.
  const [date, setDate] = useState(() => {
    const asked = searchParams.get('date') ?? '';
    const real = Date.parse(`${asked}T00:00Z`);
    // A real calendar date only: no 30 February (Date.parse would roll it into March).
    return !Number.isNaN(real) && new Date(real).toISOString().slice(0, 10) === asked
      ? asked
      : todayIn(zone, Date.now());
  });
  const [mode, setModeState] = useState<ChangeMode>(loadOverlapMode);
  const setMode = useCallback((next: ChangeMode) => {
    setModeState(next);
    saveOverlapMode(next);
  }, []);
  /** The timeslot in the side panel, and the one the delete dialog asks about. */
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const creating = searchParams.get('new') === 'timeslot';
  const setCreating = useCallback(
    (open: boolean) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (open) next.set('new', 'timeslot');
          else {
            next.delete('new');
            next.delete('show');
          }
          return next;
        },
        { replace: !open },
      ),
    [setSearchParams],
  );
  const [scheme, setScheme] = useState<ColorSchemeName>('default');
  const [colorBy, setColorByState] = useState<ColorBy>(loadColorBy);
  const setColorBy = useCallback((next: ColorBy) => {
    setColorByState(next);
    saveColorBy(next);
  }, []);
  const [search, setSearch] = useState('');
  const [recurring, setRecurring] = useState(false);
  /** The recurrences list or the copy form, when open. */
  const [seriesPanel, setSeriesPanel] = useState<'recurrences' | 'copy' | null>(null);
  const [tab, setTab] = useState<string | null>('chart');
  const [showsOpen, setShowsOpen] = useState(false);
  const clock = useClockSetting();
  const [pending, setPending] = useState<TimelineChange[] | null>(null);
  /** The bar the last gesture started on: the chart reports it among the bars it pushed. */
  const dragged = useRef<string | null>(null);

  const view = useMemo(() => windowFor(precision, date, zone), [precision, date, zone]);
  const guide = useQuery(timeslotQueries.guide(view.from, view.to));
  const locked = useQuery(timeslotQueries.locked(view.from, view.to));
  const cancelled = useQuery(timeslotQueries.cancelled(view.from, view.to));
  const shows = useQuery(timeslotQueries.shows(search));
  const showChoices = useQuery({ ...timeslotQueries.showChoices(), enabled: canEdit });

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: timeslotKeys.all }),
    [queryClient],
  );

  /** Says a change was made, with an Undo for it; a newer change's toast replaces it. */
  const announce = useCallback(
    (summary: string, undo: UndoWrite[]) => {
      toast({
        severity: 'success',
        summary,
        group: 'timeslots-undo',
        life: 8000,
        action:
          undo.length === 0
            ? undefined
            : {
                label: messages().timeslots.undo,
                onClick: () => {
                  void runUndo(undo)
                    .then(() =>
                      toast({
                        severity: 'info',
                        summary: messages().timeslots.undone,
                        group: 'timeslots-undo',
                      }),
                    )
                    .catch((error) =>
                      toast({
                        severity: 'error',
                        summary: messages().timeslots.couldNotUndo,
                        detail: refusalDetail(error),
                        group: 'timeslots-undo',
                      }),
                    )
                    .finally(() => void refresh());
                },
              },
      });
      void refresh();
    },
    [refresh],
  );

  // Another member's change shows up without a reload: any timeslot event reads the window again.
  useEffect(
    () =>
      watchTimeslots(() => {
        void refresh();
      }),
    [refresh],
  );

  const chart = useMemo(() => {
    if (!guide.data) return null;
    const drawn = toChart(guide.data);
    // Cancelled airings stay in sight, hatched, so one can be found and restored from its panel.
    const dropped = cancelledBars(
      cancelled.data ?? [],
      messages().timeslots.cancelled,
      messages().timeslots.untitledShow,
    );
    return { ...drawn, bars: withCancelled(markLocked(drawn.bars, locked.data), dropped) };
  }, [guide.data, locked.data, cancelled.data]);

  // A day of the strip under the axis opens at hour precision, where its titles read.
  const daySummary = useMemo<DaySummaryOptions>(
    () => ({
      title: messages().timeslots.timeslotsADay,
      describe: (day, count) => messages().timeslots.openDay(dayName(day), count),
      onOpen: (day) => {
        setDate(day);
        setPrecision('hour');
      },
    }),
    [],
  );
  const bars = useMemo(() => {
    if (!chart) return [];
    if (!pending) return chart.bars;
    const moved = new Map(pending.map((change) => [change.id, change]));
    return chart.bars.map((bar) => {
      const change = moved.get(bar.id);
      return change ? { ...bar, start: change.start, durationSec: change.durationSec } : bar;
    });
  }, [chart, pending]);

  // Each window opens scrolled to now, or to its first timeslot, rather than to midnight.
  const chartBox = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef('');
  useEffect(() => {
    const section = chartBox.current?.querySelector('section');
    const track = chartBox.current?.querySelector<HTMLElement>('[data-track]');
    const key = `${view.from}/${view.to}/${tab}`;
    if (!chart || !section || !track || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const target = scrollTarget(view.from, view.to, Date.now(), chart.bars);
    if (target === null) return;
    const visible =
      section.clientWidth -
      (track.getBoundingClientRect().left -
        section.getBoundingClientRect().left +
        section.scrollLeft);
    const x = ((target - view.from) / (view.to - view.from)) * track.clientWidth;
    section.scrollLeft = Math.max(0, x - visible * 0.1);
  }, [chart, view, tab]);

  const onChange = useCallback(
    async (changes: TimelineChange[]) => {
      const change = primaryChange(changes, dragged.current);
      const bar = change && chart?.bars.find((one) => one.id === change.id);
      const body = bar && change ? moveBody(bar, change, mode) : null;
      if (!body || !bar || !change) return;
      setPending(changes);
      try {
        const moved = await moveTimeslot(body);
        announce(
          change.durationSec === bar.durationSec
            ? messages().timeslots.barMoved(bar.label)
            : messages().timeslots.barResized(bar.label),
          restoreSpans(moved.changed, new Map(moved.previous.map((span) => [span.id, span]))),
        );
      } catch (error) {
        toast({
          severity: 'error',
          summary: messages().timeslots.changeRefused,
          detail: refusalDetail(error),
        });
      } finally {
        await refresh();
        setPending(null);
      }
    },
    [chart, mode, refresh, announce],
  );

  const onRefused = useCallback(
    (reason: RefusalReason, blockingId: string) => {
      const label =
        chart?.bars.find((one) => one.id === blockingId)?.label ??
        messages().timeslots.anotherTimeslot;
      toast({
        severity: 'error',
        summary: messages().timeslots.changeRefused,
        detail: refusalText(reason, label),
      });
    },
    [chart],
  );

  const onDropShow = useCallback(
    async (channel: string, start: number, payload: string) => {
      let show: ReturnType<typeof parseDraggedShow>;
      try {
        show = parseDraggedShow(payload);
      } catch (error) {
        toast({
          severity: 'error',
          summary: messages().timeslots.nothingScheduled,
          detail: (error as Error).message,
        });
        return;
      }
      try {
        // The overlap mode applies as it does to drags: push moves what is there later.
        const placed = await placeTimeslot({
          organization,
          channel,
          show: show.id,
          start: toRecordDate(start),
          durationSec: durationForShow(show.durationSec) * 60,
          status: 'scheduled',
          source: 'manual',
          mode,
        });
        const pushed = placed.changed.length;
        announce(
          messages().timeslots.scheduledPushed(show.title, pushed),
          unplace(
            placed.timeslot.id,
            placed.changed,
            new Map(placed.previous.map((span) => [span.id, span])),
          ),
        );
      } catch (error) {
        toast({
          severity: 'error',
          summary: messages().timeslots.timeslotNotCreated,
          detail: refusalDetail(error),
        });
      } finally {
        await refresh();
      }
    },
    [organization, refresh, mode, announce],
  );

  // The selected bar is outlined and stays in sight, left of the side panel, when the chart
  // can scroll.
  useEffect(() => {
    if (!selected) return;
    const section = chartBox.current?.querySelector('section');
    const bar = chartBox.current?.querySelector<HTMLElement>(`[data-bar-id="${selected}"]`);
    bar?.setAttribute('data-selected', 'true');
    if (!section || !bar) return () => bar?.removeAttribute('data-selected');
    const overlap = bar.getBoundingClientRect().right - (window.innerWidth - PANEL_WIDTH - 16);
    if (overlap > 0) section.scrollLeft += overlap;
    return () => bar.removeAttribute('data-selected');
  }, [selected]);

  const channels = guide.data?.channels ?? [];
  const step = STEP_NAMES[precision];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={1}>{t.timeslots.timeslots}</Title>
          <Text c="dimmed" size="sm">
            {canEdit
              ? t.timeslots.dragATimeslotToMove(zone)
              : t.timeslots.youCanReadTheSchedule(zone)}
          </Text>
        </div>
        {canEdit && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconListDetails size={16} />}
              onClick={() => setSeriesPanel('recurrences')}
            >
              {t.timeslots.recurrences}
            </Button>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              onClick={() => setSeriesPanel('copy')}
            >
              {t.timeslots.copySchedule}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() =>
                navigate({
                  pathname: '/timeslots',
                  search: '?import=timeslots',
                  hash: 'upload-csv',
                })
              }
            >
              {t.timeslots.importCsv}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRepeat size={16} />}
              onClick={() => setRecurring(true)}
            >
              {t.timeslots.newRecurrence}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t.timeslots.newTimeslot}
            </Button>
          </Group>
        )}
      </Group>

      <Group
        align="end"
        gap="md"
        wrap="wrap"
        role="toolbar"
        aria-label={t.timeslots.scheduleWindow}
      >
        <Group gap={4} align="end">
          <Tooltip label={t.timeslots.previousStep(step)}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t.timeslots.previousStep(step)}
              onClick={() => setDate((current) => stepDate(precision, current, -1))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => setDate(todayIn(zone, Date.now()))}>
            {t.timeslots.today}
          </Button>
          <Tooltip label={t.timeslots.nextStep(step)}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t.timeslots.nextStep(step)}
              onClick={() => setDate((current) => stepDate(precision, current, 1))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <TextInput
          type="date"
          label={t.timeslots.date}
          value={date}
          onChange={(event) => {
            // A cleared or half-typed date keeps the window where it is.
            const value = event.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setDate(value);
          }}
        />
        <NativeSelect
          label={t.timeslots.precision}
          data={WORKSPACE_PRECISIONS.map((value) => ({ value, label: PRECISION_LABELS[value] }))}
          value={precision}
          onChange={(event) => setPrecision(event.currentTarget.value as WorkspacePrecision)}
        />
        {canEdit && (
          <div>
            <Text size="sm" fw={500} id="timeslots-mode-label" mb={2}>
              {t.timeslots.whenTimeslotsOverlap}
            </Text>
            <SegmentedControl
              aria-labelledby="timeslots-mode-label"
              data={[
                { value: 'push', label: t.timeslots.push },
                { value: 'no-overlap', label: t.timeslots.noOverlap },
              ]}
              value={mode}
              onChange={(value) => setMode(value as ChangeMode)}
            />
          </div>
        )}
        <NativeSelect
          label={t.timeslots.colourBy}
          data={COLOR_BY_CHOICES.map((choice) => ({ ...choice }))}
          value={colorBy}
          onChange={(event) => setColorBy(event.currentTarget.value as ColorBy)}
        />
        <NativeSelect
          label={t.timeslots.colourScheme}
          data={[...COLOR_SCHEME_NAMES]}
          value={scheme}
          onChange={(event) => setScheme(event.currentTarget.value as ColorSchemeName)}
        />
        <Button
          variant={showsOpen ? 'filled' : 'default'}
          leftSection={<IconLayoutSidebarRight size={16} />}
          aria-expanded={showsOpen}
          onClick={() => setShowsOpen((open) => !open)}
        >
          {t.timeslots.shows}
        </Button>
      </Group>
      <Text fw={600} aria-live="polite" data-testid="timeslots-window">
        {windowTitle(view, zone)}
      </Text>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="chart">{t.ui.timeline}</Tabs.Tab>
          <Tabs.Tab value="list">{t.timeslots.list}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chart" pt="md">
          <div>
            <div>
              {guide.isError && (
                <Alert color="red" role="alert">
                  {describeError(guide.error).error}
                </Alert>
              )}
              {!chart && !guide.isError && (
                <Loader role="status" aria-label={t.timeslots.loadingSchedule} />
              )}
              {chart && chart.rows.length === 0 && (
                <Text c="dimmed">{t.timeslots.noChannelsYetCreateOne}</Text>
              )}
              {chart && chart.rows.length > 0 && (
                // Records which bar a gesture starts on, before the chart handles it.
                <div
                  ref={chartBox}
                  className={panelClasses.selection}
                  // Still the previous window's bars while the new one is read.
                  aria-busy={guide.isPlaceholderData || undefined}
                  onPointerDownCapture={(event) => {
                    dragged.current =
                      (event.target as HTMLElement).closest<HTMLElement>('[data-bar-id]')?.dataset
                        .barId ?? null;
                  }}
                  onKeyDownCapture={(event) => {
                    const id =
                      (event.target as HTMLElement).closest<HTMLElement>('[data-bar-id]')?.dataset
                        .barId ?? null;
                    dragged.current = id;
                    // Delete (or Backspace) on a focused bar asks, then deletes it.
                    if (id && canEdit && (event.key === 'Delete' || event.key === 'Backspace')) {
                      event.preventDefault();
                      setDeleting(id);
                    }
                  }}
                >
                  <Timeline
                    aria-label={t.timeslots.schedule}
                    rows={chart.rows}
                    bars={bars}
                    from={view.from}
                    to={view.to}
                    precision={precision}
                    mode={mode}
                    colorScheme={scheme}
                    colorBy={colorBy}
                    daySummary={daySummary}
                    timeZone={zone}
                    clock={clock}
                    onChange={canEdit ? onChange : undefined}
                    onRefused={canEdit ? onRefused : undefined}
                    onDropShow={canEdit ? onDropShow : undefined}
                    onBarClick={canEdit ? setSelected : undefined}
                  />
                </div>
              )}
            </div>
          </div>
          <ShowList
            opened={showsOpen}
            onClose={() => setShowsOpen(false)}
            shows={shows.data}
            search={search}
            onSearch={setSearch}
            draggable={canEdit}
          />
        </Tabs.Panel>
        <Tabs.Panel value="list" pt="md">
          <TimeslotsList
            from={view.from}
            to={view.to}
            channels={channels}
            canEdit={canEdit}
            clock={clock}
            onEdit={setSelected}
            onDone={announce}
          />
        </Tabs.Panel>
      </Tabs>

      {canEdit && (
        <>
          <TimeslotPanel
            id={selected}
            onClose={() => setSelected(null)}
            zone={zone}
            channels={channels}
            shows={showChoices.data ?? []}
            onDone={announce}
            onDelete={(id) => setDeleting(id)}
          />
          <DeleteTimeslotDialog
            id={deleting}
            onClose={() => setDeleting(null)}
            zone={zone}
            onDone={(summary, undo) => {
              if (deleting === selected) setSelected(null);
              announce(summary, undo);
            }}
          />
          <NewTimeslotForm
            // The form starts from the show a link names: it opens once the shows are in.
            opened={creating && !showChoices.isPending}
            onClose={() => setCreating(false)}
            organization={organization}
            zone={zone}
            channels={channels}
            shows={showChoices.data ?? []}
            date={date}
            mode={mode}
            initialShow={searchParams.get('show') ?? ''}
            onDone={announce}
          />
        </>
      )}
      {canEdit && (
        <RecurrenceModal
          opened={recurring}
          onClose={() => setRecurring(false)}
          organization={organization}
          channels={channels}
          shows={shows.data ?? []}
          onScheduled={() => void refresh()}
        />
      )}
      {canEdit && (
        <RecurrencesList
          opened={seriesPanel === 'recurrences'}
          onClose={() => setSeriesPanel(null)}
          organization={organization}
          channels={channels}
          shows={shows.data ?? []}
          onChanged={() => void refresh()}
        />
      )}
      {canEdit && seriesPanel === 'copy' && (
        <CopyScheduleModal
          opened
          onClose={() => setSeriesPanel(null)}
          zone={zone}
          channels={channels}
          onCopied={() => void refresh()}
        />
      )}
    </Stack>
  );
}
