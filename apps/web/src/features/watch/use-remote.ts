import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { watchKeys, watchQueries } from './queries';
import { useStationSlug, watchPath } from './watch-links';
import {
  DIGIT_WAIT_MS,
  isTypingTarget,
  MAX_CHANNEL_DIGITS,
  remoteKey,
  stepChannel,
  tuneDigits,
} from './watch-model';

/**
 * The remote control: the station's channels, and the keys a TV answers to. Digits tune to a
 * channel number (at once when no longer number starts with them, else after a short wait or
 * on Enter); ArrowUp/ArrowDown (and a remote's ChannelUp/ChannelDown) step through the
 * channels. Keys typed into a field, or into a list that scrolls by keyboard, are left alone.
 */
export function useRemote(channel: ChannelRecord) {
  const t = messages();
  const { user } = useAuth();
  const member =
    typeof user?.organization === 'string' && user.organization === channel.organization;
  const list = useQuery(watchQueries.stationChannels(channel.organization, member));
  const channels = list.data ?? [];
  const stationSlug = useStationSlug(channel);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [digits, setDigits] = useState('');
  const [missed, setMissed] = useState<string | null>(null);

  const tune = useCallback(
    (target: ChannelRecord) => {
      if (target.id === channel.id) return;
      // The switcher already has the record: the page shows it at once (the page reads it
      // inside its station, whose id is the channel's organization).
      queryClient.setQueryData(watchKeys.channel(target.id, target.organization), target);
      navigate(watchPath(target, stationSlug));
    },
    [channel.id, navigate, queryClient, stationSlug],
  );

  const commit = useCallback(
    (typed: string) => {
      setDigits('');
      if (typed === '') return;
      const { channel: found } = tuneDigits(channels, typed);
      if (found) {
        setMissed(null);
        tune(found);
      } else setMissed(typed);
    },
    [channels, tune],
  );

  // Typed digits wait a moment for the next one, then tune.
  useEffect(() => {
    if (digits === '') return;
    const timer = window.setTimeout(() => commit(digits), DIGIT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [digits, commit]);
  // "No channel 7" stays a moment, then goes.
  useEffect(() => {
    if (missed === null) return;
    const timer = window.setTimeout(() => setMissed(null), DIGIT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [missed]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const target = stepChannel(channels, channel.id, direction);
      if (target) tune(target);
    },
    [channels, channel.id, tune],
  );

  // The key listener reads the latest page: a key pressed right after a channel change must
  // step from the new channel, so the handler is swapped as the change commits (layout effect),
  // not a moment later (a passive effect would leave the old one listening in between).
  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (isTypingTarget(event.target)) return;
    if (event.key === 'Enter' && digits !== '') {
      event.preventDefault();
      commit(digits);
      return;
    }
    const key = remoteKey(event.key);
    if (!key || channels.length === 0) return;
    event.preventDefault();
    if ('step' in key) {
      setDigits('');
      step(key.step);
      return;
    }
    const typed = (digits + key.digit).slice(-MAX_CHANNEL_DIGITS);
    setMissed(null);
    if (tuneDigits(channels, typed).complete) commit(typed);
    else setDigits(typed);
  };
  const handler = useRef(onKey);
  useLayoutEffect(() => {
    handler.current = onKey;
  });
  // Listening from the commit too, so a remounted page has no moment without a listener.
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const display =
    digits !== ''
      ? t.watch.channelDigits(digits)
      : missed !== null
        ? t.watch.noChannelMissed(missed)
        : null;
  return { channels, isPending: list.isPending, step, display };
}
