import * as z from 'zod';
import { CAPTION_KINDS, type CaptionCue } from '../index.js';
import { bytesReply, defineEndpoint, problem, typedReply } from './endpoint.js';

// Caption files and auto-captions (the tracks themselves are `captions` records).

/** Largest caption file the server reads: a feature film’s subtitles are a few hundred kilobytes. */
export const CAPTION_FILE_MAX_BYTES = 4 * 1024 * 1024;

const CHOOSE_A_FILE = problem('validation_required', 'Choose an SRT or WebVTT file.');
const CHOOSE_A_SHOW = problem('validation_required', 'Choose a show.');
const WEEK_HINT = problem('validation_invalid_date', 'Must be a date such as 2026-11-23.');

const cues = typedReply<CaptionCue[]>('The cues: start and end in seconds, and their text.');

export const captionsEngine = defineEndpoint({
  method: 'GET',
  path: '/api/v1/captions/engine',
  summary: 'Which recognizer "Generate captions" runs, and whether it can run here.',
  reply: z.object({
    name: z.string(),
    language: z.string(),
    available: z.boolean(),
    reason: z.string().meta({ description: 'Why it cannot run; "" when it can.' }),
  }),
});

export const captionsGenerate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/captions/generate',
  summary:
    'Queues the recognizer over a show’s sound (a draft track appears when it is done); answers the job, or the one already under way.',
  body: z.object({
    show: z
      .string({ error: CHOOSE_A_SHOW })
      .regex(/^[a-z0-9]{15}$/, CHOOSE_A_SHOW)
      .meta({ description: 'The show (a shows id).' }),
  }),
  reply: z.object({ job: z.string().meta({ description: 'The jobs record.' }) }),
});

const coverageShare = {
  scheduledSec: z.number(),
  captionedSec: z.number(),
  share: z.number().meta({ description: 'captionedSec / scheduledSec, 0 to 1.' }),
};

export const captionsCoverage = defineEndpoint({
  method: 'GET',
  path: '/api/v1/captions/coverage',
  summary:
    'Each channel’s airtime in a week, in the organization’s zone, and how much of it is captioned.',
  query: z.object({
    week: z
      .string({ error: WEEK_HINT })
      .regex(/^\d{4}-\d{2}-\d{2}$/, WEEK_HINT)
      .optional()
      .meta({ description: 'A day of the week (YYYY-MM-DD); this week when left out.' }),
  }),
  reply: z.object({
    week: z.string().meta({ description: 'The week’s Monday.' }),
    timeZone: z.string(),
    channels: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        number: z.number(),
        language: z.string(),
        ...coverageShare,
      }),
    ),
    total: z.object(coverageShare),
  }),
});

export const captionsParse = defineEndpoint({
  method: 'POST',
  path: '/api/v1/captions/parse',
  summary: 'Reads an SRT or WebVTT file into cues, with each problem and its line.',
  body: z.object({
    text: z
      .string({ error: CHOOSE_A_FILE })
      .refine((text) => text.trim() !== '', CHOOSE_A_FILE)
      .refine(
        (text) => new TextEncoder().encode(text).length <= CAPTION_FILE_MAX_BYTES,
        problem('validation_file_size_limit', 'Caption files can be at most 4 MB.'),
      )
      .meta({ description: 'The file’s text, at most 4 MB.' }),
  }),
  reply: z.object({
    format: z.enum(['vtt', 'srt']),
    cues,
    problems: z.array(z.object({ line: z.number(), message: z.string() })),
  }),
});

const trackId = z.object({
  id: z.string().meta({ description: 'The track (a captions id).' }),
});
const trackQuery = z.object({
  token: z
    .string()
    .optional()
    .meta({ description: 'A file token (POST /api/files/token), for a player without headers.' }),
});
const TRACK_RULE =
  'A complete track answers whoever may see its show; a draft only its organization’s members. CORS open.';

export const captionsVtt = defineEndpoint({
  method: 'GET',
  path: '/api/v1/captions/:id.vtt',
  summary: 'A caption track as WebVTT, for any player.',
  description: TRACK_RULE,
  params: trackId,
  query: trackQuery,
  reply: bytesReply('The track as a WebVTT file.'),
  replyType: 'text/vtt; charset=utf-8',
});

export const captionsJson = defineEndpoint({
  method: 'GET',
  path: '/api/v1/captions/:id.json',
  summary: 'A caption track as JSON (the watch page speaks audio descriptions from it).',
  description: TRACK_RULE,
  params: trackId,
  query: trackQuery,
  reply: z.object({
    id: z.string(),
    kind: z.enum(CAPTION_KINDS),
    language: z.string(),
    label: z.string(),
    cues,
  }),
});
