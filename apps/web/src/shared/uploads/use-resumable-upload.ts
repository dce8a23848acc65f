import { useEffect, useRef, useState } from 'react';
import {
  type ResumableUpload,
  startUpload,
  type UploadOptions,
  type UploadTarget,
} from './resumable-upload';

type UploadStatus = 'idle' | 'uploading' | 'paused' | 'done' | 'failed';

export interface UploadState {
  status: UploadStatus;
  sent: number;
  total: number;
  error: string | null;
}

const IDLE: UploadState = { status: 'idle', sent: 0, total: 0, error: null };

/**
 * One resumable upload to a record's field, as a card shows it: progress, pause and resume,
 * cancel; `onDone` once the record has the file.
 */
export function useResumableUpload(target: UploadTarget, onDone: (file: File) => void) {
  const [state, setState] = useState<UploadState>(IDLE);
  const current = useRef<ResumableUpload | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  // Leaving the page pauses the upload; choosing the file again later resumes it.
  useEffect(() => () => current.current?.pause(), []);

  /**
   * Sends `file`; `to` names another record than the hook's (one made just now, e.g. a
   * submission) and the guest's upload token, when there is one.
   */
  const start = (file: File, to?: { target: UploadTarget } & UploadOptions) => {
    setState({ status: 'uploading', sent: 0, total: file.size, error: null });
    const options: UploadOptions = to?.uploadToken ? { uploadToken: to.uploadToken } : {};
    current.current = startUpload(
      file,
      to?.target ?? target,
      {
        onProgress: (sent, total) =>
          setState((before) =>
            before.status === 'uploading' ? { ...before, sent, total } : before,
          ),
        onSuccess: () => {
          current.current = null;
          setState((before) => ({ ...before, status: 'done', sent: before.total }));
          done.current(file);
        },
        onError: (error) => setState((before) => ({ ...before, status: 'failed', error })),
      },
      options,
    );
  };
  return {
    state,
    start,
    pause: () => {
      current.current?.pause();
      setState((before) => ({ ...before, status: 'paused' }));
    },
    resume: () => {
      current.current?.resume();
      setState((before) => ({ ...before, status: 'uploading', error: null }));
    },
    cancel: async () => {
      await current.current?.cancel();
      current.current = null;
      setState(IDLE);
    },
    reset: () => setState(IDLE),
  };
}
