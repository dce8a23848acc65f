import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { appEffects } from './query-effects';
import { type ActionFlow, runAction } from './save-flow';

export interface Action {
  /** True while an action is on its way. */
  busy: boolean;
  /** Which action is on its way, by the name it was run with (a row's id, 'delete'), or null. */
  pending: string | null;
  /** Runs `runAction` (save, invalidate, toast, onSaved; or the failure) under `name`. */
  run: <R>(flow: ActionFlow<R>, name?: string) => Promise<boolean>;
}

/**
 * `runAction` with its busy flag, for saves with no form around them: a dialog's Delete, a
 * row's Cancel, Unlink. `pending` says which one runs, for its button's spinner.
 */
export function useAction(): Action {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const run = useCallback(
    async <R>(flow: ActionFlow<R>, name = 'action'): Promise<boolean> => {
      setPending(name);
      try {
        return await runAction(flow, appEffects(queryClient));
      } finally {
        setPending(null);
      }
    },
    [queryClient],
  );
  return { busy: pending !== null, pending, run };
}
