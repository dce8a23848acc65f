import { formatBytes } from '@airgrid/domain';
import * as z from 'zod';
import {
  SUBMISSION_DECISIONS,
  SUBMISSION_MAX_FILE_BYTES,
  type SubmissionDecision,
  type SubmissionFormView,
  type SubmissionRecord,
  type SubmissionStatusView,
} from '../index.js';
import { addProblem, defineEndpoint, recordReply, typedReply } from './endpoint.js';
import { checkedByObject, optionalCheckedByObject } from './inputs.js';

// Community producers' submissions (decision 0033): the public form, the private status link
// and staff's review. Staff read and delete them through the record API (`submissions`).

type Ctx = Parameters<typeof addProblem>[0];

/** The file a form announces: its bytes follow through the resumable upload. */
export interface AnnouncedFile {
  name: string;
  size: number;
  type: string;
}

/** The announced file, its problem added (on `file`) when it has one. */
function readFile(value: unknown, ctx?: Ctx): AnnouncedFile | null {
  if (value === undefined || value === null) return null;
  const file = value as Partial<Record<keyof AnnouncedFile, unknown>>;
  const name = typeof file.name === 'string' ? file.name.trim() : '';
  const size = typeof file.size === 'number' ? file.size : Number.NaN;
  const type = typeof file.type === 'string' ? file.type.trim().toLowerCase() : '';
  if (!name || name.length > 255 || !Number.isInteger(size) || size <= 0) {
    if (ctx)
      addProblem(ctx, ['file'], 'validation_invalid_value', 'Choose the file of your show again.');
  } else if (size > SUBMISSION_MAX_FILE_BYTES) {
    if (ctx)
      addProblem(
        ctx,
        ['file'],
        'validation_file_size_limit',
        `"${name}" is ${formatBytes(size)}: the station takes files up to ${formatBytes(SUBMISSION_MAX_FILE_BYTES)}.`,
      );
    // The type the browser names; the content is checked again when the file is in.
  } else if (type && !type.startsWith('video/') && !type.startsWith('audio/')) {
    if (ctx)
      addProblem(
        ctx,
        ['file'],
        'validation_invalid_mime_type',
        `"${name}" is not a video or audio file.`,
      );
  }
  return { name, size, type };
}

export const NO_MEDIA_MESSAGE =
  'Upload the file of your show or give a link where the station can get it (a download or video page).';

const FILE_META = {
  description: `The file the form uploads next (resumable upload, X-Upload-Token), at most ${formatBytes(SUBMISSION_MAX_FILE_BYTES)}, video or audio.`,
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 255 },
    size: { type: 'integer', minimum: 1 },
    type: { type: 'string' },
  },
};

/**
 * The show's own fields: the submission's record checks them (its collection's field rules),
 * so they reach it as sent.
 */
function showFields() {
  const field = <T>(description: string, type: string) =>
    optionalCheckedByObject<T>({ description: `${description} (the record’s rules).`, type });
  return {
    title: field<string>('The show’s title', 'string'),
    description: field<string>('What it is about', 'string'),
    category: field<string>('Its category', 'string'),
    rating: field<string>('Its content rating', 'string'),
    language: field<string>('Its language', 'string'),
    durationSec: field<number>('Its length in seconds', 'integer'),
    mediaUrl: field<string>('A link where the station can get it', 'string'),
    file: optionalCheckedByObject<AnnouncedFile>(FILE_META),
  };
}

/** What becomes the submission's: the fields as sent, the file read. */
function sent<B extends { file?: unknown }>({ file, ...fields }: B) {
  return { ...fields, file: readFile(file) };
}

const created = z.object({
  id: z.string().meta({ description: '"" for a form a robot filled (nothing was kept).' }),
  status: z.literal('pending'),
  upload: z
    .object({ token: z.string() })
    .optional()
    .meta({ description: 'For a file: the X-Upload-Token its resumable upload carries.' }),
});

