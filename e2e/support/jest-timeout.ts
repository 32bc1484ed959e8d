import { jest } from '@jest/globals';

// A browser test and its hooks may take two minutes before Jest calls it hung. The slowest
// (every screen shot in light and dark, with axe) take about 20 s on a quiet 2-core machine
// and several times that on a busy one; a test must not fail because the machine is slow.
// What a test waits for inside has bounds of its own (15 s for a page's locator by default).
jest.setTimeout(120_000);
