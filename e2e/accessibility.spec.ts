import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { POLICY_PAGES, expect, test } from './fixtures.js';
import { seedCreator } from './studio-helpers.js';

const pages = [
  '/',
  '/ContactUs',
  ...POLICY_PAGES.map((policy) => policy.path),
  '/no-such-page',
  '/reset-password?token=abcdefghijklmnopqrstuvwx',
  '/admin',
];

async function blockingViolations(page: Page): Promise<string[]> {
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

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Open an FAQ answer too, so its content is scanned.
    if (path === '/')
      await page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button').first().click();
    expect(await blockingViolations(page)).toEqual([]);
  });
}

test('the sign-up dialog and the creator dashboard have no serious or critical violations', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Join Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start selling on Kholo' });
  await expect(dialog).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await dialog.getByLabel('Full Name').fill('Lakshmi Iyer');
  await dialog.getByLabel('Email').fill(`lakshmi-${Date.now().toString(36)}@example.in`);
  await dialog.getByLabel('Password', { exact: true }).fill('backwaters of kerala');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Lakshmi' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

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

test('a creator page, a locked content page and a missing one have no serious or critical violations', async ({
  page,
  baseURL,
}) => {
  const { handle, ids } = await seedCreator(baseURL!, 'Axe Creator', [
    { title: 'Calm lake' },
    { title: 'Haunted haveli', adult: true },
  ]);
  await page.goto(`/u/${handle}`);
  await expect(page.getByRole('article')).toHaveCount(2);
  expect(await blockingViolations(page)).toEqual([]);
  await page.goto(`/content/${ids[1]!}`);
  await expect(page.getByText('You have not unlocked this content yet. Please purchase to access.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.goto('/content/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Content not found.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});
