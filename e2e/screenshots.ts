import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Every new screen, at each width, for a person to look at (also attached to the report). */
const SHOTS_DIR = process.env['E2E_SHOTS_DIR'] ?? '/tmp/shots';

/** Saves the page as `<name>-<project>.png` in SHOTS_DIR and attaches it to the test's report. */
export async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}-${testInfo.project.name}.png`);
  if (fullPage) {
    await page.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
  }
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
