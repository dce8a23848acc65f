import { type Clock, formatBytes, formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import {
  findField,
  type SubmissionFormView,
  type SubmissionStatus,
  type SubmissionStatusView,
  submissions,
} from '@airgrid/schema';
import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';
import { durationInput, parseDuration } from '../../shared/duration';
import { submissionStatusBadge } from '../../shared/submissions/submission-status';

// The public submission form's logic apart from React: its values, the checks that mirror the
// server's (apps/server/src/features/submissions/submission-service.ts), what it sends, and how
// the status page names a review. The server stays the authority; these only say it sooner.

/** What GET /api/v1/submissions/form/:station answers: the station's form and its limits. */
export type SubmissionFormInfo = SubmissionFormView;

/** What POST /api/v1/submissions answers (201); `upload` for a file submission's upload. */
export type SubmissionCreated = EndpointReply<Endpoints['POST /api/v1/submissions']>;

/** What a new version through the status link answers; `upload` for a new file. */
export type SubmissionRevised = EndpointReply<Endpoints['POST /api/v1/submissions/status/:token']>;

/** What the status link shows; `awaitingFile` while a file submission's upload is unfinished. */
export type SubmissionStatusAnswer = SubmissionStatusView;

/** How the show comes: a file, a link, or (for a new version) the one already sent. */
export type MediaChoice = 'file' | 'link' | 'keep';

export interface SubmissionFormValues {
  title: string;
  description: string;
  category: string;
  rating: string;
  language: string;
  /** As typed: minutes or h:mm. */
  duration: string;
  media: MediaChoice;
  file: File | null;
  mediaUrl: string;
  submitterName: string;
  submitterEmail: string;
  licenceAccepted: boolean;
  policyAccepted: boolean;
  /** The honeypot: people never see it; a robot fills it. */
  website: string;
}

/** The form's fields, so the server's errors for them land under them. */
export const SUBMISSION_FORM_FIELDS = [
  'title',
  'description',
  'category',
  'rating',
  'language',
  'duration',
  'file',
  'mediaUrl',
  'submitterName',
  'submitterEmail',
  'licenceAccepted',
  'policyAccepted',
] as const;

/** API field names that differ from the form's. */
export const SUBMISSION_ALIASES: Readonly<Record<string, string>> = {
  durationSec: 'duration',
  media: 'file',
};

/** A new form, with the signed-in person's name and email when there is one. */
export function newSubmissionValues(
  person: { name?: string; email?: string } = {},
): SubmissionFormValues {
  return {
    title: '',
    description: '',
    category: '',
    rating: '',
    language: '',
    duration: '',
    media: 'file',
    file: null,
    mediaUrl: '',
    submitterName: person.name ?? '',
    submitterEmail: person.email ?? '',
    licenceAccepted: false,
    policyAccepted: false,
    website: '',
  };
}

/** The schema's limit for a text field of submissions. */
export function textMax(name: string): number {
  const field = findField(submissions, name);
  if (field?.type !== 'text' || field.max === undefined)
    throw new Error(`The submissions collection has no limited text field ${name}.`);
  return field.max;
}

const LIMITED_TEXT = [
  'title',
  'description',
  'category',
  'rating',
  'language',
  'submitterName',
] as const;

/** A loose check like the server's: something@something.something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for a full http(s) address. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * True for a type the station takes (`video/mp4` against `video/*` or itself). A file the
 * browser names no type for goes through, as on the server, which reads its content later.
 */
export function acceptsType(type: string, fileTypes: readonly string[]): boolean {
  if (type === '') return true;
  const patterns = fileTypes.length > 0 ? fileTypes : ['video/*', 'audio/*'];
  return patterns.some((pattern) =>
    pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern,
  );
}

/** What a file chooser offers: the station's types, or any video and audio. */
export function acceptAttribute(fileTypes: readonly string[]): string {
  return fileTypes.length > 0 ? fileTypes.join(',') : 'video/*,audio/*';
}

/** The station's limits for a file. */
type FileLimits = Pick<SubmissionFormInfo, 'maxFileBytes' | 'fileTypes'>;

/** The form's problems by field, with the station's limits; empty when it can be sent. */
export function checkSubmission(
  values: SubmissionFormValues,
  limits: FileLimits,
): Record<string, string> {
  const t = messages().submission;
  const errors = checkShow(values, limits);
  if (values.submitterName.trim() === '') errors.submitterName = t.giveYourName;
  const email = values.submitterEmail.trim();
  if (email === '') errors.submitterEmail = t.giveYourEmail;
  else if (!EMAIL.test(email)) errors.submitterEmail = t.emailInvalid;
  if (!values.licenceAccepted) errors.licenceAccepted = t.acceptTheLicence;
  if (!values.policyAccepted) errors.policyAccepted = t.acceptThePolicy;
  return errors;
}

/** The show's part of the form (its fields and its file or link): the new version's checks. */
export function checkShow(
  values: SubmissionFormValues,
  limits: FileLimits,
): Record<string, string> {
  const t = messages().submission;
  const errors: Record<string, string> = {};
  for (const name of LIMITED_TEXT) {
    const max = textMax(name);
    if (values[name].trim().length > max) errors[name] = t.tooLong(t.labels[name] ?? name, max);
  }
  if (values.title.trim() === '') errors.title = t.giveTheShowATitle;
  const duration = parseDuration(values.duration);
  if ('error' in duration) errors.duration = duration.error;
  if (values.media === 'file') {
    const file = values.file;
    if (!file) errors.file = t.chooseTheFile;
    else if (file.size === 0) errors.file = t.fileEmpty;
    else if (!acceptsType(file.type, limits.fileTypes)) errors.file = t.fileWrongType;
    else if (limits.maxFileBytes > 0 && file.size > limits.maxFileBytes)
      errors.file = t.fileTooBig(formatBytes(limits.maxFileBytes));
  } else if (values.media === 'link') {
    if (values.mediaUrl.trim() === '') errors.mediaUrl = t.giveTheLink;
    else if (!isWebAddress(values.mediaUrl)) errors.mediaUrl = t.linkInvalid;
  }
  return errors;
}

/** The show's part of a submission's body: its fields, and the file announced or the link. */
function showPayload(values: SubmissionFormValues) {
  const duration = parseDuration(values.duration);
  const file = values.media === 'file' ? values.file : null;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category.trim(),
    rating: values.rating.trim(),
    language: values.language.trim(),
    durationSec: 'seconds' in duration ? duration.seconds : 0,
    ...(file ? { file: { name: file.name, size: file.size, type: file.type } } : {}),
    ...(values.media === 'link' ? { mediaUrl: values.mediaUrl.trim() } : {}),
  };
}

