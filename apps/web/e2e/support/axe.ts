import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation,
 * listing each rule, its impact and the first offending elements so the failure says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // What is wrong stays wrong: a violation seen once may be a toast that began to fade in after
  // the animations were waited for, so the page is read again (up to three times) before it
  // counts.
  let report: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await page.waitForTimeout(500);
    report = await seriousViolations(page);
    if (report.length === 0) return;
  }
  expect(report, `${label}: axe found serious or critical violations`).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // A modal still fading in has half-transparent text, which axe reads as low contrast: wait
  // for every finite transition and animation to end (spinners loop forever and are left out).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  return serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `    ${node.target.join(' ')}`)
        .join('\n'),
  );
}
