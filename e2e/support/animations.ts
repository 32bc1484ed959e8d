import type { Page } from 'playwright-core';

/**
 * Waits for the finite CSS animations and transitions running now (a toast fading in or out,
 * a modal opening): mid-fade, text is drawn in a blend of its colours, which neither the
 * picture nor axe's contrast check should judge. Endless ones (spinners, shimmers) are not
 * waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
