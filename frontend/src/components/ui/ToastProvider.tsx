import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi } from './toast';
import { createToastStore } from './toast-store';

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
 * Gives every screen `useToast()`. The toasts live in a store (toast-store.ts: one at a time,
 * a dismissed one removed after docs/product.md#constants-and-limits's delay); the antd host that draws them mounts with
 * the first one and shows what the store holds, so a toast asked for while it downloads
 * shows as soon as it is ready.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  const [wanted, setWanted] = useState(false);

  const api = useMemo<ToastApi>(
    () => ({
      toast: (options) => {
        store.add(options);
        setWanted(true);
      },
      dismiss: () => store.dismiss(),
    }),
    [store],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <AntdToasts store={store} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
