import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's serious and critical findings on the page as it settles (WCAG 2.1 A and AA, best
 * practice). Finite animations run to their end first: mid-way through a dialog's fade-in axe
 * would judge the contrast of half-transparent text against what shows through it.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        // A cancelled animation (its element went away) rejects `finished`: nothing left to wait for.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/**
 * The same scan on a page whose clock a test has paused (page.clock.pauseAt), so a short-lived
 * state stays put. axe waits on zero-delay timers between rules; they are let through a
 * millisecond at a time, which moves the page's clock by a few milliseconds in all.
 */
export async function blockingViolationsOnPausedClock(page: Page): Promise<string[]> {
  const progress = { finished: false };
  const scan = blockingViolations(page).finally(() => {
    progress.finished = true;
  });
  for (let elapsed = 0; !progress.finished; elapsed += 1) {
    if (elapsed > 1_000) throw new Error('axe needed more than 1 s of page time');
    // The clock belongs to the whole context, and axe finishes in a blank page of its own that it
    // opens and closes: a tick that meets that page closing is simply the next one's job.
    await page.clock.runFor(1).catch((error: unknown) => {
      if (!(error instanceof Error && error.message.includes('has been closed'))) throw error;
    });
  }
  return scan;
}
