/** A show's season and episode as XMLTV's two `episode-num` systems write them. */
export interface EpisodeNumbers {
  /** `season.episode.part`, zero-based (S02E01 is "1.0.0/1"); null when the season is unknown. */
  xmltvNs: string | null;
  /** What a viewer reads on screen: "S02E01", "S02" or "E07"; null when both are unknown. */
  onscreen: string | null;
}

function positive(value: number): number {
  return Number.isInteger(value) && value > 0 ? value : 0;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The episode numbers of a show whose season and episode are 1-based and 0 when unknown
 * (GuideShow). `xmltv_ns` is skipped without a season, as Tunarr does: DVR clients read "0.4."
 * as season 1, which would file a special or an unnumbered series under the wrong season.
 * Numbers are written as whole programmes ("part 0 of 1") when the episode is known.
 */
export function episodeNumbers(season: number, episode: number): EpisodeNumbers {
  const s = positive(season);
  const e = positive(episode);
  if (s === 0 && e === 0) return { xmltvNs: null, onscreen: null };
  if (s === 0) return { xmltvNs: null, onscreen: `E${pad2(e)}` };
  if (e === 0) return { xmltvNs: `${s - 1}..`, onscreen: `S${pad2(s)}` };
  return { xmltvNs: `${s - 1}.${e - 1}.0/1`, onscreen: `S${pad2(s)}E${pad2(e)}` };
}