/** The body of POST /api/v1/submissions; call after `checkSubmission` found nothing. */
export function submissionPayload(values: SubmissionFormValues, station: string) {
  return {
    station,
    ...showPayload(values),
    submitterName: values.submitterName.trim(),
    submitterEmail: values.submitterEmail.trim(),
    licenceAccepted: values.licenceAccepted,
    policyAccepted: values.policyAccepted,
    website: values.website,
  };
}

/** The body of a new version (POST to the status link); after `checkShow` found nothing. */
export function revisionPayload(values: SubmissionFormValues) {
  return showPayload(values);
}

/**
 * A new version's form, from what was sent: the same fields, and the file or link sent kept
 * unless the submitter picks another (a file that never arrived must be sent again).
 */
export function revisionValues(view: SubmissionStatusView): SubmissionFormValues {
  const sent = view.show.fileName !== '' || view.show.mediaUrl !== '';
  return {
    ...newSubmissionValues(),
    title: view.title,
    description: view.show.description,
    category: view.show.category,
    rating: view.show.rating,
    language: view.show.language,
    duration: durationInput(view.show.durationSec),
    media: sent ? 'keep' : 'file',
    mediaUrl: view.show.mediaUrl,
    licenceAccepted: true,
    policyAccepted: true,
  };
}

/** A station's text as paragraphs: split on blank lines, each trimmed, empty ones dropped. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The status link's path inside the app (`/submission/status/{token}`), from its full URL. */
export function statusPath(statusUrl: string): string {
  try {
    return new URL(statusUrl, 'http://localhost').pathname;
  } catch {
    return statusUrl;
  }
}

/** A review's badge: its colour and words, and the sentence that explains it. */
export function statusBadge(status: SubmissionStatus): {
  color: string;
  label: string;
  explained: string;
} {
  return {
    ...submissionStatusBadge(status),
    explained: messages().submission.statusExplained[status] ?? '',
  };
}

/** A record's time (`2026-11-27 02:13:49.123Z`) in the visitor's zone; '' when unreadable. */
export function formatWhen(text: string, zone: string, clock: Clock = '12h'): string {
  const epoch = fromRecordDate(text);
  return epoch === null ? '' : formatUsDateTime(epoch, zone, clock);
}
