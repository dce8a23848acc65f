// The English UI strings of shared/uploads/: its slice of the catalog, merged by i18n/en.ts.

export const uploadsMessages = {
  failed: 'The upload failed. Try again.',
  uploading: (name: string) => `Uploading ${name}`,
  paused: (name: string) => `${name}: paused`,
  progress: (sent: string, total: string, percent: number) => `${sent} of ${total} (${percent}%)`,
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel upload',
  tryAgain: 'Try again',
  interrupted: (name: string) =>
    `The upload of ${name} stopped before it finished. Choose the same file again to go on from where it stopped.`,
  progressLabel: 'Upload progress',
};
