import { render } from '@testing-library/react';
import type { AdminSessionInfo } from '@team/contracts';
import type { ReactElement } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
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
  /**
   * The browser's own history (jsdom's) instead of a memory one, for what Back and Forward do:
   * the window's address is set to `route` first.
   */
  browserHistory?: boolean;
}

/** Renders `ui` with a fresh store, the theme, toasts, antd's theme and <App> and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/', adminSession, browserHistory = false }: RenderOptions = {}) {
  const store = createStore();
  if (browserHistory) window.history.replaceState(null, '', route);
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
          {browserHistory ? <BrowserRouter>{ui}</BrowserRouter> : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>}
        </AntdScreen>
      </AppProviders>,
    ),
  };
}
