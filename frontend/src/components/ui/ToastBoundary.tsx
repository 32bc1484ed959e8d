import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { ThemedAntd } from './ThemedAntd';
import { TOAST_CONFIG } from './toast';

/**
 * antd's theme and <App> (notification, message and modal hooks) for the screens that
 * give feedback: the tracker and the admin screens. The router mounts it around them; it is
 * a chunk of its own so the public pages do not download antd's runtime, nor the modal and
 * form runtime that <App> brings along.
 */
export default function ToastBoundary({ children }: { children: ReactNode }) {
  return (
    <ThemedAntd>
      <AntApp notification={TOAST_CONFIG} component={false}>
        {children}
      </AntApp>
    </ThemedAntd>
  );
}
