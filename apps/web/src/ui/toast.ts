import type { MantineColor } from '@mantine/core';
import { Button, Group } from '@mantine/core';
import { type NotificationData, notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBell,
  IconCircleCheck,
  IconCircleX,
  IconInfoCircle,
  IconMessageCircle,
  type TablerIcon,
} from '@tabler/icons-react';
import { createElement, type FC, type ReactNode } from 'react';
import { messages } from '../i18n/messages';

/**
 * How long a toast stays on screen unless it says otherwise (seed §9). The stack's place, top
 * right 20px from the edges, is set where `<Notifications>` is rendered (toast.module.css).
 */
export const TOAST_LIFE_MS = 4000;

export const TOAST_SEVERITIES = [
  'info',
  'success',
  'warn',
  'error',
  'secondary',
  'contrast',
] as const;
export type ToastSeverity = (typeof TOAST_SEVERITIES)[number];

/** A toast message, with the fields of the seed's toast (§3). */
export interface ToastMessage {
  severity: ToastSeverity;
  /** The headline; alone when there is no detail. */
  summary: string;
  /** A second line under the summary. */
  detail?: string;
  /** Milliseconds on screen; 0 or false keeps it until closed. Default TOAST_LIFE_MS. */
  life?: number | false;
  /** Whether it has a close button (and can be swiped away). Default true. */
  closable?: boolean;
  /** A newer toast of the same group replaces the one on screen, e.g. repeated save errors. */
  group?: string;
  /** A button in the toast, e.g. Undo; clicking it closes the toast. */
  action?: ToastAction;
}

/** A toast's button: its label and what it does. */
interface ToastAction {
  label: string;
  onClick: () => void;
}

interface SeverityLook {
  color: MantineColor;
  icon: TablerIcon;
}

/** Each severity's colour and icon; contrast is also drawn inverted (see `inverted`). */
export const SEVERITY_LOOKS: Record<ToastSeverity, SeverityLook> = {
  info: { color: 'blue', icon: IconInfoCircle },
  success: { color: 'green', icon: IconCircleCheck },
  warn: { color: 'yellow', icon: IconAlertTriangle },
  error: { color: 'red', icon: IconCircleX },
  secondary: { color: 'gray', icon: IconMessageCircle },
  contrast: { color: 'dark', icon: IconBell },
};

// The contrast toast swaps the page's text and background colours, so it stands out in either
// colour scheme.
const inverted: NotificationData['styles'] = {
  root: { backgroundColor: 'var(--mantine-color-text)' },
  title: { color: 'var(--mantine-color-body)' },
  description: { color: 'var(--mantine-color-body)' },
  closeButton: { color: 'var(--mantine-color-body)' },
};

// Mantine draws a notification's description dimmed, below 4.5:1 on a light background (axe:
// colour contrast); the detail is read, so it takes the text colour.
const readable: NotificationData['styles'] = {
  description: { color: 'var(--mantine-color-text)' },
};

/** Mantine's `autoClose` for a toast's life: a positive number of ms, or false for sticky. */
export function toastAutoClose(life: ToastMessage['life']): number | false {
  if (life === false || life === 0) return false;
  if (typeof life === 'number' && Number.isFinite(life) && life > 0) return life;
  return TOAST_LIFE_MS;
}

// Mantine's Button is polymorphic, which createElement cannot type; the toast uses it as a button.
const ActionButton = Button as unknown as FC<{
  size: string;
  variant: string;
  onClick: () => void;
  children?: ReactNode;
}>;

/** The toast's text, and its action's button after it (which closes the toast). */
function withAction(text: string, action: ToastAction | undefined, id: string): ReactNode {
  if (!action) return text;
  return createElement(
    Group,
    { justify: 'space-between', gap: 'sm', wrap: 'nowrap' },
    createElement('span', null, text),
    createElement(
      ActionButton,
      {
        size: 'compact-sm',
        variant: 'light',
        onClick: () => {
          notifications.hide(id);
          action.onClick();
        },
      },
      action.label,
    ),
  );
}

/** The Mantine notification that shows a toast message under the given id. */
export function toNotificationData(message: ToastMessage, id: string): NotificationData {
  const t = messages();
  const look = SEVERITY_LOOKS[message.severity];
  const closable = message.closable ?? true;
  return {
    id,
    color: look.color,
    icon: createElement(look.icon, { size: 18, stroke: 1.8, 'aria-hidden': true }),
    // Without a detail the summary is the whole message, on one line.
    title: message.detail ? message.summary : undefined,
    message: withAction(message.detail ?? message.summary, message.action, id),
    autoClose: toastAutoClose(message.life),
    withCloseButton: closable,
    allowClose: closable,
    closeButtonProps: { 'aria-label': t.common.close },
    withBorder: true,
    styles: message.severity === 'contrast' ? inverted : readable,
    'data-severity': message.severity,
  };
}

let sequence = 0;
// The id on screen for each group; each toast gets its own id so a replacement restarts the
// life timer (Mantine keeps the timer of an id it already shows).
const shownByGroup = new Map<string, string>();

/**
 * Shows a toast at the top right. Returns its id (for `hideToast`), or undefined when it could
 * not be shown: a toast is never worth breaking the action that raised it, so that only warns.
 */
export function toast(message: ToastMessage): string | undefined {
  try {
    sequence += 1;
    const id = `toast-${sequence}`;
    const { group } = message;
    const data = toNotificationData(message, id);
    if (group) {
      const previous = shownByGroup.get(group);
      if (previous) notifications.hide(previous);
      shownByGroup.set(group, id);
      data.onClose = () => {
        if (shownByGroup.get(group) === id) shownByGroup.delete(group);
      };
    }
    notifications.show(data);
    return id;
  } catch (error) {
    console.warn('Error showing toast', error);
    return undefined;
  }
}
