import { notifications } from '@mantine/notifications';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SEVERITY_LOOKS,
  TOAST_LIFE_MS,
  TOAST_SEVERITIES,
  toast,
  toastAutoClose,
  toNotificationData,
} from './toast';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn((data: { id: string }) => data.id), hide: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('toastAutoClose', () => {
  it('defaults to the seed’s 4000 ms', () => {
    expect(TOAST_LIFE_MS).toBe(4000);
    expect(toastAutoClose(undefined)).toBe(4000);
  });

  it('keeps a positive life', () => {
    expect(toastAutoClose(1500)).toBe(1500);
  });

  it('makes 0 and false sticky', () => {
    expect(toastAutoClose(0)).toBe(false);
    expect(toastAutoClose(false)).toBe(false);
  });

  it('falls back to the default for a life that is no duration', () => {
    expect(toastAutoClose(-5)).toBe(4000);
    expect(toastAutoClose(Number.NaN)).toBe(4000);
    expect(toastAutoClose(Number.POSITIVE_INFINITY)).toBe(4000);
  });
});

describe('toNotificationData', () => {
  it('gives every severity its own colour and icon', () => {
    const colors = TOAST_SEVERITIES.map((severity) => SEVERITY_LOOKS[severity].color);
    const icons = TOAST_SEVERITIES.map((severity) => SEVERITY_LOOKS[severity].icon);
    expect(new Set(colors).size).toBe(TOAST_SEVERITIES.length);
    expect(new Set(icons).size).toBe(TOAST_SEVERITIES.length);
    expect(SEVERITY_LOOKS.error.color).toBe('red');
    expect(SEVERITY_LOOKS.success.color).toBe('green');
  });

  it('shows the summary alone as the message when there is no detail', () => {
    const data = toNotificationData({ severity: 'error', summary: "You're not logged in." }, 't1');
    expect(data).toMatchObject({
      id: 't1',
      color: 'red',
      title: undefined,
      message: "You're not logged in.",
      autoClose: 4000,
      withCloseButton: true,
      allowClose: true,
      'data-severity': 'error',
    });
  });

  it('puts the summary in the title above the detail', () => {
    const data = toNotificationData(
      { severity: 'info', summary: 'New notification', detail: 'Pat joined Riverside' },
      't2',
    );
    expect(data).toMatchObject({ title: 'New notification', message: 'Pat joined Riverside' });
  });

  it('adds an action button after the text, which runs the action', () => {
    const clicked = vi.fn();
    const data = toNotificationData(
      { severity: 'success', summary: 'Saved', action: { label: 'Undo', onClick: clicked } },
      't9',
    );
    const message = data.message as ReactElement<{
      children: [
        ReactElement<{ children: string }>,
        ReactElement<{ children: string; onClick: () => void }>,
      ];
    }>;
    const [text, button] = message.props.children;
    expect(text.props.children).toBe('Saved');
    expect(button.props.children).toBe('Undo');
    button.props.onClick();
    expect(clicked).toHaveBeenCalledOnce();
  });

  it('honours life and closable', () => {
    const data = toNotificationData(
      { severity: 'warn', summary: 'Offline', life: 0, closable: false },
      't3',
    );
    expect(data).toMatchObject({ autoClose: false, withCloseButton: false, allowClose: false });
  });

  it('inverts only the contrast toast', () => {
    expect(toNotificationData({ severity: 'contrast', summary: 'x' }, 'a').styles).toMatchObject({
      root: { backgroundColor: 'var(--mantine-color-text)' },
      title: { color: 'var(--mantine-color-body)' },
    });
    // The others keep their background; their detail takes the text colour, for contrast.
    expect(toNotificationData({ severity: 'secondary', summary: 'x' }, 'b').styles).toEqual({
      description: { color: 'var(--mantine-color-text)' },
    });
  });
});

describe('toast', () => {
  it('shows each toast under a new id', () => {
    const first = toast({ severity: 'success', summary: 'Saved' });
    const second = toast({ severity: 'success', summary: 'Saved' });
    expect(first).not.toBe(second);
    expect(notifications.show).toHaveBeenCalledTimes(2);
    expect(notifications.hide).not.toHaveBeenCalled();
  });

  it('replaces the toast on screen of the same group', () => {
    const first = toast({ severity: 'error', summary: 'Save failed', group: 'save' });
    toast({ severity: 'info', summary: 'Other', group: 'other' });
    expect(notifications.hide).not.toHaveBeenCalled();
    const second = toast({ severity: 'error', summary: 'Save failed again', group: 'save' });
    expect(notifications.hide).toHaveBeenCalledExactlyOnceWith(first);
    expect(vi.mocked(notifications.show).mock.lastCall?.[0]).toMatchObject({
      id: second,
      message: 'Save failed again',
    });
  });

  it('forgets a group once its toast has closed', () => {
    toast({ severity: 'warn', summary: 'Slow', group: 'net' });
    const shown = vi.mocked(notifications.show).mock.lastCall?.[0];
    shown?.onClose?.(shown);
    toast({ severity: 'warn', summary: 'Slow', group: 'net' });
    expect(notifications.hide).not.toHaveBeenCalled();
  });

  it('warns instead of throwing when the toast cannot be shown', () => {
    const failure = new Error('no store');
    vi.mocked(notifications.show).mockImplementationOnce(() => {
      throw failure;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toast({ severity: 'info', summary: 'Hello' })).toBeUndefined();
    expect(warn).toHaveBeenCalledExactlyOnceWith('Error showing toast', failure);
  });
});
