import {
  describeRule,
  formatDuration,
  formatTime,
  formatUsDate,
  fromRecordDate,
  localToInstant,
  todayIn,
} from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Popover,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { RecurrenceModal, type ShowChoice } from './recurrence-modal';
import { describeException } from './series-model';
import { deleteSeries, type ListedRecurrence, recurrencesQuery } from './series-queries';

interface Props {
  opened: boolean;
  onClose: () => void;
  organization: string;
  channels: readonly GuideChannel[];
  shows: readonly ShowChoice[];
  /** A series changed: the page reads its window again. */
  onChanged: () => void;
}

/** "3 removed" / "nothing to remove". */
function removedMessage(removed: number, what: string): string {
  return messages().timeslots.removedAirings(what, removed);
}

/**
 * The organization's recurrences on /timeslots: each with its show, channel, rule in words,
 * time, length and end, and what happens to single airings (its exceptions); edit the rule (the
 * recurrence form), end it from a date, or delete it with its airings still to come.
 */
export function RecurrencesList({
  opened,
  onClose,
  organization,
  channels,
  shows,
  onChanged,
}: Props) {
  const t = messages();
  const query = useQuery({ ...recurrencesQuery(), enabled: opened });
  const queryClient = useQueryClient();
  const clock = useClockSetting();
  const [editing, setEditing] = useState<ListedRecurrence | null>(null);
  const [openExceptions, setOpenExceptions] = useState<string | null>(null);

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: recurrencesQuery().queryKey });
    onChanged();
  };
  const titleOf = (id: string) =>
    shows.find((one) => one.id === id)?.title ?? t.timeslots.anotherShow;

  return (
    <>
      <Modal
        opened={opened && !editing}
        onClose={onClose}
        title={t.timeslots.recurrences}
        size="100%"
      >
        {query.isPending && <Loader role="status" aria-label={t.timeslots.loadingRecurrences} />}
        {query.isError && (
          <Alert color="red" role="alert">
            {describeError(query.error).error}
          </Alert>
        )}
        {query.data && query.data.length === 0 && (
          <Text c="dimmed">{t.timeslots.noRecurrencesYetMakeOne}</Text>
        )}
        {query.data && query.data.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="xs" aria-label={t.timeslots.recurrences}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.timeslots.show}</Table.Th>
                  <Table.Th>{t.timeslots.channel}</Table.Th>
                  <Table.Th>{t.timeslots.repeats}</Table.Th>
                  <Table.Th>{t.timeslots.time}</Table.Th>
                  <Table.Th>{t.timeslots.length}</Table.Th>
                  <Table.Th>{t.timeslots.until}</Table.Th>
                  <Table.Th>{t.timeslots.exceptions}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t.timeslots.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((recurrence) => {
                  const exceptions = Object.entries(recurrence.exceptions ?? {});
                  const until = recurrence.until ? fromRecordDate(recurrence.until) : null;
                  const title = recurrence.expand?.show?.title ?? t.timeslots.show;
                  return (
                    <Fragment key={recurrence.id}>
                      <Table.Tr data-testid="recurrence-row">
                        <Table.Td fw={600}>{title}</Table.Td>
                        <Table.Td>{recurrence.expand?.channel?.name ?? ''}</Table.Td>
                        <Table.Td>
                          {describeRule(recurrence.rrule, {
                            startLocal: recurrence.startLocal,
                            timeZone: recurrence.timeZone,
                          })}
                        </Table.Td>
                        <Table.Td>
                          {formatTime(
                            localToInstant(recurrence.startLocal, recurrence.timeZone),
                            recurrence.timeZone,
                            clock,
                          )}
                        </Table.Td>
                        <Table.Td>
                          {formatDuration(recurrence.durationSec, 'length', { units: true })}
                        </Table.Td>
                        <Table.Td>
                          {until === null
                            ? t.timeslots.noEnd
                            : formatUsDate(until, recurrence.timeZone)}
                        </Table.Td>
                        <Table.Td>
                          {exceptions.length === 0 ? (
                            <Text size="sm" c="dimmed">
                              {t.timeslots.none}
                            </Text>
                          ) : (
                            <Anchor
                              component="button"
                              type="button"
                              size="sm"
                              aria-expanded={openExceptions === recurrence.id}
                              onClick={() =>
                                setOpenExceptions((open) =>
                                  open === recurrence.id ? null : recurrence.id,
                                )
                              }
                            >
                              {t.timeslots.lengthException(exceptions.length)}
                              {exceptions.length === 1 ? '' : 's'}
                            </Anchor>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap" justify="end">
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={t.timeslots.editTheRuleOfTitle(title)}
                              onClick={() => setEditing(recurrence)}
                            >
                              {t.timeslots.editRule}
                            </Button>
                            <EndSeries
                              recurrence={recurrence}
                              title={title}
                              onEnded={() => void changed()}
                            />
                            <DeleteSeries
                              recurrence={recurrence}
                              title={title}
                              onDeleted={() => void changed()}
                            />
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                      {openExceptions === recurrence.id && (
                        <Table.Tr>
                          <Table.Td colSpan={8}>
                            <List size="sm" aria-label={t.timeslots.exceptionsOfTitle(title)}>
                              {exceptions
                                .sort(([a], [b]) => (a < b ? -1 : 1))
                                .map(([key, override]) => (
                                  <List.Item key={key}>
                                    {describeException(
                                      key,
                                      override,
                                      recurrence.timeZone,
                                      clock,
                                      titleOf,
                                    )}
                                  </List.Item>
                                ))}
                            </List>
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Modal>
      {editing && (
        <RecurrenceModal
          key={editing.id}
          opened
          editing={editing}
          onClose={() => setEditing(null)}
          organization={organization}
          channels={channels}
          shows={shows}
          onScheduled={() => void changed()}
        />
      )}
    </>
  );
}

/** "End…": the series stops before its first airing on or after the chosen date. */
function EndSeries({
  recurrence,
  title,
  onEnded,
}: {
  recurrence: ListedRecurrence;
  title: string;
  onEnded: () => void;
}) {
  const t = messages();
  const [opened, setOpened] = useState(false);
  const [date, setDate] = useState(() => todayIn(recurrence.timeZone, Date.now()));
  const [error, setError] = useState<string | null>(null);
  const action = useAction();
  const end = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setError(t.timeslots.chooseTheFirstDateIt);
      return;
    }
    setError(null);
    return action.run({
      save: () => deleteSeries(recurrence.id, { scope: 'following', occurrence: date }),
      success: (result) => removedMessage(result.removed, t.timeslots.titleEnded(title)),
      onSaved: () => {
        setOpened(false);
        onEnded();
      },
      failure: (failure) => {
        const described = describeError(failure);
        setError(
          Object.values(described.fieldErrors)[0] ?? described.error ?? t.timeslots.notEnded,
        );
      },
    });
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom-end">
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          aria-label={t.timeslots.endTitle(title)}
          onClick={() => setOpened((open) => !open)}
        >
          {t.timeslots.end}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={260}>
          <TextInput
            type="date"
            label={t.timeslots.noAiringsFrom}
            description={t.timeslots.airingsOnAndAfterThis}
            value={date}
            error={error}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <Button size="xs" color="orange" loading={action.busy} onClick={() => void end()}>
            {t.timeslots.endSeries}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** "Delete": the recurrence and its airings still to come; those that aired stay. */
function DeleteSeries({
  recurrence,
  title,
  onDeleted,
}: {
  recurrence: ListedRecurrence;
  title: string;
  onDeleted: () => void;
}) {
  const t = messages();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = useAction();
  const remove = () => {
    setError(null);
    return action.run({
      save: () =>
        deleteSeries(recurrence.id, { scope: 'series', occurrence: recurrence.startLocal }),
      success: (result) => removedMessage(result.removed, t.timeslots.titleDeleted(title)),
      onSaved: () => {
        setOpened(false);
        onDeleted();
      },
      failure: (failure) => setError(describeError(failure).error ?? t.timeslots.notDeleted),
    });
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom-end">
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={t.timeslots.deleteTitle(title)}
          onClick={() => setOpened((open) => !open)}
        >
          {t.common.delete}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={260}>
          <Text size="sm">{t.timeslots.deleteThisSeriesAndIts}</Text>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Button size="xs" color="red" loading={action.busy} onClick={() => void remove()}>
            {t.timeslots.deleteSeries}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
