import { addDays, localToInstant, mondayOfWeek } from '@airgrid/domain';
import { type CaptionCue, captions, isEditorRole, type MediaInfo } from '@airgrid/schema';
import {
  captionsCoverage,
  captionsEngine,
  captionsGenerate,
  captionsJson,
  captionsParse,
  captionsVtt,
} from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { NewJob } from '../../jobs/job-queue-repository.js';
import {
  type RecordRequest,
  type RecordService,
  serverRequest,
} from '../../records/record-service.js';
import { type AuthState, type RequestContext, SUPERUSERS } from '../../request-types.js';
import { NO_MEDIA, NO_SOUND } from './auto-captions-job.js';
import { captionCoverage } from './caption-coverage.js';
import type { CaptionCoverageRepository } from './caption-coverage-repository.js';
import { parseCaptions, toWebVtt } from './caption-files.js';
import type { SpeechEngine } from './speech-engines.js';

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';
const NOT_FOUND = 'The requested resource wasn’t found.';

/** At most this many ids in one `id = … || …` filter (a filter is at most 3,500 characters). */
const IDS_PER_FILTER = 100;

/**
 * Whether the requester may see a track's show: its organization's members (the shows
 * viewRule), and anyone the station published it to: whoever may view a channel that airs it
 * (the guide and the watch page name its tracks) or an episode made from it (a podcast feed
 * names its transcript). Each rule is the engine's, asked as the requester, so none is written
 * here a second time: a channel made private, archived or an episode unpublished hides the
 * track at once.
 */
