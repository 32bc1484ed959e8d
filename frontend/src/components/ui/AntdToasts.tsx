import { App as AntApp } from 'antd';
import { useEffect, useRef } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { ThemedAntd } from './ThemedAntd';
import { TOAST_CONFIG, TOAST_DURATION_MS, type ToastApi, type ToastOptions } from './toast';

export interface ToastHostProps {
  /** Toasts asked for before this host was ready, oldest first. */
  pending: ToastOptions[];
  onReady: (api: ToastApi) => void;
}

/** Hands the provider an API over antd's notifications, and shows what waited for it. */
function Notifier({ pending, onReady }: ToastHostProps) {
  const { notification } = AntApp.useApp();
  const isMobile = useIsMobile();
  const queued = useRef(pending);
  queued.current = pending;

  useEffect(() => {
    const api: ToastApi = {
      toast: ({ title, description, variant = 'default' }) => {
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
      dismiss: () => notification.destroy(),
    };
    queued.current.forEach(api.toast);
    queued.current = [];
    onReady(api);
  }, [notification, isMobile, onReady]);

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
