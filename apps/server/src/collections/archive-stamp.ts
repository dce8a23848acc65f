import { toRecordDate } from '@airgrid/domain';

type Values = Readonly<Record<string, unknown>>;

/**
 * Dates an archiving: `archivedAt` becomes now when a record turns archived, stays when it was
 * already, and empties when it is restored. The archive's retention counts from it
 * (features/archive). `isArchived` says what archived means for the collection.
 */
export function stampArchive(
  isArchived: (values: Values) => boolean,
): (values: Record<string, unknown>, existing: Values | null, now: number) => void {
  return (values, existing, now) => {
    const is = isArchived(values);
    const was = existing !== null && isArchived(existing);
    if (!is) values.archivedAt = '';
    else if (!was || !existing?.archivedAt) values.archivedAt = toRecordDate(now);
    else values.archivedAt = existing.archivedAt;
  };
}

/** Channels and embeds: the `archived` flag. */
export const stampArchivedFlag = stampArchive((values) => values.archived === true);
