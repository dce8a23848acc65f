import { toRecordDate } from '@airgrid/domain';

const DAY_MS = 86_400_000;

/**
 * The value of a datetime macro (`@now`, `@todayStart`, `@hour`, ...) at `now`, in UTC as
 * PocketBase computes them, or undefined when the name is not a macro.
 */
export function datetimeMacro(name: string, now: number): string | number | undefined {
  const date = new Date(now);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (name) {
    case '@now':
      return toRecordDate(now);
    case '@yesterday':
      return toRecordDate(now - DAY_MS);
    case '@tomorrow':
      return toRecordDate(now + DAY_MS);
    case '@todayStart':
      return toRecordDate(Date.UTC(y, m, d));
    case '@todayEnd':
      return toRecordDate(Date.UTC(y, m, d + 1) - 1);
    case '@monthStart':
      return toRecordDate(Date.UTC(y, m, 1));
    case '@monthEnd':
      return toRecordDate(Date.UTC(y, m + 1, 1) - 1);
    case '@yearStart':
      return toRecordDate(Date.UTC(y, 0, 1));
    case '@yearEnd':
      return toRecordDate(Date.UTC(y + 1, 0, 1) - 1);
    case '@second':
      return date.getUTCSeconds();
    case '@minute':
      return date.getUTCMinutes();
    case '@hour':
      return date.getUTCHours();
    case '@day':
      return d;
    case '@month':
      return m + 1;
    case '@weekday':
      return date.getUTCDay();
    case '@year':
      return y;
    default:
      return undefined;
  }
}
