import { vi } from 'vitest';

/**
 * Renders as on a 390 px phone: every `(max-width: …)` query matches, so useIsMobile (768 px,
 * hooks/use-is-mobile.ts) says mobile. The setup's afterEach puts the desktop answer back.
 */
export function stubPhoneWidth(): void {
  const desktop = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...desktop(query), matches: query.includes('max-width') }));
}
