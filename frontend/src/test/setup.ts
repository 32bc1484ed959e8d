import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give up after 1 s by default. A profile dialog's first render with antd
// takes longer than that on a loaded 2-core machine (CI runs the suites side by side), and a
// failure there says nothing about the code: wait up to 10 s (the rule for every tier: a test
// waits generously for what must happen; `npm run bench` measures how fast it does).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs antd calls.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// antd measures scrollbars through getComputedStyle with a pseudo element, which jsdom does not implement.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
