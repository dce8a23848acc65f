import { formatDuration, slotLengthOf } from '@airgrid/domain';
import type { ShowRecord } from '@airgrid/schema';
import { Drawer, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { SHOW_DRAG_TYPE } from '../../ui/timeline';
import classes from './timeslots.module.css';
import type { DraggedShow } from './timeslots-model';

export type ShowItem = Pick<ShowRecord, 'id' | 'title' | 'category' | 'durationSec'>;

interface Props {
  opened: boolean;
  onClose: () => void;
  shows: readonly ShowItem[] | undefined;
  search: string;
  onSearch: (value: string) => void;
  /** Viewers and producers see the list, but cannot drag from it. */
  draggable: boolean;
}

/**
 * The shows, in a drawer so the chart keeps the page's width: search by title, drag one onto a
 * channel to schedule it there. The drawer has no overlay and does not trap focus, so the
 * chart beside it stays a drop target while it is open.
 */
export function ShowList({ opened, onClose, shows, search, onSearch, draggable }: Props) {
  const t = messages();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t.timeslots.shows}
      position="right"
      size={300}
      withOverlay={false}
      lockScroll={false}
      trapFocus={false}
      shadow="xl"
      classNames={{ inner: classes.drawerInner }}
    >
      <Stack gap="xs">
        <TextInput
          data-autofocus
          aria-label={t.timeslots.searchShows}
          placeholder={t.timeslots.searchShows}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
        />
        {draggable && (
          <Text size="xs" c="dimmed">
            {t.timeslots.dragAShowOntoA}
          </Text>
        )}
        {shows === undefined ? (
          <Loader role="status" size="sm" aria-label={t.timeslots.loadingShows} />
        ) : shows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {search.trim() === ''
              ? t.timeslots.noShowsYet
              : t.timeslots.noShowsMatchSearch(search.trim())}
          </Text>
        ) : (
          <Stack gap={6} role="list" aria-label={t.timeslots.showsToSchedule}>
            {shows.map((show) => (
              <Paper
                key={show.id}
                role="listitem"
                withBorder
                px="sm"
                py={6}
                className={draggable ? classes.show : undefined}
                draggable={draggable}
                onDragStart={(event) => {
                  const payload: DraggedShow = {
                    id: show.id,
                    title: show.title,
                    durationSec: show.durationSec,
                  };
                  event.dataTransfer.setData(SHOW_DRAG_TYPE, JSON.stringify(payload));
                  event.dataTransfer.effectAllowed = 'copy';
                }}
              >
                <Text size="sm" fw={500} lineClamp={1}>
                  {show.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    show.category,
                    show.durationSec > 0
                      ? formatDuration(slotLengthOf(show.durationSec), 'length', { units: true })
                      : t.timeslots.noRunningTime,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
