import type { ChangeMode } from '@airgrid/domain';
import { Alert, Anchor, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { useAuth } from '../../lib/use-auth';
import { canManageChannels } from '../../shared/channels/channel-model';
import { cancelledBars, toChart, withCancelled } from '../../shared/schedule/guide-chart';
import { describeError } from '../../ui/forms/server-errors';
import type { ColorBy, ColorSchemeName } from '../../ui/timeline';
import { loadShowBreaks, saveShowBreaks } from './breaks-model';
import { CopyScheduleModal } from './copy-schedule-modal';
import { DeleteTimeslotDialog } from './delete-timeslot-dialog';
import { NewTimeslotForm } from './new-timeslot-form';
import { loadOverlapMode, saveOverlapMode } from './overlap-mode';
import { timeslotQueries } from './queries';
import { RecurrenceModal } from './recurrence-modal';
import { RecurrencesList } from './recurrences-list';
import { ScheduleChart } from './schedule-chart';
import { ShowList } from './show-list';
import { TimeslotPanel } from './timeslot-panel';
import { TimeslotsList } from './timeslots-list';
import { loadColorBy, markLocked, saveColorBy } from './timeslots-model';
import { useBreakMarks } from './use-break-marks';
import { useChartScroll } from './use-chart-scroll';
import { useScheduleWindow } from './use-schedule-window';
import { useScheduleWrites } from './use-schedule-writes';
import { WindowToolbar } from './window-toolbar';
import { WorkspaceHeader } from './workspace-header';

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
  const [searchParams, setSearchParams] = useSearchParams();
  const window = useScheduleWindow(zone);
  const { date, view, precision } = window;
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
  const [showBreaks, setShowBreaksState] = useState(loadShowBreaks);
  const setShowBreaks = useCallback((next: boolean) => {
    setShowBreaksState(next);
    saveShowBreaks(next);
  }, []);
  const [search, setSearch] = useState('');
  const [recurring, setRecurring] = useState(false);
  /** The recurrences list or the copy form, when open. */
  const [seriesPanel, setSeriesPanel] = useState<'recurrences' | 'copy' | null>(null);
  const [tab, setTab] = useState<string | null>('chart');
  const [showsOpen, setShowsOpen] = useState(false);
  const clock = useClockSetting();

  const guide = useQuery(timeslotQueries.guide(view.from, view.to));
  const locked = useQuery(timeslotQueries.locked(view.from, view.to));
  const cancelled = useQuery(timeslotQueries.cancelled(view.from, view.to));
  const shows = useQuery(timeslotQueries.shows(search));
  const showChoices = useQuery({ ...timeslotQueries.showChoices(), enabled: canEdit });

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

  const writes = useScheduleWrites(organization, mode, chart?.bars);
  const { refresh, announce, pending } = writes;
  const bars = useMemo(() => {
    if (!chart) return [];
    if (!pending) return chart.bars;
    const moved = new Map(pending.map((change) => [change.id, change]));
    return chart.bars.map((bar) => {
      const change = moved.get(bar.id);
      return change ? { ...bar, start: change.start, durationSec: change.durationSec } : bar;
    });
  }, [chart, pending]);
  const chartBox = useChartScroll(chart?.bars, view, tab, selected);

  const channels = guide.data?.channels ?? [];
  const breaks = useBreakMarks({ shown: showBreaks, channels, view, zone, clock });
  return (
    <Stack gap="md">
      <WorkspaceHeader
        zone={zone}
        canEdit={canEdit}
        onSeriesPanel={setSeriesPanel}
        onNewRecurrence={() => setRecurring(true)}
        onNewTimeslot={() => setCreating(true)}
      />
      <WindowToolbar
        zone={zone}
        canEdit={canEdit}
        window={window}
        mode={mode}
        onMode={setMode}
        colorBy={colorBy}
        onColorBy={setColorBy}
        scheme={scheme}
        onScheme={setScheme}
        breaks={showBreaks}
        onBreaks={setShowBreaks}
        showsOpen={showsOpen}
        onToggleShows={() => setShowsOpen((open) => !open)}
      />

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="chart">{t.ui.timeline}</Tabs.Tab>
          <Tabs.Tab value="list">{t.timeslots.list}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chart" pt="md">
          <ScheduleChart
            guide={guide}
            rows={chart?.rows}
            bars={bars}
            breaks={showBreaks ? breaks : null}
            view={view}
            precision={precision}
            mode={mode}
            scheme={scheme}
            colorBy={colorBy}
            daySummary={window.daySummary}
            zone={zone}
            clock={clock}
            canEdit={canEdit}
            writes={writes}
            onSelect={setSelected}
            onDelete={setDeleting}
            boxRef={chartBox}
          />
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
