import { vi } from 'vitest';

/**
 * jsdom has no matchMedia (the app then lays out for a desktop). This makes every
 * `max-width` query match, as on a phone; vi.unstubAllGlobals (after each test) undoes it.
 */
export function matchPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
