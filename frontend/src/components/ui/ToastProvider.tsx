import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from './toast';

const loadHost = () => import('./AntdToasts');
const AntdToasts = lazy(loadHost);

/**
 * Starts downloading the toasts' antd code before the first toast, so that one shows at
 * once: a form calls it when it is first focused, after the screen is on view.
 */
export function preloadToasts(): void {
  void loadHost();
}

/**
 * Gives every screen `useToast()`. The antd host that draws the toasts mounts with the first
 * one: toasts asked for while it downloads wait in `pending` and show as soon as it is ready.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<ToastOptions[]>([]);
  const [wanted, setWanted] = useState(false);
  const host = useRef<ToastApi | null>(null);

  const api = useMemo<ToastApi>(
    () => ({
      toast: (options) => {
        if (host.current) return host.current.toast(options);
        setPending((queue) => [...queue, options]);
        setWanted(true);
      },
      dismiss: () => {
        setPending([]);
        host.current?.dismiss();
      },
    }),
    [],
  );

  const onReady = useCallback((ready: ToastApi) => {
    host.current = ready;
    setPending([]);
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <AntdToasts pending={pending} onReady={onReady} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
