import type { MailMessage } from '../../auth/mailer.js';

// The mails a submitter receives: one when the station has their show, one per decision.

export interface SubmissionMailInput {
  to: string;
  name: string;
  title: string;
  station: string;
  statusUrl: string;
}

/** The private link where a submitter follows their submission. */
export function statusUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/submission/status/${token}`;
}

/** The station has the show, or its new version (`newVersion`, after changes were asked). */
export function receivedMail(input: SubmissionMailInput, newVersion = false): MailMessage {
  const what = newVersion ? 'the new version of your show' : 'your show';
  return {
    to: input.to,
    subject: `${input.station} received ${newVersion ? 'the new version of ' : ''}“${input.title}”`,
    text: [
      `Hello ${input.name},`,
      '',
      `${input.station} received ${what} “${input.title}”. Its staff will review it; you will hear from them by mail.`,
      '',
      `Follow its review at this private link (keep it to yourself):`,
      input.statusUrl,
    ].join('\n'),
  };
}

const OUTCOMES = {
  approve: (station: string) =>
    `was approved by ${station}: it is now in the station’s catalogue, ready to be scheduled.`,
  reject: (station: string) => `was not accepted by ${station}.`,
  changes: (station: string) => `needs changes before ${station} can accept it.`,
} as const;

export function decisionMail(
  input: SubmissionMailInput,
  decision: keyof typeof OUTCOMES,
  note: string,
): MailMessage {
  const subjects = {
    approve: `“${input.title}” was approved`,
    reject: `About “${input.title}”`,
    changes: `“${input.title}” needs changes`,
  } as const;
  return {
    to: input.to,
    subject: subjects[decision],
    text: [
      `Hello ${input.name},`,
      '',
      `Your show “${input.title}” ${OUTCOMES[decision](input.station)}`,
      ...(note ? ['', `A note from the station:`, note] : []),
      '',
      'Its status, at your private link:',
      input.statusUrl,
    ].join('\n'),
  };
}
