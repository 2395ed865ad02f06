import { AxeBuilder } from '@axe-core/playwright';
import { POLICY_PAGES, expect, test } from './fixtures.js';

const pages = ['/', '/ContactUs', ...POLICY_PAGES.map((policy) => policy.path), '/no-such-page'];

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Open an FAQ answer too, so its content is scanned.
    if (path === '/')
      await page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button').first().click();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
    expect(blocking).toEqual([]);
  });
}

test('the landing page can be used with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  // The first Tab offers a way past the header, and following it lands in the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  // Every focusable element shows a visible focus indicator.
  const unstyled = await page.evaluate(() => {
    const focusables = [...document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, [tabindex="0"]')];
    return focusables
      .filter((element) => {
        element.focus();
        const style = getComputedStyle(element);
        return style.outlineStyle === 'none' && style.boxShadow === 'none';
      })
      .map((element) => element.outerHTML.slice(0, 80));
  });
  expect(unstyled).toEqual([]);
});
