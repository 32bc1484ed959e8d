import fs from 'node:fs';
import path from 'node:path';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { settleAnimations } from './animations.js';

/** Impacts that fail a browser test; `moderate` and `minor` findings are left to review. */
const FAILING_IMPACTS: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

let axeSource: string | undefined;

/** The axe-core bundle, read once per test file. */
function axeScript(): string {
  axeSource ??= fs.readFileSync(path.resolve(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** One readable block per violation: rule, impact, help, then each node's selector and axe's summary. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `  - ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`)
        .join('\n');
      return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Result[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeScript());
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
      iframes: false,
    }),
  );
  return results.violations.filter((violation) => violation.impact && FAILING_IMPACTS.has(violation.impact));
}

/**
 * Runs axe-core on the page and throws when it finds a serious or critical violation, naming
 * the screen, each rule, its target selectors and axe's failure summary.
 *
 * Findings are checked once more after the animations running then have ended: a toast whose
 * time runs out while axe reads it is drawn half transparent (a contrast of 1.2 in CI, on a
 * toast gone a moment later), and its fade may be over by the time axe answers. A violation
 * that is really there is there again, so the second audit is the one judged.
 *
 * The bundle goes in through `page.evaluate`, which the page's Content-Security-Policy
 * (`script-src 'self'`) does not apply to; a script tag would be refused. Frames are not
 * audited: they hold admin-authored HTML blocks in a sandboxed origin (axe could not reach
 * them and would wait for an answer) and blocked external players.
 */
export async function expectNoSeriousAxeViolations(page: Page, screen: string): Promise<void> {
  let failing = await seriousViolations(page);
  if (failing.length > 0) {
    await settleAnimations(page);
    failing = await seriousViolations(page);
  }
  if (failing.length > 0) {
    throw new Error(`axe: ${failing.length} serious or critical violation(s) on ${screen}:\n${describeViolations(failing)}`);
  }
}
