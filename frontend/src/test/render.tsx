import { render } from '@testing-library/react';
import type { AdminSessionInfo } from '@team/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createStore } from '@/app/store';
import AntdScreen from '@/components/ui/AntdScreen';
import { adminSessionApi, readStoredAdminKey, storeAdminKey } from '@/lib/admin-session';

export interface RenderOptions {
  route?: string;
  /**
   * A logged-in key whose session is already read, as an admin screen's login leaves it: the
   * stored key (or "admin-key") with this name and role, for components rendered without their gate.
   */
  adminSession?: AdminSessionInfo;
}

/** Renders `ui` with a fresh store, the theme, toasts, antd's theme and <App> and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/', adminSession }: RenderOptions = {}) {
  const store = createStore();
  if (adminSession) {
    const key = readStoredAdminKey() ?? 'admin-key';
    storeAdminKey(key);
    store.dispatch(adminSessionApi.util.upsertQueryEntries([{ endpointName: 'getAdminSession', arg: key, value: adminSession }]));
  }
  return {
    store,
    ...render(
      <AppProviders store={store}>
        <AntdScreen>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </AntdScreen>
      </AppProviders>,
    ),
  };
}
