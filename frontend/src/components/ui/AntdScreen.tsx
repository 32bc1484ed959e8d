import { App as AntApp } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { ScreenFallback } from './ScreenFallback';
import { ThemedAntd } from './ThemedAntd';

/**
 * antd's theme and <App> (the `modal` of App.useApp(): the admin's confirm dialogs) for the
 * screens drawn with antd, the admin screens. The router mounts it around them as a chunk of
 * its own, so the public screens do not download antd's runtime.
 */
export default function AntdScreen({ children }: { children: ReactNode }) {
  return (
    <ThemedAntd>
      <AntApp component={false}>
        {/* The screen's own chunk waits inside the theme and <App> (see ThemedAntd). */}
        <Suspense fallback={<ScreenFallback />}>{children}</Suspense>
      </AntApp>
    </ThemedAntd>
  );
}
