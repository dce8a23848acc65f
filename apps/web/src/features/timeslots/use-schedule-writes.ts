import { type ChangeMode, toRecordDate } from '@airgrid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import type { RefusalReason, TimelineBar, TimelineChange } from '../../ui/timeline';
import { toast } from '../../ui/toast';
import { moveTimeslot, placeTimeslot, runUndo, timeslotKeys, watchTimeslots } from './queries';
import { refusalDetail } from './refusal-detail';
import { durationForShow } from './timeslot-form';
import { moveBody, parseDraggedShow, primaryChange, refusalText } from './timeslots-model';
import { restoreSpans, type UndoWrite, unplace } from './undo';

// The scheduling workspace's writes: a gesture on the chart, a show dropped on it, and the toast
// with an Undo that each change leaves. Every write reads the window again when it is done, as
// does any other member's change.

/**
 * The workspace's writes for the window's `bars`, in the overlap `mode`. `dragged` is the bar
 * the last gesture started on; `pending` the changes being saved, drawn meanwhile.
 */
export function useScheduleWrites(
  organization: string,
  mode: ChangeMode,
  bars: readonly TimelineBar[] | undefined,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TimelineChange[] | null>(null);
  /** The bar the last gesture started on: the chart reports it among the bars it pushed. */
  const dragged = useRef<string | null>(null);

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

  const onChange = useCallback(
    async (changes: TimelineChange[]) => {
      const change = primaryChange(changes, dragged.current);
      const bar = change && bars?.find((one) => one.id === change.id);
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
    [bars, mode, refresh, announce],
  );

  const onRefused = useCallback(
    (reason: RefusalReason, blockingId: string) => {
      const label =
        bars?.find((one) => one.id === blockingId)?.label ?? messages().timeslots.anotherTimeslot;
      toast({
        severity: 'error',
        summary: messages().timeslots.changeRefused,
        detail: refusalText(reason, label),
      });
    },
    [bars],
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

  return { refresh, announce, onChange, onRefused, onDropShow, pending, dragged };
}
