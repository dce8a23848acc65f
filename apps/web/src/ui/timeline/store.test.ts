import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('holds a value and tells subscribers when it changes', () => {
    const store = createStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(2);
    expect(store.get()).toBe(2);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not notify when the value is the same', () => {
    const store = createStore<string | null>(null);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(null);
    expect(listener).not.toHaveBeenCalled();
  });
});
