import { expectNoSeriousAxeViolations } from './support/axe.js';
import { launchBrowser, type Browser } from './support/browser.js';

// The audit every screenshot runs (support/axe.ts), on pages made for it: a notice that starts
// fading out while axe reads it (a toast whose time ran out between the picture and the audit,
// seen in CI as a contrast of 1.02-1.19 on `.ant-notification-notice-title`), and text whose
// contrast is low for good.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const fadingNotice = `<!doctype html><html lang="en"><head><title>Fading</title><style>
  body { font: 16px sans-serif; color: #222; background: #fff; }
  .notice { transition: opacity 1.5s linear; }
  .notice.leaving { opacity: 0.1; }
</style></head><body><main><h1>Board</h1><div class="notice" role="status">Success: Authenticated</div></main></body></html>`;

test('a notice fading out while axe reads it is judged once it is gone, not mid-fade', async () => {
  const { page } = browser;
  await page.setContent(fadingNotice);
  // The fade starts, and is well under way before axe reads the text.
  await page.evaluate(() => {
    const notice = document.querySelector('.notice')!;
    notice.classList.add('leaving');
    notice.addEventListener('transitionend', () => notice.remove());
  });
  await page.waitForTimeout(700);
  await expectNoSeriousAxeViolations(page, 'a fading notice');
  expect(await page.locator('.notice').count()).toBe(0);
});

test('text of low contrast still fails, animation or not', async () => {
  const { page } = browser;
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Faint</title></head><body><main><h1>Board</h1><p style="color:#eee;background:#fff">Faint for good</p></main></body></html>`,
  );
  await expect(expectNoSeriousAxeViolations(page, 'faint text')).rejects.toThrow(/color-contrast/);
});
