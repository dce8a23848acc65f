import type { Clock } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { messages } from '../../i18n/messages';
import classes from './tvguide.module.css';
import {
  channelListing,
  channelLogoUrl,
  type GuideDay,
  type GuideProgramme,
  type GuideRow,
  progressAt,
  timeFormatter,
  timeRange,
} from './tvguide-model';

export interface GuideListProps {
  rows: readonly GuideRow[];
  day: GuideDay;
  /** The instant listed: now on today, or the time the viewer moved to. */
  at: number;
  now: number;
  zone: string;
  clock: Clock;
  /** The list's accessible name, e.g. "TV guide for Tuesday 03/10/2026". */
  label: string;
  /** A newer day is loading: the list dims. */
  loading: boolean;
  onOpen: (programme: GuideProgramme, channel: GuideChannel) => void;
}

/**
 * The guide on a phone: one card per channel with what airs at the instant (with how far it
 * has got), what is next and after that. A grid at 390 px shows about an hour of one or two
 * channels; this shows every channel's evening at a glance.
 */
export function GuideList({
  rows,
  day,
  at,
  now,
  zone,
  clock,
  label,
  loading,
  onOpen,
}: GuideListProps) {
  const t = messages();
  const format = useMemo(() => timeFormatter(zone, clock), [zone, clock]);
  // The list follows the clock on today (its instant is now, give or take the minute's tick).
  const live = Math.abs(at - now) < 60_000 && day.from <= now && now < day.to;
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={label}
      data-testid="guide-list"
      data-loading={loading || undefined}
      className={classes.list}
    >
      {rows.map((row) => {
        const listing = channelListing(row.programmes, at);
        const { channel } = row;
        return (
          <li key={channel.id} className={classes.listChannel} data-channel-listing={channel.id}>
            <div className={classes.listHead}>
              <ListMark channel={channel} />
              <Text fw={700} className={classes.listName}>
                {channel.name}
              </Text>
              <Text size="xs" className={classes.listNumber}>
                {t.tvguide.channelNumber(channel.number)}
              </Text>
            </div>
            {row.pending ? (
              <Text size="sm" className={classes.listEmpty}>
                {t.tvguide.loadingProgrammes}
              </Text>
            ) : (
              <ol className={classes.listProgrammes}>
                {listing.now ? (
                  <ListEntry
                    kind={live ? t.tvguide.now : t.tvguide.atAt(format(at))}
                    programme={listing.now}
                    times={timeRange(listing.now, format)}
                    progress={progressAt(listing.now, at)}
                    onOpen={() => onOpen(listing.now as GuideProgramme, channel)}
                  />
                ) : (
                  <li className={classes.listEmpty}>{t.tvguide.nothingOnAtAt(format(at))}</li>
                )}
                {listing.next && (
                  <ListEntry
                    kind={t.tvguide.next}
                    programme={listing.next}
                    times={format(listing.next.start)}
                    onOpen={() => onOpen(listing.next as GuideProgramme, channel)}
                  />
                )}
                {listing.later.map((programme) => (
                  <ListEntry
                    key={programme.id}
                    kind={t.tvguide.later}
                    programme={programme}
                    times={format(programme.start)}
                    onOpen={() => onOpen(programme, channel)}
                  />
                ))}
                {!listing.next && (
                  <li className={classes.listEmpty}>{t.tvguide.nothingMoreScheduledThisDay}</li>
                )}
              </ol>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

function ListEntry({
  kind,
  programme,
  times,
  progress,
  onOpen,
}: {
  kind: string;
  programme: GuideProgramme;
  times: string;
  /** How far through the programme is, 0 to 1; only for the one on. */
  progress?: number;
  onOpen: () => void;
}) {
  const t = messages();
  const current = progress !== undefined;
  return (
    <li className={classes.listEntry} data-kind={kind.toLowerCase()}>
      <UnstyledButton
        className={classes.listButton}
        onClick={onOpen}
        aria-label={`${kind}: ${programme.show.title}, ${times}`}
      >
        <span className={classes.listKind}>{kind}</span>
        <span className={classes.listTitle} data-current={current || undefined}>
          {programme.show.title}
        </span>
        <span className={classes.listTime}>{times}</span>
      </UnstyledButton>
      {current && (
        <Progress
          value={Math.round(progress * 100)}
          size="sm"
          mt={4}
          color="yellow.5"
          aria-label={t.tvguide.percentAired(programme.show.title, Math.round(progress * 100))}
        />
      )}
    </li>
  );
}

/** The channel's logo, or its number in a tile edged with its colour. */
function ListMark({ channel }: { channel: GuideChannel }) {
  const logo = channelLogoUrl(channel);
  if (logo) {
    return <img className={classes.listLogo} src={logo} alt="" width={28} height={28} />;
  }
  return (
    <span
      className={classes.listLogo}
      style={{ boxShadow: `inset 0 0 0 2px ${channel.color || 'var(--mantine-color-gray-5)'}` }}
      aria-hidden
    >
      {channel.number}
    </span>
  );
}
