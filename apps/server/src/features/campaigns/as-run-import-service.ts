import { addDays, type LoggedSpot, localToInstant, reconcileLog, todayIn } from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import {
  AS_RUN_IMPORT_MAX_DAYS,
  type AsRunImportInput,
  type AsRunLine,
} from '@airgrid/schema/contracts';
import type { Clock } from '../../clock.js';
import { ApiError, type FieldError } from '../../errors/api-error.js';
import { memberOrganizationOf, type RequestContext } from '../../request-types.js';
import type {
  AsRunImportRepository,
  ChannelPlacementRow,
  ImportedLine,
} from './as-run-import-repository.js';

// An as-run log of a station's own playout, imported (issue 40, item 6; decision 0051): its
// lines name the station's spots by id or title; reconcileLog (packages/domain) matches them
// with the channel's placements of the period the log covers, and the outcome is stored as
// proof of play (`asRunImports`, `importedAirings`), which the campaign's airings and the next
// placement (make-goods for what was missed) read.

const NOT_FOUND = 'The requested resource wasn’t found.';
const NOT_AN_EDITOR =
  'Only editors, admins and owners of the organization can import the as-run log.';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Spot titles are compared trimmed and case-blind. */
const titleKey = (title: string) => title.trim().toLowerCase();

/** What became of a line, as the answer lists it. */
interface LineOutcome {
  line: number;
  status: 'aired' | 'off-plan' | 'skipped';
  start: string;
  spot: string;
  ad: string | null;
  adTitle: string;
  placement: string | null;
  plannedStart: string | null;
}

export class AsRunImportService {
  constructor(
    private readonly repository: AsRunImportRepository,
    private readonly clock: Clock,
  ) {}

