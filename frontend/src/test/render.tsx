import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createStore } from '@/app/store';
import ToastBoundary from '@/components/ui/ToastBoundary';

/** Renders `ui` with a fresh store, the theme, toasts and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const store = createStore();
  return {
    store,
    ...render(
      <AppProviders store={store}>
        <ToastBoundary>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </ToastBoundary>
      </AppProviders>,
    ),
  };
}
