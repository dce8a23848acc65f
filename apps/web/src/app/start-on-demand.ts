// What the boot script (main.tsx) does on a page the server rendered, before the app runs:
// hold the visitor's input for the app, and, for a guest, decide when the app is needed at all
// (docs/decisions/0029-guest-pages-start-the-app-on-demand.md). No React here: this runs with
// the first few kilobytes of script.

import { PAGE_READY_EVENT } from '../lib/app-start';

/** Clicks on these work without the app: links navigate, fields type, videos play. */
const NATIVE = 'a[href], input, textarea, select, label, summary, video, audio';

/**
 * Whether a click on `element` does its work without the app. A checkbox or radio (a switch
 * is one) is the exception: it would flip in the markup while the app, taking the page over,
 * kept its own state, and the viewer's choice would be lost; it is held like a button.
 */
function worksWithoutApp(element: Element): boolean {
  const native = element.closest(NATIVE);
  if (!native) return false;
  const control = native instanceof HTMLLabelElement ? native.control : native;
  return !(
    control instanceof HTMLInputElement &&
    (control.type === 'checkbox' || control.type === 'radio')
  );
}
/** Input held longer than this is dropped: the app failed to start, or took far too long. */
const HOLD_LIMIT_MS = 30_000;
/** The first seconds belong to the page's first load: the app does not start for the clock then. */
const CLOCK_START_DELAY_MS = 20_000;

/**
 * Holds the visitor's clicks and key presses on the server's markup until the app has mounted
 * the page (`usePageReady`), then replays them on the same elements: a tap on "next day" or a
 * shortcut typed before the app listened is not lost. Links, fields and players work natively and are left alone.
 */
export function holdInputUntilPageReady(): void {
  const held: Array<() => void> = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    // An Element, not only an HTMLElement: the tap may land on a button's icon (SVG).
    if (!event.isTrusted || !(target instanceof Element)) return;
    if (worksWithoutApp(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { clientX, clientY, screenX, screenY, button, detail } = event;
    const { ctrlKey, shiftKey, altKey, metaKey } = event;
    const init = { clientX, clientY, screenX, screenY, button, detail };
    held.push(() => {
      // The app may have drawn that part again: the tap goes to what is at its place now.
      const at = target.isConnected ? target : document.elementFromPoint(clientX, clientY);
      if (!at || worksWithoutApp(at)) return;
      const modifiers = { ctrlKey, shiftKey, altKey, metaKey };
      const again = { ...init, ...modifiers, bubbles: true, cancelable: true, composed: true };
      at.dispatchEvent(new MouseEvent('click', again));
    });
  };
  const onKey = (event: KeyboardEvent) => {
    if (!event.isTrusted) return;
    const { type, key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey } = event;
    const init = { key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey };
    const target = event.target;
    held.push(() => {
      const at = target instanceof Node && target.isConnected ? target : document.body;
      at.dispatchEvent(new KeyboardEvent(type, { ...init, bubbles: true, cancelable: true }));
    });
  };
  // Text typed into a field before the app ran is typed again into the app's field: its state
  // must hear of it (the value set the way a browser sets it, then an input event).
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const onInput = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      typed.set(target, target.value);
    }
  };
  window.addEventListener('click', onClick, true);
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('input', onInput, true);
  const release = (replay: boolean) => {
    window.clearTimeout(limit);
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('input', onInput, true);
    document.removeEventListener(PAGE_READY_EVENT, ready);
    if (!replay) return;
    for (const [field, value] of typed) typeAgain(field, value);
    typed.clear();
    for (const action of held.splice(0)) action();
  };
  const ready = () => release(true);
  const limit = window.setTimeout(() => release(false), HOLD_LIMIT_MS);
  document.addEventListener(PAGE_READY_EVENT, ready);
}

/**
 * Types `value` into `field` again so that the app's state hears of it. React notices an input
 * only when the value differs from the last one it saw (it tracks the value by the element's
 * own `value` property, which hydration may already have set to the typed text): the field is
 * emptied through that property first, then given the text the way the browser gives it.
 */
function typeAgain(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (!field.isConnected) return;
  field.value = '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Calls `start` once a guest's page needs the app: on the first click, key press, mouse press
 * or text typed (a touch that scrolls does not count; the tap that follows it does), or when the minute
 * the page was rendered for has passed, so what is on now moves on — not in the first seconds
 * after the page loaded, which belong to reading it and to the video starting. Returns a
 * function that starts it at once.
 */
export function startWhenNeeded(renderedAt: number, start: () => void): () => void {
  let started = false;
  const wake = (event: Event) => {
    if (event instanceof PointerEvent && event.pointerType === 'touch') return;
    begin();
  };
  const events = ['click', 'keydown', 'pointerdown', 'input'] as const;
  const begin = () => {
    if (started) return;
    started = true;
    window.clearTimeout(clock);
    for (const type of events) window.removeEventListener(type, wake, true);
    start();
  };
  for (const type of events) window.addEventListener(type, wake, true);
  const clock = window.setTimeout(
    begin,
    Math.max(untilMinuteEnds(renderedAt), CLOCK_START_DELAY_MS),
  );
  return begin;
}

/**
 * How long the page's minute lasts on this device's clock, or 0 when it is over: a page kept
 * by the browser (or a device whose clock disagrees with the server's) is not current here.
 */
export function untilMinuteEnds(renderedAt: number, now = Date.now()): number {
  const left = Math.ceil((renderedAt + 1) / 60_000) * 60_000 - now;
  return left > 0 && left <= 60_000 ? left : 0;
}
