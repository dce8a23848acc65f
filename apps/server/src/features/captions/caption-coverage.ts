// Caption coverage (pure): the share of each channel's scheduled airtime whose show has a
// complete caption track in the channel's language. Tracks of kind captions or subtitles
// count; audio descriptions are another service. A channel that names no language counts any
// complete track. Languages match on their primary subtag: an `en-US` track covers an `en`
// channel and the other way round.

export interface CoverageSlot {
  channel: string;
  show: string;
  durationSec: number;
}

export interface CoverageChannel {
  id: string;
  name: string;
  number: number;
  language: string;
}

export interface CompleteTrack {
  show: string;
  language: string;
}

export interface ChannelCoverage extends CoverageChannel {
  scheduledSec: number;
  captionedSec: number;
  /** 0–1; 0 when nothing is scheduled. */
  share: number;
}

const primary = (language: string) => language.trim().toLowerCase().split('-')[0] ?? '';

export function captionCoverage(
  channels: readonly CoverageChannel[],
  slots: readonly CoverageSlot[],
  tracks: readonly CompleteTrack[],
): {
  channels: ChannelCoverage[];
  total: { scheduledSec: number; captionedSec: number; share: number };
} {
  const languagesOf = new Map<string, Set<string>>();
  for (const track of tracks) {
    const set = languagesOf.get(track.show) ?? new Set<string>();
    set.add(primary(track.language));
    languagesOf.set(track.show, set);
  }
  const byChannel = new Map(
    channels.map((channel) => [
      channel.id,
      { scheduled: 0, captioned: 0, wanted: channel.language ? primary(channel.language) : '' },
    ]),
  );
  for (const slot of slots) {
    const sums = byChannel.get(slot.channel);
    if (!sums) continue;
    const languages = languagesOf.get(slot.show);
    sums.scheduled += slot.durationSec;
    const { wanted } = sums;
    if (languages && (wanted === '' ? languages.size > 0 : languages.has(wanted)))
      sums.captioned += slot.durationSec;
  }
  const rows = channels.map((channel) => {
    const sums = byChannel.get(channel.id) ?? { scheduled: 0, captioned: 0 };
    return {
      ...channel,
      scheduledSec: sums.scheduled,
      captionedSec: sums.captioned,
      share: sums.scheduled > 0 ? sums.captioned / sums.scheduled : 0,
    };
  });
  const scheduledSec = rows.reduce((sum, row) => sum + row.scheduledSec, 0);
  const captionedSec = rows.reduce((sum, row) => sum + row.captionedSec, 0);
  return {
    channels: rows,
    total: {
      scheduledSec,
      captionedSec,
      share: scheduledSec > 0 ? captionedSec / scheduledSec : 0,
    },
  };
}
