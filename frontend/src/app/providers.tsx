import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createStore, type AppStore } from './store';
import { ToastProvider } from '@/components/ui/ToastProvider';
import { ThemeProvider } from '@/lib/theme';

/**
 * Store, theme and toasts for the whole app. antd's theme (ConfigProvider) is added by the
 * router around the screens that use antd (components/ui/ThemedAntd.tsx); the toasts bring
 * theirs with their first use (components/ui/ToastProvider.tsx).
 */
export function AppProviders({ children, store }: { children: ReactNode; store?: AppStore }) {
  const [appStore] = useState(() => store ?? createStore());
  return (
    <ReduxProvider store={appStore}>
      <ThemeProvider>
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </ReduxProvider>
  );
}
