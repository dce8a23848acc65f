import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';

/** The first field message of a refused write (an overlap names the blocking show), else its message. */
export function refusalDetail(error: unknown): string {
  const t = messages();
  const described = describeError(error);
  return (
    Object.values(described.fieldErrors)[0] ?? described.error ?? t.timeslots.theServerRefusedIt
  );
}
