import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../ui/toast';
import type { NotificationEvent, NotificationRecord } from './notifications-list';
import {
  createNotificationsStore,
  NOTIFICATION_DISMISS_MS,
  type NotificationsApi,
  unreadCount,
} from './notifications-store';

vi.mock('../../ui/toast', () => ({ toast: vi.fn() }));

function notification(id: string, created: string): NotificationRecord {
  return {
    id,
    created,
    updated: created,
    user: 'u00000000000001',
    title: `Title ${id}`,
    body: '',
    read: false,
    type: 'success',
    path: '',
    img: '',
  };
}

const first = notification('bbbbbbbbbbbbbb1', '2026-03-01 10:00:00.000Z');
const second = notification('bbbbbbbbbbbbbb2', '2026-03-02 10:00:00.000Z');

/** An API whose list answer and realtime messages the test controls. */
function fakeApi(listed: NotificationRecord[] = []) {
  let push: ((event: NotificationEvent) => void) | null = null;
  const unsubscribe = vi.fn(async () => {});
  const api = {
    getList: vi.fn(async () => ({ items: listed, totalItems: listed.length })),
    subscribe: vi.fn(async (_topic: '*', callback: (event: NotificationEvent) => void) => {
      push = callback;
      return unsubscribe;
    }),
    update: vi.fn(async (_id: string, _body: { read: true }): Promise<unknown> => ({})),
  } satisfies NotificationsApi;
  return {
    api,
    unsubscribe,
    push: (event: NotificationEvent) => push?.(event),
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('notifications store', () => {
  it('loads the unread notifications, newest first', async () => {
    const fake = fakeApi([first, second]);
    const store = createNotificationsStore(() => fake.api);
    store.connect();
    await flush();
    expect(fake.api.getList).toHaveBeenCalledWith(1, 100, {
      filter: 'read = false',
      sort: '-created',
    });
    expect(fake.api.subscribe).toHaveBeenCalledWith('*', expect.any(Function));
    expect(store.getSnapshot().items.map((item) => item.id)).toEqual([second.id, first.id]);
  });

  it('toasts a realtime notification and lists it once', async () => {
    const fake = fakeApi([first]);
    const store = createNotificationsStore(() => fake.api);
    const listener = vi.fn();
    store.subscribe(listener);
    store.connect();
    await flush();

    fake.push({ action: 'create', record: second });
    expect(toast).toHaveBeenCalledWith({
      severity: 'info',
      summary: 'New notification',
      detail: second.title,
    });
    fake.push({ action: 'create', record: second });
    expect(store.getSnapshot().items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(listener).toHaveBeenCalled();
  });

  it('subscribes once for several users of the list and stops with the last', async () => {
    const fake = fakeApi([first]);
    const store = createNotificationsStore(() => fake.api);
    const releaseBell = store.connect();
    const releaseOther = store.connect();
    await flush();
    expect(fake.api.subscribe).toHaveBeenCalledTimes(1);

    releaseBell();
    releaseBell();
    expect(fake.unsubscribe).not.toHaveBeenCalled();
    releaseOther();
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().items).toEqual([]);

    fake.push({ action: 'create', record: second });
    expect(store.getSnapshot().items).toEqual([]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('ignores a list answer that comes after signing out', async () => {
    const fake = fakeApi([first]);
    const store = createNotificationsStore(() => fake.api);
    const release = store.connect();
    release();
    await flush();
    expect(store.getSnapshot().items).toEqual([]);
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('slides a dismissed notification out for a second, then marks it read', async () => {
    const fake = fakeApi([first, second]);
    const store = createNotificationsStore(() => fake.api);
    store.connect();
    await flush();

    store.dismiss(first.id);
    expect(store.getSnapshot().dismissing).toEqual([first.id]);
    expect(store.getSnapshot().items).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_DISMISS_MS - 1);
    expect(fake.api.update).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(store.getSnapshot()).toEqual({ items: [second], dismissing: [], unloaded: 0 });
    expect(fake.api.update).toHaveBeenCalledExactlyOnceWith(first.id, { read: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('puts a notification back and says so when marking it read fails', async () => {
    const fake = fakeApi([first, second]);
    fake.api.update.mockRejectedValueOnce(new Error('offline'));
    const store = createNotificationsStore(() => fake.api);
    store.connect();
    await flush();

    store.dismiss(first.id);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_DISMISS_MS);
    expect(store.getSnapshot().items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        severity: 'error',
        summary: 'The notification could not be dismissed.',
      }),
    );
  });

  it('dismisses each notification once, however often it is clicked', async () => {
    const fake = fakeApi([first]);
    const store = createNotificationsStore(() => fake.api);
    store.connect();
    await flush();
    store.dismiss(first.id);
    store.dismiss(first.id);
    store.dismiss('not-listed00000');
    await vi.advanceTimersByTimeAsync(NOTIFICATION_DISMISS_MS);
    expect(fake.api.update).toHaveBeenCalledTimes(1);
  });

  it('says so when the list cannot be loaded', async () => {
    const fake = fakeApi();
    fake.api.getList.mockRejectedValueOnce(new Error('offline'));
    const store = createNotificationsStore(() => fake.api);
    store.connect();
    await flush();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        severity: 'error',
        summary: 'Your notifications could not be loaded.',
      }),
    );
  });
});

describe('notifications store, first paint from the client cache', () => {
  const readElsewhere = notification('bbbbbbbbbbbbbb3', '2026-03-03 10:00:00.000Z');

  /** An API whose list answers only when the test says so. */
  function slowApi() {
    const fake = fakeApi();
    let answer: (listed: NotificationRecord[]) => void = () => {};
    let refuse: (error: unknown) => void = () => {};
    fake.api.getList.mockImplementationOnce(
      () =>
        new Promise((resolve, reject) => {
          answer = (listed) => resolve({ items: listed, totalItems: listed.length });
          refuse = reject;
        }),
    );
    return {
      ...fake,
      answer: (listed: NotificationRecord[]) => answer(listed),
      refuse: (error: unknown) => refuse(error),
    };
  }

  const ids = (items: readonly NotificationRecord[]) => items.map((item) => item.id);

  it('shows the cached list at once, then the server’s answer in its place', async () => {
    const fake = slowApi();
    const store = createNotificationsStore(() => fake.api);
    store.connect([first, readElsewhere]);
    expect(ids(store.getSnapshot().items)).toEqual([readElsewhere.id, first.id]);

    // Read on another device since it was cached: it goes; a new one comes.
    fake.answer([first, second]);
    await flush();
    expect(ids(store.getSnapshot().items)).toEqual([second.id, first.id]);
  });

  it('keeps what arrived by realtime while the list loaded, but not the cached extras', async () => {
    const fake = slowApi();
    const store = createNotificationsStore(() => fake.api);
    store.connect([readElsewhere]);
    await flush();
    fake.push({ action: 'create', record: second });
    fake.answer([first]);
    await flush();
    expect(ids(store.getSnapshot().items)).toEqual([second.id, first.id]);
  });

  it('takes the cached list away when the server cannot answer, so it never passes for current', async () => {
    const fake = slowApi();
    const store = createNotificationsStore(() => fake.api);
    store.connect([first]);
    fake.refuse(new Error('offline'));
    await flush();
    expect(store.getSnapshot().items).toEqual([]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ summary: 'Your notifications could not be loaded.' }),
    );
  });

  it('forgets the cached list on signing out, before any answer', async () => {
    const fake = slowApi();
    const store = createNotificationsStore(() => fake.api);
    const release = store.connect([first]);
    release();
    fake.answer([first]);
    await flush();
    expect(store.getSnapshot().items).toEqual([]);
  });
});

describe('unreadCount', () => {
  it('counts the loaded notifications and those beyond the first page', () => {
    expect(unreadCount({ items: [], dismissing: [], unloaded: 0 })).toBe(0);
    const item = { id: 'n1' } as unknown as NotificationRecord;
    expect(unreadCount({ items: [item], dismissing: [], unloaded: 250 })).toBe(251);
  });
});
