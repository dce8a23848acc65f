import {
  fromRecordDate,
  instantToLocal,
  type PackagingState,
  playoutReadiness,
  type ReadinessIssue,
  type ReadinessSlot,
  readinessCounts,
} from '@airgrid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import { scheduleRecurringRun } from '../../jobs/recurring-run.js';
import type { GuideRepository } from '../../public-reads/guide-repository.js';
import type { PackageRow, PlayoutChannel, PlayoutRepository } from './playout-repository.js';
import { SEGMENT_SEC } from './playout-service.js';

// Readiness before air (issue 39, item 4): what will not air as scheduled on a playout channel
// in the next day or week, read from the guide's own window of timeslots (as the air does), the
// shows' media, their packages in the channel's profile and the latest packaging jobs; found by
// packages/domain's `playoutReadiness`. The station's members read it on the channel page and
// the dashboard; its owners, admins and editors are told of each problem once, a configurable
// time before air (PLAYOUT_READINESS_NOTICE_HOURS).

const HOUR_MS = 3_600_000;
/** The dashboard's window. */
const SUMMARY_HOURS = 24;
/** How often every node looks for problems to tell (one wins each run). */
const NOTICE_EVERY_MS = 5 * 60_000;
/** A notice is forgotten a week after it was sent (its timeslot has aired). */
const NOTICE_KEPT_MS = 8 * 24 * HOUR_MS;

const NOT_PLAYOUT =
  'No channel of your station with this id airs through Airgrid playout (choose Airgrid playout as its source first).';

const JOB_STATE: Record<string, PackagingState> = {
  queued: 'queued',
  running: 'packaging',
  failed: 'failed',
  // Done, yet no package of the current media: a new upload, queued within a second.
  done: 'waiting',
};

