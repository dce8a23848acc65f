import { fromRecordDate } from '@airgrid/domain';
import type { GuideTimeslot } from '@airgrid/schema';
import { Box, Card, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { DESCRIBED } from '../../lib/app-start';
import { slotTimes } from '../../shared/channels/channel-schedule';
import { DescriptionsSwitch } from '../../shared/descriptions/descriptions-switch';
import {
  useBroadcastDescriptions,
  useDescriptionsPreference,
} from '../../shared/descriptions/use-audio-descriptions';
import { watchQueries } from './queries';

/**
 * The "Now" card's height with a two-line description, kept while the schedule loads: on a
 * phone today's schedule sits below it and would jump down when it appears (layout shift).
 */
export const NOW_CARD_MIN_HEIGHT = 146;

/** What is on now: the programme, its times and its description. */
export function NowCard({ current, zone }: { current: GuideTimeslot; zone: string }) {
  const t = messages();
  return (
    <Card mt="md" bg="dark.7" mih={NOW_CARD_MIN_HEIGHT} data-testid="watch-now">
      <Text size="xs" tt="uppercase" c="gray.4" fw={700}>
        {t.watch.now}
      </Text>
      <Text fw={700} c="gray.0">
        {current.show.title}
      </Text>
      <Text size="sm" c="gray.4">
        {slotTimes(current, zone)}
        {current.show.subtitle ? ` · ${current.show.subtitle}` : ''}
      </Text>
      {current.show.description && (
        <Text size="sm" c="gray.3" mt={4} lineClamp={3}>
          {current.show.description}
        </Text>
      )}
      {current.show.descriptions && <SpokenDescriptions current={current} />}
    </Card>
  );
}

/** The programme's audio descriptions, spoken on the broadcast's clock once the viewer asks. */
function SpokenDescriptions({ current }: { current: GuideTimeslot }) {
  const [on, setOn] = useDescriptionsPreference();
  const track = useQuery(watchQueries.descriptions(on ? current.show.descriptions : ''));
  useBroadcastDescriptions(
    track.data?.cues,
    fromRecordDate(current.start) ?? 0,
    track.data?.language ?? '',
    on,
  );
  return (
    <Box mt="sm" {...DESCRIBED}>
      <DescriptionsSwitch checked={on} onChange={setOn} onDark />
    </Box>
  );
}
