import type { Clock } from '@airgrid/domain';
import { formatDuration, formatTime } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { Badge, Button, Group, Image, List, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { stationPath } from '../../shared/stations/station-path';
import { barColor, COLOR_SCHEMES } from '../../ui/timeline/color-schemes';
import { programmeSpotsQuery } from './queries';
import classes from './tvguide.module.css';
import {
  airingText,
  channelLogoUrl,
  type GuideProgramme,
  isAiring,
  seasonEpisode,
  showThumbnailUrl,
  timeFormatter,
} from './tvguide-model';

/** The programme whose details are open, with its channel. */
export interface OpenProgramme {
  programme: GuideProgramme;
  channel: GuideChannel;
}

export interface ProgrammeDetailsProps {
  open: OpenProgramme | null;
  /** The station's slug: Watch live goes to its public URL (`/o/{slug}/watch/{channel}`). */
  stationSlug?: string;
  /** The guide is the member's own station's: the spots placed in its breaks are listed. */
  staff?: boolean;
  zone: string;
  clock: Clock;
  now: number;
  onClose: () => void;
}

/**
 * A programme's details: title, subtitle, when and how long, channel, category, rating,
 * season and episode, thumbnail and description. Closing returns the focus to its block.
 */
export function ProgrammeDetails({
  open,
  stationSlug,
  staff = false,
  zone,
  clock,
  now,
  onClose,
}: ProgrammeDetailsProps) {
  // The programme last opened stays in the dialog while it fades out: without it the closing
  // dialog lost its title (its accessible name) and its contents for the length of the fade.
  const [last, setLast] = useState(open);
  if (open !== null && open !== last) setLast(open);
  const shown = open ?? last;
  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      title={shown?.programme.show.title ?? ''}
      size="lg"
      centered
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {shown && (
        <Details
          open={shown}
          stationSlug={stationSlug}
          staff={staff}
          zone={zone}
          clock={clock}
          now={now}
        />
      )}
    </Modal>
  );
}

function Details({
  open: { programme, channel },
  stationSlug,
  staff,
  zone,
  clock,
  now,
}: {
  open: OpenProgramme;
  stationSlug?: string;
  staff: boolean;
  zone: string;
  clock: Clock;
  now: number;
}) {
  const t = messages();
  const format = useMemo(() => timeFormatter(zone, clock), [zone, clock]);
  const { show } = programme;
  const thumbnail = showThumbnailUrl(show);
  const logo = channelLogoUrl(channel);
  const episode = seasonEpisode(show);
  const airing = isAiring(programme, now);
  return (
    <Stack gap="md" data-testid="programme-details">
      {show.subtitle && (
        <Text fw={500} size="lg" mt={-8}>
          {show.subtitle}
        </Text>
      )}
      <Group gap="xs">
        {airing && <span className={classes.onNow}>{t.tvguide.onNow}</span>}
        {show.category && (
          <Badge
            radius="sm"
            styles={{
              root: {
                background: barColor(COLOR_SCHEMES.default, show.category),
                color: COLOR_SCHEMES.default.text,
              },
            }}
          >
            {show.category}
          </Badge>
        )}
        {show.rating && (
          <Badge variant="default" radius="sm">
            {show.rating}
          </Badge>
        )}
      </Group>
      {thumbnail && <Image src={thumbnail} alt={show.title} radius="md" mah={280} fit="cover" />}
      <dl className={classes.facts}>
        <dt>{t.tvguide.when}</dt>
        <dd>{airingText(programme, zone, format)}</dd>
        <dt>{t.tvguide.duration}</dt>
        <dd>{formatDuration(programme.durationSec, 'length', { units: true })}</dd>
        <dt>{t.tvguide.channel}</dt>
        <dd>
          <Group gap="xs" wrap="nowrap">
            {logo && <img className={classes.factLogo} src={logo} alt="" width={24} height={24} />}
            <span>{t.tvguide.nameChannelNumber(channel.name, channel.number)}</span>
          </Group>
        </dd>
        {show.category && (
          <>
            <dt>{t.tvguide.category}</dt>
            <dd>{show.category}</dd>
          </>
        )}
        {show.rating && (
          <>
            <dt>{t.tvguide.rating}</dt>
            <dd>{show.rating}</dd>
          </>
        )}
        {episode && (
          <>
            <dt>{t.tvguide.episode}</dt>
            <dd>{episode}</dd>
          </>
        )}
      </dl>
      {show.description ? (
        <Text className={classes.description}>{show.description}</Text>
      ) : (
        <Text c="dimmed">{t.tvguide.noDescription}</Text>
      )}
      {staff && <ProgrammeSpots programme={programme} zone={zone} clock={clock} />}
      {airing && channel.public && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={
              stationSlug
                ? stationPath(stationSlug, 'watch', channel.id)
                : `/watch/${encodeURIComponent(channel.id)}`
            }
            leftSection={<IconPlayerPlay size={16} />}
          >
            {t.tvguide.watchLive}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The spots placed in the programme's breaks, for its station's staff; nothing when none. */
function ProgrammeSpots({
  programme,
  zone,
  clock,
}: {
  programme: GuideProgramme;
  zone: string;
  clock: Clock;
}) {
  const t = messages();
  const spots = useQuery(
    programmeSpotsQuery(programme.channel, programme.id, programme.start, programme.end),
  );
  if (!spots.data || spots.data.length === 0) return null;
  return (
    <Stack gap={4} data-testid="programme-spots">
      <Text fw={600} size="sm">
        {t.tvguide.spotsInItsBreaks}
      </Text>
      <List size="sm" spacing={2}>
        {spots.data.map((spot) => (
          <List.Item key={spot.placement}>
            {t.tvguide.spotLine(
              formatTime(Date.parse(spot.start), zone, clock, { seconds: true }),
              spot.adTitle,
              spot.sponsorName,
              formatDuration(spot.durationSec, 'runtime'),
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
