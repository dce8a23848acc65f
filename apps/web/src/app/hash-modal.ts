import { messages } from '../i18n/messages';
/** Which global modal a URL hash opens (seed §2). */
export type HashModal = 'csv-upload' | 'details';

/** The hash of the csv-upload modal, e.g. `/shows#upload-csv`. */
const CSV_UPLOAD_HASH = 'upload-csv';

/**
 * The seed's rule: `#upload-csv` opens the CSV importer; any other hash opens the details
 * modal with that hash as its context, except `#records` and `#edit-…`, which belong to the
 * page (in-page editors and record lists). No hash, no modal.
 */
export function modalForHash(hash: string): HashModal | null {
  const context = contextOfHash(hash);
  if (!context) return null;
  if (context === CSV_UPLOAD_HASH) return 'csv-upload';
  if (context === 'records' || context.startsWith('edit-')) return null;
  return 'details';
}

/** The hash without its `#`, decoded: the context the details modal is about. */
export function contextOfHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** "stream-health" → "Stream health": a context as a heading. */
export function contextTitle(context: string): string {
  const t = messages();
  const words = context.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : t.shell.details;
}
