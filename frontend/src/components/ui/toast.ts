import { createContext, useContext, type ReactNode } from 'react';

/**
 * Toasts (docs/product.md#who-it-is-for, #constants-and-limits): bottom-right, top on mobile, one at a time, 5 s; swiped right past
 * 50 px or closed, a toast is dismissed, and removed 1,000,000 ms later (toast-store.ts).
 *
 * Usage, in any component (AppProviders puts a <ToastProvider> around the whole app):
 *
 *   const { toast } = useToast();
 *   toast({ title: 'Success', description: 'Content updated successfully' });
 *   toast({ title: 'Error', description: 'Failed to update content', variant: 'destructive' });
 *
 * The toasts are antd notifications, but antd is downloaded with the first toast (or ahead
 * of it: preloadToasts), not with the screen: the record-match form then starts without it.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  /** 'destructive' for failures and blocked actions; 'default' otherwise. */
  variant?: ToastVariant;
}

export interface ToastApi {
  toast: (options: ToastOptions) => void;
  /** Closes the toast on screen. */
  dismiss: () => void;
}

/** docs/product.md#constants-and-limits: default toast duration. */
export const TOAST_DURATION_MS = 5000;

/** antd <App notification> config that makes notifications behave as toasts: maxCount 1 is "one at a time". */
export const TOAST_CONFIG = {
  maxCount: 1,
  duration: TOAST_DURATION_MS / 1000,
  stack: false,
  placement: 'bottomRight',
} as const;

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