  async import(request: Pick<RequestContext, 'auth'>, channelId: string, input: AsRunImportInput) {
    const organization = memberOrganizationOf(request.auth);
    const channel = organization ? await this.repository.channel(organization, channelId) : null;
    if (!channel) throw new ApiError(404, NOT_FOUND);
    if (!isEditorRole(request.auth?.record.role)) throw new ApiError(403, NOT_AN_EDITOR);
    if (channel.source === 'playout')
      throw new ApiError(
        400,
        'This channel airs through Airgrid playout: its own as-run log is the proof of play.',
      );
    const now = this.clock.now();
    const future = input.lines.find((line) => line.startMs >= now);
    if (future)
      throw refusal(
        `lines.${future.line}.start`,
        `Line ${future.line}: start is in the future; an as-run log says what aired.`,
      );
    const period = input.period ?? daysOf(input.lines, channel.timeZone);
    if (period.toMs - period.fromMs > (AS_RUN_IMPORT_MAX_DAYS + 1) * DAY_MS)
      throw refusal(
        'lines',
        `The log’s lines span more than ${AS_RUN_IMPORT_MAX_DAYS} days; import at most ${AS_RUN_IMPORT_MAX_DAYS} days at a time.`,
      );
    const toMs = Math.min(period.toMs, now);
    if (toMs <= period.fromMs)
      throw refusal('from', 'Must be in the past: an as-run log says what aired.');
    const fromMs = period.fromMs;

    const spots = await this.spotsByName(organization);
    const named: { line: AsRunLine; ad: { id: string; title: string } | null }[] = [];
    for (const line of input.lines) {
      const found = spots.byId.get(line.spot) ?? spots.byTitle.get(titleKey(line.spot)) ?? [];
      const candidates = Array.isArray(found) ? found : [found];
      if (candidates.length > 1)
        throw refusal(
          `lines.${line.line}.spot`,
          `Line ${line.line}: spot “${line.spot}” is the title of ${candidates.length} of the station’s spots; name it by its id.`,
        );
      named.push({ line, ad: candidates[0] ?? null });
    }

    const placements = await this.repository.placementsOn(channel.id, fromMs, toMs);
    const logged: LoggedSpot[] = named.flatMap(({ line, ad }) =>
      ad
        ? [
            {
              line: line.line,
              ad: ad.id,
              startMs: line.startMs,
              durationSec: line.durationSec ?? 0,
            },
          ]
        : [],
    );
    const result = reconcileLog({ placements, lines: logged, period: { fromMs, toMs } });

    const byId = new Map(placements.map((placement) => [placement.id, placement]));
    const proves = new Map<number, ChannelPlacementRow>();
    for (const outcome of result.placements) {
      const placement = byId.get(outcome.placement);
      if (outcome.status === 'aired' && placement) proves.set(outcome.line, placement);
    }
    const stored: ImportedLine[] = [];
    const lines: LineOutcome[] = named
      .map(({ line, ad }): LineOutcome => {
        const placement = proves.get(line.line);
        if (ad)
          stored.push({
            ad: ad.id,
            placement: placement?.id ?? '',
            startMs: line.startMs,
            durationSec: line.durationSec ?? 0,
            line: line.line,
            status: placement ? 'aired' : 'off-plan',
          });
        return {
          line: line.line,
          status: !ad ? 'skipped' : placement ? 'aired' : 'off-plan',
          start: iso(line.startMs),
          spot: line.spot,
          ad: ad?.id ?? null,
          adTitle: ad?.title ?? '',
          placement: placement?.id ?? null,
          plannedStart: placement ? iso(placement.startMs) : null,
        };
      })
      .sort((a, b) => a.line - b.line);
    const missedPlacements = result.placements.flatMap((outcome) => {
      const placement = byId.get(outcome.placement);
      if (outcome.status !== 'missed' || !placement) return [];
      return [
        {
          placement: placement.id,
          campaign: placement.campaign,
          campaignName: placement.campaignName,
          ad: placement.ad,
          adTitle: placement.adTitle,
          plannedStart: iso(placement.startMs),
        },
      ];
    });
    const counts = {
      aired: proves.size,
      missed: missedPlacements.length,
      offPlan: lines.filter((line) => line.status === 'off-plan').length,
      skipped: lines.filter((line) => line.status === 'skipped').length,
    };
    const user = request.auth?.collection.name === 'users' ? String(request.auth.record.id) : '';
    const id = await this.repository.write(
      organization,
      { channel: channel.id, fileName: input.fileName, fromMs, toMs, ...counts, importedBy: user },
      stored,
      now,
    );
    return {
      import: id,
      channel: channel.id,
      periodStart: iso(fromMs),
      periodEnd: iso(toMs),
      ...counts,
      lines,
      missedPlacements,
    };
  }

  /** The station's spots by id, and by title (a title may name several). */
  private async spotsByName(organization: string) {
    const byId = new Map<string, { id: string; title: string }>();
    const byTitle = new Map<string, { id: string; title: string }[]>();
    for (const ad of await this.repository.ads(organization)) {
      byId.set(ad.id, ad);
      const key = titleKey(ad.title);
      if (key) byTitle.set(key, [...(byTitle.get(key) ?? []), ad]);
    }
    return { byId, byTitle };
  }
}

/** The channel's calendar days from the first line's to the last line's, whole. */
function daysOf(lines: readonly AsRunLine[], zone: string): { fromMs: number; toMs: number } {
  const starts = lines.map((line) => line.startMs);
  const first = todayIn(zone, Math.min(...starts));
  const last = todayIn(zone, Math.max(...starts));
  return {
    fromMs: localToInstant(`${first}T00:00`, zone),
    toMs: localToInstant(`${addDays(last, 1)}T00:00`, zone),
  };
}

/** A 400 whose message is the problem's, on its field (`lines.12.start`). */
function refusal(field: string, message: string): ApiError {
  const error: FieldError = { code: 'validation_invalid_value', message };
  return new ApiError(400, message, { [field]: error });
}
