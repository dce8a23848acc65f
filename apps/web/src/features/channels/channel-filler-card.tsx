import { MAX_FILLER_SHOWS } from '@airgrid/schema';
import { ActionIcon, Anchor, Group, Loader, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { toast } from '../../ui/toast';
import {
  addToFiller,
  fillerChoices,
  fillerRows,
  moveInFiller,
  removeFromFiller,
} from './playout-model';
import { channelKeys, channelQueries, saveFiller } from './queries';

// The channel page's filler card (issue 39): the shows that play, in this order, in the gaps
// between programmes of a channel on Airgrid playout. Each change is shown at once and saved
// whole (the `filler` ids); saves run one after another, so the last change is the one kept.

type Action = 'up' | 'down' | 'remove';

export function FillerCard({
  channel,
  organization,
  canManage,
}: {
  channel: ChannelRecord;
  organization: string;
  canManage: boolean;
}) {
  const t = messages();
  const queryClient = useQueryClient();
  // The rotation as last changed here, until the saved channel is read again.
  const [draft, setDraft] = useState<string[] | null>(null);
  const ids = draft ?? channel.filler ?? [];
  const shows = useQuery(channelQueries.fillerShows(ids));
  const [choosing, setChoosing] = useState(false);
  const choices = useQuery(channelQueries.showChoices(organization, canManage && choosing));
  const [search, setSearch] = useState('');
  const saving = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  // Where the keyboard's focus goes once a change has moved the rows.
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef('');
  const addSelect = useRef<HTMLInputElement>(null);

  const order = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of order.
  useEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    focusNext.current = '';
    if (key === 'add') addSelect.current?.focus();
    else buttons.current.get(key)?.focus();
  }, [order]);

  function change(next: string[], focus = '') {
    focusNext.current = focus;
    setDraft(next);
    pending.current += 1;
    saving.current = saving.current
      .then(() => saveFiller(channel.id, next))
      .then(
        () => undefined,
        (error: unknown) => {
          toast({
            severity: 'error',
            summary: t.channels.fillerNotSaved,
            detail: describeError(error).error ?? undefined,
          });
        },
      )
      .then(async () => {
        pending.current -= 1;
        if (pending.current > 0) return;
        await queryClient.invalidateQueries({ queryKey: channelKeys.all });
        if (pending.current === 0) setDraft(null);
      });
  }

  function act(id: string, action: Action, index: number) {
    if (action === 'remove') {
      const after = ids[index + 1] ?? ids[index - 1];
      change(removeFromFiller(ids, id), after ? `${after}:remove` : 'add');
      return;
    }
    const step = action === 'up' ? -1 : 1;
    const to = index + step;
    // At either end the button it was is disabled: the other one keeps the focus.
    const atEnd = to === 0 || to === ids.length - 1;
    const focus = atEnd ? `${id}:${action === 'up' ? 'down' : 'up'}` : `${id}:${action}`;
    change(moveInFiller(ids, id, step), ids.length > 1 ? focus : '');
  }

  // A show just added is in the choices already, before the filler's shows are read again.
  const rows = fillerRows(ids, [...(choices.data ?? []), ...(shows.data ?? [])]);
  const full = ids.length >= MAX_FILLER_SHOWS;

  return (
    <SectionCard title={t.channels.filler}>
      <Text size="sm" c="dimmed">
        {t.channels.fillerExplained}
      </Text>
      {shows.isPending && ids.length > 0 ? (
        <Loader size="sm" role="status" aria-label={t.channels.loadingFiller} />
      ) : rows.length === 0 ? (
        <Text size="sm">{t.channels.fillerEmpty}</Text>
      ) : (
        <Stack
          component="ol"
          gap={0}
          aria-label={t.channels.fillerRotation}
          data-testid="filler-list"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {rows.map((row, index) => (
            <Group
              key={row.id}
              component="li"
              gap="xs"
              wrap="nowrap"
              py={6}
              style={{
                borderTop: index > 0 ? '1px solid var(--mantine-color-default-border)' : '',
              }}
            >
              <Text size="sm" c="dimmed" w={24} ta="right" style={{ flexShrink: 0 }} aria-hidden>
                {index + 1}
              </Text>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={`/shows/${row.id}`} size="sm" fw={600} truncate="end">
                  {row.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.runtime || t.channels.noMediaYet}
                </Text>
              </Stack>
              {canManage && (
                <Group gap={2} wrap="nowrap">
                  <RowAction
                    label={t.channels.moveTitleUp(row.title)}
                    tooltip={t.channels.moveUp}
                    disabled={index === 0}
                    register={(element) => buttons.current.set(`${row.id}:up`, element)}
                    onClick={() => act(row.id, 'up', index)}
                  >
                    <IconArrowUp size={16} />
                  </RowAction>
                  <RowAction
                    label={t.channels.moveTitleDown(row.title)}
                    tooltip={t.channels.moveDown}
                    disabled={index === rows.length - 1}
                    register={(element) => buttons.current.set(`${row.id}:down`, element)}
                    onClick={() => act(row.id, 'down', index)}
                  >
                    <IconArrowDown size={16} />
                  </RowAction>
                  <RowAction
                    label={t.channels.removeTitleFromFiller(row.title)}
                    tooltip={t.channels.remove}
                    color="red"
                    register={(element) => buttons.current.set(`${row.id}:remove`, element)}
                    onClick={() => act(row.id, 'remove', index)}
                  >
                    <IconX size={16} />
                  </RowAction>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {canManage && (
        <Select
          ref={addSelect}
          label={t.channels.addAShow}
          description={full ? t.channels.fillerFull(MAX_FILLER_SHOWS) : undefined}
          placeholder={t.channels.searchTheShows}
          searchable
          disabled={full}
          data={fillerChoices(choices.data ?? [], ids)}
          value={null}
          searchValue={search}
          onSearchChange={setSearch}
          onFocus={() => setChoosing(true)}
          onDropdownOpen={() => setChoosing(true)}
          nothingFoundMessage={
            choices.isFetching ? t.channels.loadingFiller : t.channels.noShowToAdd
          }
          rightSection={choices.isFetching ? <Loader size="xs" /> : undefined}
          onChange={(id) => {
            setSearch('');
            if (id) change(addToFiller(ids, id, MAX_FILLER_SHOWS));
          }}
        />
      )}
    </SectionCard>
  );
}

/** A row's icon button, with its tooltip and a name that says which show it acts on. */
function RowAction({
  label,
  tooltip,
  disabled = false,
  color,
  register,
  onClick,
  children,
}: {
  label: string;
  tooltip: string;
  disabled?: boolean;
  color?: string;
  register: (element: HTMLButtonElement) => void;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip} disabled={disabled}>
      <ActionIcon
        ref={(element) => {
          if (element) register(element);
        }}
        variant="subtle"
        color={color}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
