import type { GuideTimeslot } from '@airgrid/schema';
import { Box, Button, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { slotTimes } from '../../shared/channels/channel-schedule';
import { splitToday } from './watch-model';

/**
 * Today's programmes from the one on now: those already over wait behind "Show earlier", so
 * the list opens at now (on a phone too) and the day's past is one press away.
 */
export function TodayList({
  slots,
  current,
  now,
  zone,
}: {
  slots: GuideTimeslot[];
  current: GuideTimeslot | null;
  now: number;
  zone: string;
}) {
  const t = messages();
  const [showEarlier, setShowEarlier] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const { earlier, later } = splitToday(slots, now);
  // Opening the earlier ones keeps now in view: the list scrolls to the first of the rest.
  useLayoutEffect(() => {
    const box = list.current;
    const first = box?.querySelector<HTMLElement>('[data-from-now]');
    if (box && first && showEarlier) box.scrollTop = first.offsetTop - box.offsetTop;
  }, [showEarlier]);
  if (slots.length === 0) return <Text c="gray.4">{t.watch.nothingScheduledToday}</Text>;
  const shown = showEarlier ? [...earlier, ...later] : later;
  return (
    <>
      {earlier.length > 0 && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          mb={4}
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={showEarlier}
          onClick={() => setShowEarlier((open) => !open)}
          leftSection={showEarlier ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        >
          {showEarlier ? t.watch.hideEarlier : t.watch.showEarlierLength(earlier.length)}
        </Button>
      )}
      {later.length === 0 && !showEarlier && <Text c="gray.4">{t.watch.nothingMoreToday}</Text>}
      <Stack
        ref={list}
        gap={2}
        component="ol"
        aria-label={t.watch.todaySSchedule}
        // It scrolls when the day is long: focusable, so the keyboard can scroll it too (its
        // arrow keys stay its own, not the remote's).
        tabIndex={0}
        data-own-keys
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          maxHeight: 420,
          overflowY: 'auto',
          position: 'relative',
        }}
      >
        {shown.map((slot) => {
          const isCurrent = slot.id === current?.id;
          const fromNow = slot === later[0];
          return (
            <Box
              component="li"
              key={slot.id}
              aria-current={isCurrent ? 'true' : undefined}
              data-from-now={fromNow || undefined}
              px="xs"
              py={4}
              style={{
                borderRadius: 4,
                background: isCurrent ? 'var(--mantine-color-dark-5)' : undefined,
              }}
            >
              <Text size="sm" c={isCurrent ? 'gray.0' : 'gray.3'} fw={isCurrent ? 700 : 400}>
                <Text span size="sm" c={isCurrent ? 'gray.2' : 'dimmed'}>
                  {slotTimes(slot, zone)}
                </Text>{' '}
                {slot.show.title}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </>
  );
}
