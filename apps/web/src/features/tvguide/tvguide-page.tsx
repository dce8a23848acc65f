import { type Clock, instantToLocal, todayIn } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { firstNow } from '../../lib/page-clock';
import { usePhoneLayout } from '../../lib/screen-hint';
import { useAuth } from '../../lib/use-auth';
import { usePageReady } from '../../lib/use-page-ready';
import { StationMissing } from '../../shared/stations/station-missing';
import { StationPicker } from '../../shared/stations/station-picker';
import { usePublicStation } from '../../shared/stations/use-public-station';
import { describeError } from '../../ui/forms/server-errors';
import { GuideGrid } from './guide-grid';
import { GuideList } from './guide-list';
import { GuideToolbar } from './guide-toolbar';
import { type OpenProgramme, ProgrammeDetails } from './programme-details';
import { dayQuery, fetchGuide, headQuery, organizationOf, tvguideKeys } from './queries';
import {
  clockSetting,
  dayHeading,
  filterRows,
  type GuideSource,
  type GuideView,
  guideDay,
  isIsoDate,
  sameTimeOn,
  stepView,
} from './tvguide-model';
import { headChannels, useGuideDay } from './use-guide-day';

/** At this width and below the guide is a list (channel → now, next, later), not a grid. */
const PHONE_QUERY = '(max-width: 600px)';

/** How often the now-line and the "on now" highlight move. */
const NOW_TICK_MS = 30_000;

/** The date the page shows: the link's, when it is a real date, else today in the zone. */
function shownDate(requested: string | null, zone: string, now: number): string {
  return requested && isIsoDate(requested) ? requested : todayIn(zone, now);
}

