import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { settleAnimations } from './animations.js';
import { expectNoSeriousAxeViolations } from './axe.js';

export const screenshotDir = path.resolve(process.cwd(), 'e2e/screenshots');

/** A launched browser: its one context and page. */
export type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** Debian's Chromium with a fresh profile; flags that keep it off the (closed) network. */
export async function launchBrowser(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
    colorScheme: options.colorScheme ?? 'light',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png (CI lists the folder). Every screen
 * a browser test shows is shot here, in light and dark, so this is also where axe audits it:
 * a serious or critical violation fails the test (after the picture is saved, to look at).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await settleAnimations(page);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  await expectNoSeriousAxeViolations(page, name);
  return file;
}
