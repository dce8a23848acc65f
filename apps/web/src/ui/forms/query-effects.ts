import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../toast';
import type { SaveEffects } from './save-flow';

/** The save flow's effects in the app: TanStack Query's invalidation and the app's toasts. */
export function appEffects(queryClient: QueryClient): SaveEffects {
  return { invalidate: (queryKey) => queryClient.invalidateQueries({ queryKey }), toast };
}
