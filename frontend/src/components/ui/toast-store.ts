import type { ToastOptions } from './toast';

/** docs/product.md#constants-and-limits: one toast at a time; a new one replaces the one before. */
export const TOAST_LIMIT = 1;
/** docs/product.md#constants-and-limits: a dismissed toast is removed (its record dropped) this long after its dismissal. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastRecord {
  id: number;
  options: ToastOptions;
  /** False once dismissed (closed, swiped away, timed out): it leaves the screen, its record stays until removed. */
  open: boolean;
}

/** The toasts of the app, newest first: what the toast host shows (open ones) and has shown. */
export interface ToastStore {
  add(options: ToastOptions): number;
  /** Dismisses one toast, or every toast; each is removed TOAST_REMOVE_DELAY_MS later. */
  dismiss(id?: number): void;
  list(): readonly ToastRecord[];
  subscribe(listener: () => void): () => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly ToastRecord[] = [];
  let nextId = 1;
  const removals = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const set = (next: readonly ToastRecord[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };
  const cancelRemoval = (id: number) => {
    clearTimeout(removals.get(id));
    removals.delete(id);
  };

  return {
    add(options) {
      const id = nextId++;
      const next = [{ id, options, open: true }, ...toasts];
      // Past the limit a toast goes at once: replaced, not dismissed.
      next.slice(TOAST_LIMIT).forEach((dropped) => cancelRemoval(dropped.id));
      set(next.slice(0, TOAST_LIMIT));
      return id;
    },
    dismiss(id) {
      const dismissed = toasts.filter((toast) => toast.open && (id === undefined || toast.id === id));
      if (dismissed.length === 0) return;
      for (const toast of dismissed) {
        removals.set(
          toast.id,
          setTimeout(() => {
            removals.delete(toast.id);
            set(toasts.filter((other) => other.id !== toast.id));
          }, TOAST_REMOVE_DELAY_MS),
        );
      }
      set(toasts.map((toast) => (dismissed.includes(toast) ? { ...toast, open: false } : toast)));
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