/** The current instant, moving every 30 s. */
function useNow(): number {
  const [now, setNow] = useState(firstNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * /tvguide and /o/:org/tvguide: the guide grid of one day. Members see every channel of their
 * organization; anyone else the public channels of the station the page names
 * (`usePublicStation`: the path, ?organization=, or the deployment's only station). With no
 * station known, the station picker.
 */
export function TvGuidePage() {
  const t = messages();
  usePageReady();
  const { user } = useAuth();
  const publicStation = usePublicStation();
  if (publicStation.isPending)
    return <Loader role="status" aria-label={t.tvguide.loadingTheGuide} />;
  if (publicStation.source === null) return <StationPicker page="tvguide" />;
  if (publicStation.notFound || !publicStation.station) {
    return (
      <StationMissing stationKey={publicStation.key} error={publicStation.error} page="tvguide" />
    );
  }
  const source: GuideSource =
    publicStation.source === 'own'
      ? { kind: 'own' }
      : { kind: 'named', organization: publicStation.station.slug };
  return <StationGuide source={source} clock={clockSetting(user)} />;
}

/** Reads the station's zone first: the day's window is made of its local midnights. */
function StationGuide({ source, clock }: { source: GuideSource; clock: Clock }) {
  const t = messages();
  const organization = organizationOf(source);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const requested = params.get('date');
  const station = useQuery({
    queryKey: tvguideKeys.station(organization),
    // One minute of the guide: the organization (its zone) and its channels, for little cost.
    queryFn: async ({ signal }) => {
      const now = Date.now();
      const request = fetchGuide(organization, now, now + 60_000, signal);
      // The page's first conversion into a time zone loads the runtime's zone data (about
      // 20 ms); done while the request is out, it is off the way to the first frame.
      instantToLocal(now, 'America/New_York');
      const found = await request;
      // The day the page opens on is known now: ask for it at once rather than after React has
      // rendered the page around it. The first channels go first, as they are drawn first.
      const zone = found.organization.timeZone || 'UTC';
      const date = shownDate(requested, zone, now);
      const ids = headChannels(found.channels);
      if (ids.length < found.channels.length) {
        void queryClient.prefetchQuery(headQuery(source, zone, date, ids));
      } else {
        void queryClient.prefetchQuery(dayQuery(source, zone, date));
      }
      return found;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (station.isPending) return <Loader role="status" aria-label={t.tvguide.loadingTheGuide} />;
  if (station.isError) {
    const notFound = (station.error as { status?: number }).status === 404;
    return (
      <Stack maw={640}>
        <Title order={1}>{t.tvguide.tvGuide}</Title>
        <Alert color="red" role="alert" title={t.tvguide.theGuideCouldNotBe}>
          {describeError(station.error).error}
          {notFound && t.tvguide.checkTheGuideLinkYour}
        </Alert>
      </Stack>
    );
  }
  return (
    <DayGuide
      source={source}
      clock={clock}
      zone={station.data.organization.timeZone || 'UTC'}
      stationName={station.data.organization.name}
      stationSlug={station.data.organization.slug}
      channels={station.data.channels}
    />
  );
}

interface DayGuideProps {
  source: GuideSource;
  clock: Clock;
  zone: string;
  stationName: string;
  /** The station's slug, for its public links (the Watch live button). */
  stationSlug: string;
  /** The station's channels when the page opened: the rows drawn before the day arrives. */
  channels: readonly GuideChannel[];
}

function DayGuide({ source, clock, zone, stationName, stationSlug, channels }: DayGuideProps) {
  const t = messages();
  const queryClient = useQueryClient();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const today = todayIn(zone, now);
  const date = shownDate(params.get('date'), zone, now);
  const [picked, setPicked] = useState<string[]>([]);
  const [open, setOpen] = useState<OpenProgramme | null>(null);
  const phone = usePhoneLayout(PHONE_QUERY);
  // What the guide shows: now (or this time of day on another date) at first and on Now; the
  // same time of day when the day changes; two hours either way on Earlier and Later.
  const [view, setView] = useState<GuideView>(() => ({
    at: sameTimeOn(date, zone, now),
    align: 'now',
    seq: 0,
  }));
  /** The stretch of time the grid last showed, and of which day. */
  const inView = useRef<{ date: string; left: number; right: number } | null>(null);

  const { day, rows, shownData } = useGuideDay(source, zone, date, channels);
  const shown = useMemo(() => filterRows(rows, picked), [rows, picked]);
  const channelOptions = useMemo(
    () =>
      rows.map((row) => ({
        value: row.channel.id,
        label: `${row.channel.number} · ${row.channel.name}`,
      })),
    [rows],
  );

  /** The instant the phone list shows: now while following it on today, else the view's. */
  const listDay = guideDay(date, zone);
  const followsNow = view.align === 'now' && date === today;
  const listAt =
    followsNow || view.at < listDay.from || view.at >= listDay.to
      ? sameTimeOn(date, zone, followsNow ? now : view.at)
      : view.at;
  /** Where the guide is now: the grid's visible stretch, or the list's instant. */
  const where = () => {
    const grid = inView.current;
    if (!phone && grid && grid.date === date) return { left: grid.left, right: grid.right };
    return { left: listAt, right: listAt };
  };

  const goTo = useCallback(
    (next: string, at: number) => {
      setView((current) => ({ at, align: 'start', seq: current.seq + 1 }));
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('date', next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  /** Another date at the same time of day as the guide's left edge. */
  const goToDate = (next: string) => goTo(next, sameTimeOn(next, zone, where().left));
  /** Earlier (-) or Later (+): two hours, into the neighbouring day past midnight. */
  const step = (delta: number) => {
    const { left, right } = where();
    const moved = stepView(left, right, guideDay(date, zone), delta);
    if (moved.day === 0)
      setView((current) => ({ at: moved.at, align: 'start', seq: current.seq + 1 }));
    else goTo(instantToLocal(moved.at, zone).slice(0, 10), moved.at);
  };
  const goToday = () => {
    setView((current) => ({ at: Date.now(), align: 'now', seq: current.seq + 1 }));
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('date');
        return updated;
      },
      { replace: true },
    );
  };
  const prefetch = (next: string) => void queryClient.prefetchQuery(dayQuery(source, zone, next));

  const shownDay = shownData?.day ?? guideDay(date, zone);
  const heading = dayHeading(shownDay.date);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <div>
          <Title order={1}>{t.tvguide.tvGuide}</Title>
          <Text c="dimmed" size="sm">
            {stationName} · {dayHeading(date)}
            {date === today ? t.tvguide.todaySuffix : ''} {t.tvguide.timesAreZone(zone)}
          </Text>
        </div>
      </Group>

      <GuideToolbar
        date={date}
        onDate={goToDate}
        onToday={goToday}
        onStep={step}
        onPrefetch={prefetch}
        channelOptions={channelOptions}
        picked={picked}
        onPicked={setPicked}
      />

      {day.isError && !shownData && (
        <Alert color="red" role="alert" title={t.tvguide.theGuideCouldNotBe}>
          {describeError(day.error).error}
        </Alert>
      )}
      {!shownData && !day.isError && (
        <Loader role="status" aria-label={t.tvguide.loadingTheGuide} />
      )}
      {shownData && rows.length === 0 && (
        <Text c="dimmed">
          {source.kind === 'own'
            ? t.tvguide.noChannelsYetCreateOne
            : t.tvguide.thisStationHasNoPublic}
        </Text>
      )}
      {shownData && rows.length > 0 && phone && (
        <GuideList
          rows={shown}
          day={shownDay}
          at={shownDay.date === date ? listAt : sameTimeOn(shownDay.date, zone, listAt)}
          now={now}
          zone={zone}
          clock={clock}
          label={t.tvguide.tvGuideForHeading(heading)}
          loading={day.isPlaceholderData}
          onOpen={(programme, channel) => setOpen({ programme, channel })}
        />
      )}
      {shownData && rows.length > 0 && !phone && (
        <GuideGrid
          rows={shown}
          day={shownDay}
          zone={zone}
          clock={clock}
          now={now}
          label={t.tvguide.tvGuideForHeading(heading)}
          loading={day.isPlaceholderData}
          busy={day.isPlaceholderData || !day.data}
          view={view}
          onView={(shownDate, left, right) => {
            inView.current = { date: shownDate, left, right };
          }}
          onOpen={(programme, channel) => setOpen({ programme, channel })}
        />
      )}

      <ProgrammeDetails
        open={open}
        stationSlug={stationSlug}
        staff={source.kind === 'own'}
        zone={zone}
        clock={clock}
        now={now}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
