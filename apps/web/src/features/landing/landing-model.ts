import type { GuideChannel, GuideResponse, GuideTimeslot } from '@airgrid/schema';
import { nowAndNext } from '../../shared/channels/channel-schedule';

/** One channel's line on the landing page: what is on now and what comes next. */
export interface OnNowRow {
  channel: GuideChannel;
  now: GuideTimeslot | null;
  next: GuideTimeslot | null;
}

/** The station's channels in the guide's order, each with its programme on now and the next. */
export function onNowRows(
  guide: Pick<GuideResponse, 'channels' | 'timeslots'>,
  now: number,
): OnNowRow[] {
  const byChannel = new Map<string, GuideTimeslot[]>();
  for (const slot of guide.timeslots) {
    const list = byChannel.get(slot.channel) ?? [];
    list.push(slot);
    byChannel.set(slot.channel, list);
  }
  return guide.channels.map((channel) => ({
    channel,
    ...nowAndNext(byChannel.get(channel.id) ?? [], now),
  }));
}
