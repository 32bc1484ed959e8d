import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_REMOVE_DELAY_MS } from './toast-store';

describe('toast store (docs/product.md#constants-and-limits)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps one toast: a new one replaces the one before', () => {
    const store = createToastStore();
    store.add({ title: 'First' });
    const second = store.add({ title: 'Second' });
    expect(store.list()).toEqual([{ id: second, options: { title: 'Second' }, open: true }]);
  });

  it('removes a dismissed toast 1,000,000 ms after its dismissal, not before', () => {
    const store = createToastStore();
    const id = store.add({ title: 'Saved' });
    const changes = vi.fn();
    store.subscribe(changes);

    store.dismiss(id);
    expect(store.list()).toEqual([{ id, options: { title: 'Saved' }, open: false }]);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    vi.advanceTimersByTime(999_999);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toEqual([]);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('dismisses a toast once: a second dismissal does not restart its removal', () => {
    const store = createToastStore();
    const id = store.add({ title: 'Saved' });
    store.dismiss(id);
    vi.advanceTimersByTime(600_000);
    store.dismiss();
    vi.advanceTimersByTime(400_000);
    expect(store.list()).toEqual([]);
  });

  it('drops a replaced toast at once, with no removal left pending', () => {
    const store = createToastStore();
    const first = store.add({ title: 'First' });
    store.dismiss(first);
    store.add({ title: 'Second' });
    expect(store.list().map((toast) => toast.options.title)).toEqual(['Second']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