export const submissionCreate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/submissions',
  summary:
    'Anyone sends a show to a station (five an hour per address, then 429 with Retry-After); 201 with the private status link.',
  body: z
    .object({
      station: checkedByObject<string>({
        description: 'The station (an organizations id or slug).',
        type: 'string',
      }),
      ...showFields(),
      submitterName: optionalCheckedByObject<string>({
        description: 'Who sends it (the record’s rules).',
        type: 'string',
      }),
      submitterEmail: optionalCheckedByObject<string>({
        description: 'Where the status link is mailed (the record’s rules).',
        type: 'string',
      }),
      licenceAccepted: checkedByObject<boolean>({
        description: 'true: the station’s licence is accepted.',
        const: true,
      }),
      policyAccepted: checkedByObject<boolean>({
        description: 'true: the station’s content policy is accepted.',
        const: true,
      }),
      website: optionalCheckedByObject<string>({
        description:
          'Left empty: people never see it (a form that fills it is told all went well, and nothing is kept).',
        type: 'string',
      }),
    })
    .superRefine(
      (body, ctx) => {
        // The honeypot: a robot is told all went well, not what it got wrong.
        if (typeof body.website === 'string' && body.website.trim() !== '') return;
        if (body.licenceAccepted !== true)
          addProblem(
            ctx,
            ['licenceAccepted'],
            'validation_required',
            'Accept the station’s licence to submit your show.',
          );
        if (body.policyAccepted !== true)
          addProblem(
            ctx,
            ['policyAccepted'],
            'validation_required',
            'Accept the station’s content policy to submit your show.',
          );
        const file = readFile(body.file, ctx);
        if (!file && (typeof body.mediaUrl !== 'string' || body.mediaUrl.trim() === ''))
          addProblem(ctx, ['mediaUrl'], 'validation_required', NO_MEDIA_MESSAGE);
      },
      { when: () => true },
    )
    .transform(({ station, website, ...fields }) => ({
      station: String(station ?? '').trim(),
      robot: typeof website === 'string' && website.trim() !== '',
      ...sent(fields),
    })),
  reply: created.extend({
    statusUrl: z.string().meta({ description: 'The private status link (mailed too).' }),
  }),
  status: 201,
});

const stationKey = z.object({
  station: z.string().meta({ description: 'The station (an organizations id or slug).' }),
});
const statusToken = z.object({
  token: z.string().meta({ description: 'The status link’s token.' }),
});

export const submissionForm = defineEndpoint({
  method: 'GET',
  path: '/api/v1/submissions/form/:station',
  summary: 'What the public form shows: the station, its licence and policy, the file limits.',
  params: stationKey,
  reply: typedReply<SubmissionFormView>('The station’s form.'),
});

export const submissionStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/submissions/status/:token',
  summary: 'What a private status link shows.',
  params: statusToken,
  reply: typedReply<SubmissionStatusView>('The submission as its submitter sees it.'),
});

export const submissionRevise = defineEndpoint({
  method: 'POST',
  path: '/api/v1/submissions/status/:token',
  summary:
    'A new version through the status link, when the station asked for changes or the file is missing; with `upload` for a file.',
  description:
    'Neither a file nor a link keeps the one sent; a submission without either is refused on mediaUrl.',
  params: statusToken,
  body: z
    .object(showFields())
    .superRefine(
      (body, ctx) => {
        readFile(body.file, ctx);
      },
      { when: () => true },
    )
    .transform(sent),
  reply: created,
});

export const submissionReview = defineEndpoint({
  method: 'POST',
  path: '/api/v1/submissions/:id/review',
  summary:
    'Staff approve (a show is made from it), reject or ask for changes, with a note mailed to the submitter.',
  params: z.object({ id: z.string().meta({ description: 'The submission.' }) }),
  body: z
    .object({
      decision: checkedByObject<SubmissionDecision>({
        description: 'approve, reject or changes.',
        enum: [...SUBMISSION_DECISIONS],
      }),
      note: optionalCheckedByObject<string>({
        description: 'Mailed to the submitter; required to reject or ask for changes.',
        type: 'string',
      }),
    })
    // One problem at a time: the note is read for a known decision.
    .superRefine(
      (body, ctx) => {
        if (!(SUBMISSION_DECISIONS as readonly unknown[]).includes(body.decision)) {
          addProblem(
            ctx,
            ['decision'],
            'validation_invalid_value',
            'Approve, reject or ask for changes.',
          );
        } else if (body.decision !== 'approve' && noteOf(body.note) === '') {
          addProblem(
            ctx,
            ['note'],
            'validation_required',
            'Write a note for the submitter: it is mailed to them.',
          );
        }
      },
      { when: () => true },
    )
    .transform((body) => ({ decision: body.decision, note: noteOf(body.note) })),
  reply: recordReply<Omit<SubmissionRecord, 'statusToken'>>(
    'submissions',
    'The submissions record after the decision.',
  ),
});

function noteOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