async function mayViewShow(
  records: RecordService,
  coverage: CaptionCoverageRepository,
  track: Readonly<Record<string, unknown>>,
  requester: RecordRequest,
): Promise<boolean> {
  const show = String(track.show);
  try {
    await records.view('shows', show, requester);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const one = { perPage: '1', skipTotal: 'true' };
  const channels = await coverage.channelsAiring(String(track.organization), show);
  for (let at = 0; at < channels.length; at += IDS_PER_FILTER) {
    const filter = channels
      .slice(at, at + IDS_PER_FILTER)
      .map((id) => `id = "${id}"`)
      .join(' || ');
    if ((await records.list('channels', { ...one, filter }, requester)).items.length > 0)
      return true;
  }
  const episodes = await records.list(
    'episodes',
    { ...one, filter: `show = "${show}"` },
    requester,
  );
  return episodes.items.length > 0;
}

/**
 * Caption files:
 * - `POST /api/v1/captions/parse` `{ text }`: an SRT or WebVTT file read into cues, with each
 *   problem and its line, for a track the client then saves as a `captions` record;
 * - `GET /api/v1/captions/{id}.vtt` (or `.json`): a track as WebVTT, for any player (CORS open), or
 *   as JSON. A
 *   complete track answers whoever may see its show ({@link mayViewShow}); drafts answer only
 *   the organization's members;
 * - `GET /api/v1/captions/engine` and `POST /api/v1/captions/generate`: auto-captions.
 */
export function captionRoutes({
  records,
  coverage,
  clock,
  speech,
  enqueue,
  verifyFileToken,
}: {
  records: RecordService;
  coverage: CaptionCoverageRepository;
  clock: { now(): number };
  /** The recognizer behind "Generate captions". */
  speech: SpeechEngine;
  enqueue: (job: NewJob) => Promise<string>;
  /** Reads a file token (`POST /api/files/token`), as the protected files route does. */
  verifyFileToken: (token: string) => Promise<AuthState | null>;
}) {
  /**
   * Who asks for a track: the signed-in requester, or the member a `?token=` file token names.
   * A `<track src>` is fetched by the browser without the Authorization header, so a member's
   * preview of a show no viewer can see yet names its tracks with a file token, as protected
   * files are named.
   */
  const trackRequester = async (
    request: FastifyRequest,
    given: string | undefined,
  ): Promise<RequestContext> => {
    const asked = recordRequest(request);
    const token = (given ?? '').trim();
    if (asked.auth || token === '') return asked;
    const state = await verifyFileToken(token);
    return state
      ? {
          ...asked,
          auth: { collection: state.collection, record: state.record },
          isSuperuser: state.collection.name === SUPERUSERS,
        }
      : asked;
  };

  const signedIn = (message: string) => (request: FastifyRequest) => {
    if (!request.auth) throw new ApiError(401, message);
  };

  /** A track as the requester may read it, or a 404 for a name that is none. */
  const readTrack = async (id: string, request: FastifyRequest, token: string | undefined) => {
    if (!/^[a-z0-9]{15}$/.test(id)) throw new ApiError(404, NOT_FOUND);
    const track = await records.findRecord(captions, id);
    if (!track) throw new ApiError(404, NOT_FOUND);
    // A draft is the station's own: its members only (the view rule says who they are). A
    // complete track is whoever may see its show's; others are told it does not exist.
    const requester = await trackRequester(request, token);
    if (track.status !== 'complete') await records.view('captions', id, requester);
    else if (!(await mayViewShow(records, coverage, track, requester)))
      throw new ApiError(404, NOT_FOUND);
    return track;
  };

  /** Headers every track answer carries: any site's player may read it, never stale. */
  const trackHeaders = (reply: FastifyReply, track: Readonly<Record<string, unknown>>) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-cache')
      .header('etag', `"${String(track.updated).replace(/\W/g, '')}"`);

  return async (app: FastifyInstance) => {
    // GET /api/v1/captions/engine: which recognizer "Generate captions" runs, and whether it
    // can run here (the button says why not).
    registerEndpoint(
      app,
      captionsEngine,
      async () => {
        const missing = await speech.unavailable();
        return {
          name: speech.name,
          language: speech.language,
          available: missing === null,
          reason: missing ?? '',
        };
      },
      { authorize: signedIn('Sign in to generate captions.') },
    );

    // POST /api/v1/captions/generate { show }: queues the recognizer over the show's sound; the
    // draft track appears when the job is done. A job already under way for the show is answered
    // instead of a second one.
    registerEndpoint(
      app,
      captionsGenerate,
      async ({ body }, request) => {
        const showId = body.show;
        // The show as the requester may see it: another organization's is not found.
        const show = await records.view('shows', showId, recordRequest(request));
        if (!isEditorRole(request.auth?.record.role))
          throw new ApiError(403, 'Only editors, admins and owners can generate captions.');
        const problem = !show.media
          ? NO_MEDIA
          : (show.mediaInfo as Partial<MediaInfo> | null)?.audio === null
            ? NO_SOUND
            : null;
        if (problem)
          throw new ApiError(400, VALIDATION_FAILED, {
            show: { code: 'validation_no_media', message: problem },
          });
        const missing = await speech.unavailable();
        if (missing) throw new ApiError(503, missing);
        const target = `shows/${showId}`;
        const underWay = await records.list(
          'jobs',
          {
            filter: `target = "${target}" && kind = "captions-generate" && (state = "queued" || state = "running")`,
            perPage: '1',
            skipTotal: 'true',
          },
          serverRequest('POST'),
        );
        const running = underWay.items[0];
        if (running) return { job: String(running.id) };
        const job = await enqueue({
          organization: String(show.organization),
          kind: 'captions-generate',
          target,
        });
        return { job };
      },
      { authorize: signedIn('Sign in to generate captions.') },
    );

    // GET /api/v1/captions/coverage?week=YYYY-MM-DD (a Monday; this week by default): each
    // channel's airtime that week, in the organization's zone, and how much of it is captioned.
    registerEndpoint(
      app,
      captionsCoverage,
      async ({ query }, request) => {
        const organization = String(request.auth?.record.organization ?? '');
        const zone = (await coverage.timeZoneOf(organization)) ?? 'UTC';
        const week = query.week ?? mondayOfWeek(clock.now(), zone);
        let monday: string;
        let from: number;
        let to: number;
        try {
          monday = mondayOfWeek(localToInstant(`${week}T12:00`, zone), zone);
          from = localToInstant(`${monday}T00:00`, zone);
          to = localToInstant(`${addDays(monday, 7)}T00:00`, zone);
        } catch {
          // A date the zone's calendar has not (2026-02-30): the contract's message.
          throw new ApiError(400, VALIDATION_FAILED, {
            week: {
              code: 'validation_invalid_date',
              message: 'Must be a date such as 2026-11-23.',
            },
          });
        }
        const read = await coverage.read(organization, from, to);
        return {
          week: monday,
          timeZone: zone,
          ...captionCoverage(read.channels, read.slots, read.tracks),
        };
      },
      {
        authorize: (request) => {
          if (!request.auth) throw new ApiError(401, 'Sign in to see caption coverage.');
          if (!request.auth.record.organization)
            throw new ApiError(403, 'Join or create an organization first.');
        },
      },
    );

    registerEndpoint(app, captionsParse, ({ body }) => parseCaptions(body.text), {
      authorize: signedIn('Sign in to read caption files.'),
    });

    registerEndpoint(app, captionsVtt, async ({ params, query }, request, reply) => {
      const track = await readTrack(params.id, request, query.token);
      const cues = (track.cues as CaptionCue[] | null) ?? [];
      return trackHeaders(reply, track).type('text/vtt; charset=utf-8').send(toWebVtt(cues));
    });

    // JSON for the watch page, which speaks audio descriptions on the broadcast's clock.
    registerEndpoint(app, captionsJson, async ({ params, query }, request, reply) => {
      const track = await readTrack(params.id, request, query.token);
      return trackHeaders(reply, track)
        .type('application/json; charset=utf-8')
        .send({
          id: params.id,
          kind: track.kind,
          language: track.language,
          label: track.label,
          cues: (track.cues as CaptionCue[] | null) ?? [],
        });
    });
  };
}
