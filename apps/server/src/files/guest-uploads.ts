// What uploads/ needs of a feature that lets guests send a file (features/submissions),
// here below both so neither imports the other; main.ts wires them.

/**
 * A file field guests may fill without signing in (a submission's show, sent from the public
 * form): the record's secret token stands for the sign-in, and the server writes the file.
 */
export interface GuestUploads {
  collection: string;
  field: string;
  /** Whether `token` lets a guest send that record's file now (checked as an upload begins). */
  allows(record: string, token: string): Promise<boolean>;
  /**
   * Takes the record's file for one finished upload, atomically across processes: true for
   * one of parallel uploads only, false when `token` no longer lets a guest send it. Without
   * it, 30 uploads begun at once were each saved and each announced.
   */
  claim(record: string, token: string): Promise<boolean>;
  /** Gives a claim back when its file could not be saved, so the guest may send it again. */
  release(record: string): Promise<void>;
  /** Saved with the file when its last byte is in. */
  changesOnFinish: Record<string, unknown>;
  /** After the file is saved (a mail, a notification); its failure does not undo the file. */
  finished(record: string): Promise<void>;
}
