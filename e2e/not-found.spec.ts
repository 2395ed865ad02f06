import { expect, test } from './fixtures.js';

test('an unknown page shows “Oops! Page not found” with a way home, and a real 404', async ({ page }) => {
  const response = await page.goto('/anything-else/at/all');
  expect(response?.status()).toBe(404);
  expect(await response?.text()).toContain('Oops! Page not found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page).toHaveTitle('Page not found · Kholo');
  await page.getByRole('main').getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('unknown API paths answer JSON 404, and health checks the database', async ({ request }) => {
  const missing = await request.get('/api/x');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'There is no API route GET /api/x.' } });

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
});
