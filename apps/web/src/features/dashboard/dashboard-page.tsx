import { isEditorRole } from '@airgrid/schema';
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { describeError } from '../../ui/forms/server-errors';
import classes from './dashboard.module.css';
import { CampaignsCard } from './dashboard-campaigns-card';
import { CaptionsCard } from './dashboard-captions-card';
import { DraftAiringsCard } from './dashboard-drafts-card';
import { GapsCard } from './dashboard-gaps-card';
import {
  airingsFromGuide,
  type DashboardChannel,
  dashboardWindow,
  findConflicts,
  stationDay,
  TICK_MS,
} from './dashboard-model';
import { NoChannelsCard } from './dashboard-no-channels-card';
import { OnAirCard } from './dashboard-on-air-card';
import { QuickActionsCard } from './dashboard-quick-actions-card';
import { ReadinessCard } from './dashboard-readiness-card';
import { SubmissionsCard } from './dashboard-submissions-card';
import { UpcomingCard } from './dashboard-upcoming-card';
import { dashboardKeys, dashboardQueries, watchSchedule } from './queries';

/**
 * /dashboard, where signing in lands: what is on air on each channel and what is next, today's
 * unscheduled time and conflicts, the next 24 hours, quick actions, and a warning of airings of
 * draft shows in the next 7 days. "Now" moves on each minute; any change to the organization's
 * timeslots, channels or shows reads the schedule again.
 */
export function DashboardPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const zone = useQuery(dashboardQueries.zone(organization));

  let body: React.ReactNode;
  if (organization === '') {
    body = (
      <Alert color="blue" title={t.dashboard.noOrganizationYet}>
        {t.dashboard.joinOrCreateAnOrganization}{' '}
        <Anchor component={Link} to="/onboarding">
          {t.ui.setOneUp}
        </Anchor>
      </Alert>
    );
  } else if (zone.isPending)
    body = <Loader role="status" aria-label={t.dashboard.loadingDashboard} />;
  else if (zone.isError) {
    body = (
      <Alert color="red" role="alert">
        {describeError(zone.error).error}
      </Alert>
    );
  } else body = <Dashboard zone={zone.data} canEdit={isEditorRole(user?.role)} role={user?.role} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{t.dashboard.dashboard}</Title>
      {body}
    </Stack>
  );
}

/** Date.now(), read again every `interval` ms so what depends on "now" moves on. */
function useNow(interval: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), interval);
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [interval]);
  return now;
}

function Dashboard({ zone, canEdit, role }: { zone: string; canEdit: boolean; role: unknown }) {
  const t = messages();
  const queryClient = useQueryClient();
  const now = useNow(TICK_MS);
  const day = stationDay(now, zone);
  // The window moves only when the day does, so the minute tick does not read the guide again.
  const range = useMemo(
    () => dashboardWindow(stationDay(day.start, zone), zone),
    [day.start, zone],
  );
  const schedule = useQuery(dashboardQueries.schedule(range.start, range.end));
  const streamless = useQuery(dashboardQueries.streamless());

  // Another member's change (or an import) shows up without a reload.
  useEffect(
    () =>
      watchSchedule(() => {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      }),
    [queryClient],
  );

  const channels: DashboardChannel[] = useMemo(
    () => (schedule.data?.channels ?? []).map(({ id, name, number }) => ({ id, name, number })),
    [schedule.data],
  );
  const colors = useMemo(
    () => new Map((schedule.data?.channels ?? []).map((channel) => [channel.id, channel.color])),
    [schedule.data],
  );
  const airings = useMemo(
    () => (schedule.data ? airingsFromGuide(schedule.data) : []),
    [schedule.data],
  );
  const conflicts = useMemo(() => findConflicts(airings), [airings]);

  const actions = (
    <QuickActionsCard canEdit={canEdit} canCreateShows={canEdit || role === 'producer'} />
  );

  if (schedule.isPending)
    return <Loader role="status" aria-label={t.dashboard.loadingTheSchedule} />;
  if (schedule.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(schedule.error).error}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t.dashboard.nowTimesInZone(dayHeading(now, zone), zone)}
      </Text>
      <DraftAiringsCard now={now} zone={zone} />
      <div className={classes.grid}>
        <div className={classes.column}>
          <div className={classes.onAir}>
            {channels.length === 0 ? (
              <NoChannelsCard canEdit={canEdit} />
            ) : (
              <OnAirCard
                channels={channels}
                colors={colors}
                streamless={streamless.data ?? NO_CHANNELS}
                airings={airings}
                now={now}
                zone={zone}
              />
            )}
          </div>
          {channels.length > 0 && (
            <div className={classes.upcoming}>
              <UpcomingCard channels={channels} airings={airings} now={now} day={day} zone={zone} />
            </div>
          )}
          {/* Later: the 7-day views sparkline (analytics) joins this column. */}
        </div>
        <div className={classes.column}>
          <div className={classes.actions}>{actions}</div>
          {channels.length > 0 && (
            <div className={classes.gaps}>
              <GapsCard
                channels={channels}
                airings={airings}
                conflicts={conflicts}
                day={day}
                zone={zone}
                canEdit={canEdit}
              />
            </div>
          )}
          <ReadinessCard className={classes.readiness} />
          <CampaignsCard className={classes.readiness} />
          <SubmissionsCard className={classes.readiness} />
          <CaptionsCard className={classes.readiness} />
        </div>
      </div>
    </Stack>
  );
}

/** "Tuesday, March 10" on the organization's calendar. */
function dayHeading(now: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: zone,
  }).format(now);
}

const NO_CHANNELS: ReadonlySet<string> = new Set();
