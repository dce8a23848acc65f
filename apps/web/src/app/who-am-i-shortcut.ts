import { useEffect } from 'react';
import { messages } from '../i18n/messages';
import { pb } from '../lib/pocketbase';
import { toast } from '../ui/toast';

/** How soon after the backtick the `a` must come for the shortcut to count. */
export const WHO_AM_I_WINDOW_MS = 1500;

/** When the backtick that may start the shortcut was pressed; null when none is pending. */
export type WhoAmIState = number | null;

/** The parts of a key press the shortcut looks at. */
export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

// Holding Shift (or another modifier) on its way to the next key neither completes nor breaks
// the sequence.
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/**
 * One step of the hidden backtick-then-a shortcut (seed §2): returns the next state and whether
 * the shortcut was completed. Any other key, or an `a` too late, starts over; a key combined
 * with Ctrl, Cmd or Alt is someone else's shortcut (Ctrl+A selects all), so it resets too.
 */
export function nextWhoAmIState(
  state: WhoAmIState,
  press: KeyPress,
  now: number,
): { state: WhoAmIState; fired: boolean } {
  if (MODIFIER_KEYS.has(press.key)) return { state, fired: false };
  if (press.ctrlKey || press.metaKey || press.altKey) return { state: null, fired: false };
  if (press.key === '`') return { state: now, fired: false };
  const fired =
    state !== null && press.key.toLowerCase() === 'a' && now - state <= WHO_AM_I_WINDOW_MS;
  return { state: null, fired };
}

/** The bits of an event target that say whether typing there is text entry. */
export interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
}

/** Keys typed into a field are text, never shortcuts. */
export function isTextEntry(target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** The toast text for who is signed in (seed §8). */
export function whoAmIMessage(user: { email?: unknown; id?: unknown } | null): {
  severity: 'success' | 'error';
  summary: string;
} {
  const t = messages();
  if (!user?.id) return { severity: 'error', summary: t.shell.youReNotLoggedIn };
  return {
    severity: 'success',
    summary: t.shell.loggedInAs(String(user.email), String(user.id)),
  };
}

/**
 * The hidden shortcut (seed §2): backtick then `a`, anywhere outside a text field, shows who is
 * signed in (email and id), which support asks for when a user reports a problem.
 */
export function useWhoAmIShortcut(): void {
  useEffect(() => {
    let state: WhoAmIState = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || isTextEntry(event.target as HTMLElement | null)) return;
      const step = nextWhoAmIState(state, event, Date.now());
      state = step.state;
      if (!step.fired) return;
      // Read at the moment of the key press: "logged in" is a valid token with a user id.
      const user = pb.authStore.isValid ? pb.authStore.record : null;
      toast(whoAmIMessage(user));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
