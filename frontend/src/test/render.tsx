import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createStore } from '@/app/store';
import AntdScreen from '@/components/ui/AntdScreen';

/** Renders `ui` with a fresh store, the theme, toasts, antd's theme and <App> and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const store = createStore();
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
