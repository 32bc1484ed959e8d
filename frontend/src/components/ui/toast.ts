import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';

/**
 * Toasts (SPEC §1, §9): bottom-right, top on mobile, one at a time, 5 s.
 *
 * Usage, in any component under <ToastBoundary> (the router puts every /tracker and
 * /admin screen under one):
 *
 *   const { toast } = useToast();
 *   toast({ title: 'Success', description: 'Content updated successfully' });
 *   toast({ title: 'Error', description: 'Failed to update content', variant: 'destructive' });
 *
 * "One at a time" is enforced by the antd <App notification={TOAST_CONFIG}> of
 * ToastBoundary (maxCount 1): a new toast replaces the one on screen.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  /** 'destructive' for failures and blocked actions; 'default' otherwise. */
  variant?: ToastVariant;
}

/** SPEC §9: default toast duration. */
export const TOAST_DURATION_MS = 5000;

/** antd <App notification> config that makes notifications behave as toasts. */
export const TOAST_CONFIG = {
  maxCount: 1,
  duration: TOAST_DURATION_MS / 1000,
  stack: false,
  placement: 'bottomRight',
} as const;

export function useToast() {
  const { notification } = App.useApp();
  const isMobile = useIsMobile();

  const toast = useCallback(
    ({ title, description, variant = 'default' }: ToastOptions) => {
      const destructive = variant === 'destructive';
      notification[destructive ? 'error' : 'open']({
        title,
        description,
        placement: isMobile ? 'top' : 'bottomRight',
        duration: TOAST_DURATION_MS / 1000,
        className: destructive ? 'toast toast-destructive' : 'toast',
        role: destructive ? 'alert' : 'status',
      });
    },
    [notification, isMobile],
  );

  const dismiss = useCallback(() => notification.destroy(), [notification]);

  return { toast, dismiss };
}
