import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { prefetchScreenData } from './app/prefetch';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { createStore } from './app/store';
import './app/global.css';
// Small style sheets of first-load screens, bundled with global.css: one request for all
// pages rather than one more per tracker screen (the screens import them too).
import './components/ui/controls.css';
import './components/ui/hint.css';
import './features/stats/components/rank-distribution-chart.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const store = createStore();
prefetchScreenData(store, window.location);

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