/** The latest package of the show made from `source` (or of any source, when none is given). */
function latestPackage(
  packages: readonly PackageRow[],
  show: string,
  source?: string,
): PackageRow | undefined {
  let found: PackageRow | undefined;
  for (const pkg of packages) {
    if (pkg.show === show && (source === undefined || pkg.source === source)) found = pkg;
  }
  return found;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** An issue as the contract gives it. */
function toReply(issue: ReadinessIssue) {
  const times = { start: iso(issue.start), end: iso(issue.end) };
  if (issue.kind === 'gap') {
    const ref = (slot: { slotId: string; showId: string; showTitle: string }) => ({
      timeslot: slot.slotId,
      show: { id: slot.showId, title: slot.showTitle },
    });
    return {
      kind: issue.kind,
      ...times,
      fillerSec: issue.fillerSec,
      slateSec: issue.slateSec,
      ...(issue.endsEarly ? { endsEarly: ref(issue.endsEarly) } : {}),
      cancelled: issue.cancelled.map(ref),
    };
  }
  const base = {
    kind: issue.kind,
    ...times,
    timeslot: issue.slotId,
    show: { id: issue.showId, title: issue.showTitle },
  };
  if (issue.kind === 'not-packaged') {
    return {
      ...base,
      state: issue.state,
      progress: issue.progress,
      ...(issue.error ? { error: issue.error } : {}),
    };
  }
  if (issue.kind === 'too-long') return { ...base, cutSec: issue.cutSec };
  return base;
}

function countsOf(issues: readonly ReadinessIssue[]) {
  const counts = readinessCounts(issues);
  return {
    total: counts.total,
    noMedia: counts['no-media'],
    notPackaged: counts['not-packaged'],
    tooLong: counts['too-long'],
    gaps: counts.gap,
  };
}

export class PlayoutReadiness {
  constructor(
    private readonly repository: PlayoutRepository,
    private readonly guide: GuideRepository,
    private readonly clock: Clock,
  ) {}

  /** The organization's channel airing through playout, or a 404. */
  async channelOf(id: string, organization: string): Promise<PlayoutChannel> {
    const channel = organization ? await this.repository.channel(id) : undefined;
    if (
      !channel ||
      channel.organization !== organization ||
      channel.archived ||
      channel.source !== 'playout'
    ) {
      throw new ApiError(404, NOT_PLAYOUT);
    }
    return channel;
  }

  /** What will not air as scheduled on the channel in [from, to), epoch ms. */
  async issues(channel: PlayoutChannel, from: number, to: number): Promise<ReadinessIssue[]> {
    const [slots, cancelled] = await Promise.all([
      this.guide.window([channel.id], from, to),
      this.repository.cancelledSlots(channel.id, from, to),
    ]);
    const shows = [...new Set([...slots.map((s) => s.show.id), ...cancelled.map((s) => s.show)])];
    const [media, packages, jobs] = await Promise.all([
      this.repository.showsMedia(shows),
      this.repository.showPackages([...shows, ...channel.filler], channel.profile),
      this.repository.packagingJobs(shows),
    ]);
    const mediaOf = new Map(media.map((row) => [row.id, row]));
    const jobOf = new Map(jobs.map((row) => [row.show, row]));

    const mediaState = (show: string): ReadinessSlot['media'] => {
      const current = mediaOf.get(show);
      if (!current?.media) return null;
      const pkg = latestPackage(packages, show, current.media);
      const durationSec = current.durationSec ?? (pkg?.durationSec || null);
      if (pkg) return { durationSec, packaged: true };
      const job = jobOf.get(show);
      const packaging: NonNullable<NonNullable<ReadinessSlot['media']>['packaging']> = {
        state: JOB_STATE[job?.state ?? ''] ?? 'waiting',
        progress: job?.state === 'running' ? job.progress : 0,
      };
      if (job?.state === 'failed' && job.error) packaging.error = job.error;
      return { durationSec, packaged: false, packaging };
    };

    const readinessSlots: ReadinessSlot[] = [];
    for (const slot of slots) {
      const start = fromRecordDate(slot.start);
      if (start === null) continue;
      readinessSlots.push({
        id: slot.id,
        start,
        durationSec: slot.durationSec,
        showId: slot.show.id,
        showTitle: slot.show.title,
        media: mediaState(slot.show.id),
      });
    }
    for (const slot of cancelled) {
      const start = fromRecordDate(slot.start);
      if (start === null) continue;
      readinessSlots.push({
        id: slot.id,
        start,
        durationSec: slot.durationSec,
        showId: slot.show,
        showTitle: slot.title,
        cancelled: true,
        media: null,
      });
    }
    return playoutReadiness({
      from,
      to,
      segmentSec: SEGMENT_SEC,
      slots: readinessSlots,
      // The filler that airs: each show's latest package in the profile.
      fillerSegments: channel.filler.flatMap((show) => {
        const pkg = latestPackage(packages, show);
        return pkg ? [pkg.segments] : [];
      }),
    });
  }

  /** GET /api/v1/channels/{channel}/playout/readiness. */
  async read(id: string, organization: string, hours: number) {
    const channel = await this.channelOf(id, organization);
    const from = this.clock.now();
    const to = from + hours * HOUR_MS;
    const issues = await this.issues(channel, from, to);
    return {
      channel: channel.id,
      timeZone: channel.timeZone,
      from: iso(from),
      to: iso(to),
      counts: countsOf(issues),
      issues: issues.map(toReply),
    };
  }

  /** GET /api/v1/playout/readiness: the organization's playout channels, the next 24 hours. */
  async summary(organization: string) {
    const from = this.clock.now();
    const to = from + SUMMARY_HOURS * HOUR_MS;
    const channels = organization ? await this.repository.playoutChannels(organization) : [];
    const lines = [];
    for (const channel of channels) {
      const issues = await this.issues(channel, from, to);
      lines.push({
        id: channel.id,
        name: channel.name,
        counts: countsOf(issues),
        first: issues[0] ? iso(issues[0].start) : null,
      });
    }
    lines.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return { from: iso(from), to: iso(to), channels: lines };
  }
}

export interface ReadinessNotifier {
  notify(
    userId: string,
    notification: { title: string; body: string; type: 'warning'; path: string },
  ): Promise<void>;
}

function minutes(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} seconds`;
  const total = Math.round(seconds / 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} minutes`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A notice's title and body: the channel, the show, the start in the channel's zone, what to do. */
function noticeText(
  channel: PlayoutChannel,
  issue: ReadinessIssue,
): { title: string; body: string } {
  const when = `${instantToLocal(issue.start, channel.timeZone).replace('T', ' ')} (${channel.timeZone})`;
  if (issue.kind === 'gap') {
    const length = minutes((issue.end - issue.start) / 1000);
    const fill =
      issue.slateSec === 0
        ? 'The filler covers it.'
        : issue.fillerSec > 0
          ? `The filler covers ${minutes(issue.fillerSec)}; the slate airs for ${minutes(issue.slateSec)}.`
          : `The slate airs for ${minutes(issue.slateSec)} (no filler).`;
    const why = issue.endsEarly ? ` after “${issue.endsEarly.showTitle}” ends early` : '';
    return {
      title: `${channel.name}: ${length} with no programme at ${when}`,
      body: `Nothing is scheduled on ${channel.name} from ${when}${why}. ${fill} Schedule a show, extend a timeslot or add filler to the channel.`,
    };
  }
  const show = `“${issue.showTitle}”`;
  const airs = `${show} airs on ${channel.name} at ${when}`;
  switch (issue.kind) {
    case 'no-media':
      return {
        title: `${show} has no media to air on ${channel.name}`,
        body: `${airs}, but the show has no media: the filler or the slate airs instead. Upload its media on the show’s page.`,
      };
    case 'not-packaged':
      return {
        title: `${show} is not ready to air on ${channel.name}`,
        body:
          issue.state === 'failed'
            ? `${airs}, but its media could not be packaged${issue.error ? ` (${issue.error})` : ''}. Upload the media again, or schedule another show.`
            : `${airs}, and its media is still being packaged (${issue.state === 'packaging' ? `${issue.progress}%` : issue.state}). Until it is ready the filler or the slate airs instead.`,
      };
    case 'too-long':
      return {
        title: `${show} will be cut on ${channel.name}`,
        body: `${airs}; its media is ${minutes(issue.cutSec)} longer than the timeslot and is cut at the slot’s end. Extend the timeslot or shorten the media.`,
      };
  }
}

/** The notice's key: a timeslot's problem, or a gap by its start. */
function noticeKey(issue: ReadinessIssue): string {
  return issue.kind === 'gap' ? `gap:${issue.start}` : `${issue.kind}:${issue.slotId}`;
}

/**
 * Tells each playout channel's staff (owners, admins, editors) of every problem starting within
 * `aheadMs` of `now`, once: the notice is written first, so one node sends it. Answers how many.
 */
export async function sendReadinessNotices(
  readiness: PlayoutReadiness,
  repository: PlayoutRepository,
  notifier: ReadinessNotifier,
  now: number,
  aheadMs: number,
): Promise<number> {
  let sent = 0;
  await repository.forgetNotices(now - NOTICE_KEPT_MS);
  for (const channel of await repository.playoutChannels()) {
    const issues = await readiness.issues(channel, now, now + aheadMs);
    // Only what has not begun: a problem on air now is past telling.
    const ahead = issues.filter((issue) => issue.start > now);
    if (ahead.length === 0) continue;
    let staff: string[] | undefined;
    for (const issue of ahead) {
      if (!(await repository.noteNotice(channel.id, noticeKey(issue), now))) continue;
      staff ??= await repository.staff(channel.organization);
      const text = noticeText(channel, issue);
      for (const user of staff) {
        await notifier.notify(user, { ...text, type: 'warning', path: `/channels/${channel.id}` });
      }
      sent += 1;
    }
  }
  return sent;
}

/** Looks every five minutes; the node that claims the run tells. Answers how to stop. */
export function scheduleReadinessNotices(
  deps: {
    readiness: PlayoutReadiness;
    repository: PlayoutRepository;
    notifier: ReadinessNotifier;
    aheadMs: number;
  },
  log: FastifyBaseLogger,
  clock: Clock,
): () => void {
  return scheduleRecurringRun(
    {
      name: 'playout readiness notices',
      checkEveryMs: NOTICE_EVERY_MS,
      firstLookAfterMs: 60_000,
      claim: (now) => deps.repository.claimReadinessNotices(now, NOTICE_EVERY_MS / 2),
      run: async (now) => {
        const sent = await sendReadinessNotices(
          deps.readiness,
          deps.repository,
          deps.notifier,
          now,
          deps.aheadMs,
        );
        if (sent > 0) log.info({ sent }, 'playout readiness: staff told');
      },
    },
    log,
    clock,
  );
}
