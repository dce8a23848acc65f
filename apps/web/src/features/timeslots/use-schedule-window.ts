import { todayIn } from '@airgrid/domain';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import type { DaySummaryOptions } from '../../ui/timeline';
import { dayName, type WorkspacePrecision, windowFor } from './timeslots-model';

/**
 * The window of the schedule the workspace shows: its precision and date, the instants they
 * make in the organization's `zone`, and the day strip that opens one day of it.
 */
export function useScheduleWindow(zone: string) {
  const [precision, setPrecision] = useState<WorkspacePrecision>('hour');
  const [searchParams] = useSearchParams();
  // `?date=YYYY-MM-DD` (the dashboard's links to a gap or conflict) opens the window at that date.
  const [date, setDate] = useState(() => {
    const asked = searchParams.get('date') ?? '';
    const real = Date.parse(`${asked}T00:00Z`);
    // A real calendar date only: no 30 February (Date.parse would roll it into March).
    return !Number.isNaN(real) && new Date(real).toISOString().slice(0, 10) === asked
      ? asked
      : todayIn(zone, Date.now());
  });
  const view = useMemo(() => windowFor(precision, date, zone), [precision, date, zone]);

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

  return { precision, setPrecision, date, setDate, view, daySummary };
}
