import { App as AntApp } from 'antd';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { ThemedAntd } from './ThemedAntd';
import { TOAST_CONFIG, TOAST_DURATION_MS } from './toast';
import type { ToastRecord, ToastStore } from './toast-store';
import { swipeToDismiss } from './toast-swipe';

export interface ToastHostProps {
  store: ToastStore;
}

/**
 * Mirrors the store on antd's notifications: an open toast is shown (once), a dismissed or
 * replaced one is taken off the screen. antd closing one (its 5 s, its close button) and a
 * swipe both dismiss it in the store.
 */
function Notifier({ store }: ToastHostProps) {
  const { notification } = AntApp.useApp();
  const isMobile = useIsMobile();
  const toasts = useSyncExternalStore(store.subscribe, store.list);
  const shown = useRef(new Set<number>());

  useEffect(() => {
    const dismiss = (id: number) => {
      shown.current.delete(id);
      store.dismiss(id);
    };
    const show = ({ id, options: { title, description, variant = 'default' } }: ToastRecord) => {
      const destructive = variant === 'destructive';
      shown.current.add(id);
      notification[destructive ? 'error' : 'open']({
        key: id,
        title,
        description,
        placement: isMobile ? 'top' : 'bottomRight',
        duration: TOAST_DURATION_MS / 1000,
        className: destructive ? 'toast toast-destructive' : 'toast',
        // A finger moving sideways swipes the toast instead of panning the page.
        style: { touchAction: 'pan-y' },
        role: destructive ? 'alert' : 'status',
        onClose: () => dismiss(id),
        // Dismissed in the store, the effect below takes it off the screen.
        props: swipeToDismiss(() => store.dismiss(id)),
      });
    };

    const open = new Set(toasts.filter((toast) => toast.open).map((toast) => toast.id));
    for (const id of [...shown.current]) {
      if (open.has(id)) continue;
      shown.current.delete(id);
      notification.destroy(id);
    }
    toasts.filter((toast) => toast.open && !shown.current.has(toast.id)).forEach(show);
  }, [toasts, notification, isMobile, store]);

  return null;
}

/** The toasts' antd side (theme, <App> with the toast config): a chunk of its own, see ToastProvider. */
export default function AntdToasts(props: ToastHostProps) {
  return (
    <ThemedAntd>
      <AntApp notification={TOAST_CONFIG} component={false}>
        <Notifier {...props} />
      </AntApp>
    </ThemedAntd>
  );
}
