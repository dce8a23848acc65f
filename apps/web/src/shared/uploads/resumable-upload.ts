import { type DetailedError, defaultOptions, type PreviousUpload, Upload } from 'tus-js-client';
import { messages } from '../../i18n/messages';
import { pb } from '../../lib/pocketbase';
import { offlineMessage } from '../../ui/forms/server-errors';

// Resumable uploads (tus, server: apps/server/src/uploads): a file for a record's file field, sent in
// pieces, retried when a piece fails, resumed after a reload when the same file is chosen
// again (tus-js-client remembers unfinished uploads in localStorage by the file's name, type,
// size and date).

/** Bytes per request: small enough for proxies' body limits, big enough to be quick. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each retry of a failed piece; then the upload stops and says why. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

export interface UploadTarget {
  collection: string;
  record: string;
  field: string;
}

export interface UploadCallbacks {
  onProgress(sent: number, total: number): void;
  onSuccess(): void;
  onError(message: string): void;
}

export interface UploadOptions {
  /**
   * A guest's key to this one upload (the public submission form's `upload.token`): sent as
   * `X-Upload-Token` on every request instead of the signed-in member's Authorization.
   */
  uploadToken?: string;
}

export interface ResumableUpload {
  /** Stops sending; `resume` goes on from what the server has. */
  pause(): void;
  resume(): void;
  /** Stops and deletes what the server has. */
  cancel(): Promise<void>;
}

/** What went wrong, as the person can act on it: the server's reason when it gave one. */
export function uploadErrorMessage(error: unknown): string {
  const response = (error as DetailedError | null)?.originalResponse;
  if (!response) return offlineMessage();
  try {
    const body = JSON.parse(response.getBody()) as {
      message?: string;
      data?: Record<string, { message?: string }>;
    };
    const field = Object.values(body.data ?? {}).find((detail) => detail?.message);
    return field?.message ?? body.message ?? messages().uploads.failed;
  } catch {
    return messages().uploads.failed;
  }
}

function endpoint(): string {
  return new URL('/api/v1/uploads', window.location.origin).href;
}

/**
 * Starts (or, for a file chosen again after a reload, resumes) the upload of `file` to the
 * record's field, as the signed-in member or, with `uploadToken`, as a guest.
 */
export function startUpload(
  file: File,
  target: UploadTarget,
  callbacks: UploadCallbacks,
  options: UploadOptions = {},
): ResumableUpload {
  const upload = new Upload(file, {
    endpoint: endpoint(),
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    removeFingerprintOnSuccess: true,
    metadata: { ...target, filename: file.name, filetype: file.type },
    onBeforeRequest: (request) => {
      if (options.uploadToken) request.setHeader('X-Upload-Token', options.uploadToken);
      else request.setHeader('Authorization', pb.authStore.token);
    },
    onProgress: callbacks.onProgress,
    onSuccess: callbacks.onSuccess,
    onError: (error) => callbacks.onError(uploadErrorMessage(error)),
    // A refusal (4xx other than a lost lock or a timeout) will not change by retrying.
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
    },
  });
  void upload.findPreviousUploads().then((previous: PreviousUpload[]) => {
    const same = previous.find(
      (each) => each.metadata.record === target.record && each.metadata.field === target.field,
    );
    if (same) upload.resumeFromPreviousUpload(same);
    upload.start();
  });
  return {
    pause: () => void upload.abort(),
    resume: () => upload.start(),
    cancel: () => upload.abort(true),
  };
}

/** An unfinished upload to this record's field that a reload interrupted: its file's name. */
export async function interruptedUpload(target: UploadTarget): Promise<string | null> {
  const all = await defaultOptions.urlStorage.findAllUploads();
  const found = all.find(
    (each) => each.metadata.record === target.record && each.metadata.field === target.field,
  );
  return found ? (found.metadata.filename ?? null) : null;
}
