import { expect, test } from './fixtures.js';
import { snap } from './screenshots.js';
import { seedCreator } from './studio-helpers.js';

// A first visit on a slow phone (ADR 027): the page is whole before any script runs, and a tap
// made before the app has loaded is not lost.

const ITEMS = [{ title: 'Amber Fort at dawn' }, { title: 'Hawa Mahal windows' }, { title: 'Blue city rooftops' }];

test('a creator’s page is readable with no script at all: name, bio, cards and previews', async ({
  browser,
  baseURL,
}, testInfo) => {
  const { handle } = await seedCreator(baseURL!, 'Kavya Joshi', ITEMS);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  try {
    const page = await context.newPage();
    const response = await page.goto(`/u/${handle}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Kavya Joshi' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(ITEMS.map((item) => item.title).reverse());
    const image = page.getByRole('img', { name: /^Blurred preview of/ }).first();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(page).toHaveTitle('Kavya Joshi · Kholo');
    await snap(page, testInfo, 'creator-page-without-script');
    // Links are real links: the footer's policy page opens, whole, with no script either.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a tap before the app has loaded is held, shown busy, and replayed: Unlock opens its dialog', async ({
  page,
  baseURL,
}) => {
  const { handle } = await seedCreator(baseURL!, 'Rohan Mehta', ITEMS);
  // A slow link: the app's own chunk arrives a second and a half after it is asked for.
  let releaseApp: () => void = () => undefined;
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && !request.url().includes('/preview'))
      apiCalls.push(new URL(request.url()).pathname);
  });

  await page.goto(`/u/${handle}`);
  const unlock = page.getByRole('button', { name: /^Unlock for ₹/ }).first();
  await unlock.click();
  await expect(unlock).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  releaseApp();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Blue city rooftops');
  await expect(unlock).not.toHaveAttribute('aria-busy');
  // Hydration asked the API nothing again: the page came with its answers.
  expect(apiCalls.filter((path) => path === '/api/me' || path.startsWith('/api/creators/'))).toEqual([]);
});

test('the landing page starts the app only when asked, and its tagline turns before that', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts).toHaveLength(1);
  const tagline = page.getByTestId('rotating-tagline').locator('[data-state="active"]');
  const first = await tagline.textContent();
  await expect(tagline).not.toHaveText(first ?? '', { timeout: 5000 });

  await page.getByRole('button', { name: 'Join Now' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(1);
});
