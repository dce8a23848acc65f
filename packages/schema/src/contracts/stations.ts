import * as z from 'zod';
import {
  type AppConfig,
  type PublicStation,
  STATION_MAX_PAGE,
  STATION_SEARCH_MAX,
  STATIONS_PER_PAGE,
  type StationList,
} from '../index.js';
import { ALL_PROBLEMS, addProblem, defineEndpoint } from './endpoint.js';
import { optionalCheckedByObject } from './inputs.js';

// What the web app and viewers read before anyone signs in: the deployment's settings, the
// station picker's list and one station's public face (decision 0017).

export const appConfig = defineEndpoint({
  method: 'GET',
  path: '/api/v1/app-config',
  summary: 'The deployment’s public settings: the feedback survey and the one public station.',
  reply: z.object({
    feedbackUrl: z
      .string()
      .nullable()
      .meta({ description: 'The survey the feedback modal embeds; null: the built-in form.' }),
    publicOrganization: z.string().nullable().meta({
      description: 'The slug of the only organization that is not archived, else null.',
    }),
  }) satisfies z.ZodType<AppConfig>,
});

const publicStation = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  logo: z.string().meta({ description: 'A file name under /api/files/organizations/{id}/; "".' }),
  accentColor: z.string().meta({ description: '#rrggbb, or "".' }),
  landingChannel: z
    .string()
    .optional()
    .meta({ description: 'The channel a bare /watch opens; absent or "" for the one on now.' }),
}) satisfies z.ZodType<PublicStation>;

function first(value: unknown): string | null {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : one === undefined ? null : String(one);
}

function readStationQuery(raw: Record<string, unknown>, ctx?: Parameters<typeof addProblem>[0]) {
  const search = (first(raw.search) ?? '').trim();
  if (ctx && (search.length > STATION_SEARCH_MAX || search.includes('\0'))) {
    addProblem(
      ctx,
      ['search'],
      'validation_invalid_search',
      `search must be at most ${STATION_SEARCH_MAX} characters of text.`,
    );
  }
  const pageText = (first(raw.page) ?? '').trim();
  let page = 1;
  if (pageText !== '') {
    page = /^\d{1,7}$/.test(pageText) ? Number(pageText) : Number.NaN;
    if (ctx && !(page >= 1 && page <= STATION_MAX_PAGE)) {
      addProblem(
        ctx,
        ['page'],
        'validation_invalid_page',
        `page must be a whole number from 1 to ${STATION_MAX_PAGE}.`,
      );
    }
  }
  return { search, page };
}

export const stationList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stations',
  summary: 'The public stations whose name or slug holds the search, a page at a time.',
  query: z
    .object({
      search: optionalCheckedByObject<string>({
        description: `Text in the station's name or slug (at most ${STATION_SEARCH_MAX} characters).`,
        type: 'string',
      }),
      page: optionalCheckedByObject<number | string>({
        description: `The page, from 1 to ${STATION_MAX_PAGE}; ${STATIONS_PER_PAGE} stations a page.`,
        type: 'integer',
      }),
    })
    .superRefine((query, ctx) => {
      readStationQuery(query, ctx);
    })
    .transform((query) => readStationQuery(query)),
  reply: z.object({
    page: z.number(),
    perPage: z.number(),
    totalItems: z.number(),
    totalPages: z.number(),
    items: z.array(publicStation),
  }) satisfies z.ZodType<StationList>,
  invalidMessage: ALL_PROBLEMS,
});

export const station = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stations/:key',
  summary: 'One station’s public face, by id or slug (301 from a former slug).',
  params: z.object({ key: z.string().meta({ description: 'The station’s id or slug.' }) }),
  reply: publicStation,
});
