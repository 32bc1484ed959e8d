import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createStore, type AppStore } from './store';
import { ThemeProvider } from '@/lib/theme';

/**
 * Store and theme for the whole app. antd's theme and toasts (ConfigProvider and <App>) are
 * added by the router around the screens that use antd: see components/ui/ToastBoundary.tsx
 * and components/ui/ThemedAntd.tsx.
 */
export function AppProviders({ children, store }: { children: ReactNode; store?: AppStore }) {
  const [appStore] = useState(() => store ?? createStore());
  return (
    <ReduxProvider store={appStore}>
      <ThemeProvider>{children}</ThemeProvider>
    </ReduxProvider>
  );
}
