import type { Clock } from '@airgrid/domain';
import { clockSetting } from './localization-settings';
import { useAuth } from './use-auth';

/** The signed-in user's clock, for any area that shows times; follows their settings. */
export function useClockSetting(): Clock {
  return clockSetting(useAuth().user);
}
