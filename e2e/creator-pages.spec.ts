import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { seedCreator } from './studio-helpers.js';

test.describe('a creator page as visitors and fans see it', () => {
  test('a visitor sees 3 blurred, locked cards out of 4 and Login to See More opens the fan login', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle, ids } = await seedCreator(baseURL!, 'Ananya Rathore', [
      { title: 'Amber Fort at dawn' },
      { title: 'Hawa Mahal windows' },
      { title: 'Blue city rooftops' },
      { title: 'Pushkar camel fair' },
    ]);
    await page.goto(`/u/${handle}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ananya Rathore' })).toBeVisible();
    await expect(page.getByText('Creator on Kholo')).toBeVisible();

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    // Newest first; the oldest item is the one behind the login.
    await expect(cards.getByRole('heading')).toHaveText([
      'Pushkar camel fair',
      'Blue city rooftops',
      'Hawa Mahal windows',
    ]);
    for (const card of await cards.all()) {
      await expect(card.getByText('Locked', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: /^Unlock for ₹\d+/ })).toBeVisible();
      const image = card.getByRole('img', { name: /^Blurred preview of/ });
      await expect(image).toHaveAttribute('src', /\/api\/contents\/[^/]+\/preview$/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
    // Nothing in the page points at an original or its download.
    const html = await page.content();
    expect(html).not.toMatch(/\/api\/contents\/[^/"]+\/(media|download)/);
    expect(html).not.toContain(ids[3]);

    await page.screenshot({ path: testInfo.outputPath('creator-page-visitor.png'), fullPage: true });

    await page.getByRole('button', { name: 'Login to See More' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading').first()).toContainText(/fan|unlock/i);
  });

  test('a fan who signs up from the page sees every item, still locked', async ({ page, baseURL }) => {
    const { handle } = await seedCreator(baseURL!, 'Kabir Joshi', [
      { title: 'One' },
      { title: 'Two' },
      { title: 'Three' },
      { title: 'Four' },
    ]);
    await page.goto(`/u/${handle}`);
    await expect(page.getByRole('article')).toHaveCount(3);
    await page.getByRole('button', { name: 'Login to See More' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: /sign up|create/i })
      .first()
      .click();
    await dialog.getByLabel(/name/i).first().fill('Arjun Mehta');
    await dialog.getByLabel('Email').fill(`arjun-${Date.now().toString(36)}@example.in`);
    await dialog.getByLabel('Password', { exact: true }).fill('jaipur blue pottery');
    await dialog
      .getByRole('button', { name: /create account|sign up/i })
      .last()
      .click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Login to See More' })).toBeHidden();
    await expect(page.getByText('Locked', { exact: true })).toHaveCount(4);
  });

  test('18+ items carry a badge and stay hidden until the visitor confirms their age', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle } = await seedCreator(baseURL!, 'Vikram Horror', [
      { title: 'Calm lake' },
      { title: 'Haunted haveli', adult: true },
    ]);
    await page.goto(`/u/${handle}`);
    const adult = page.getByRole('article').filter({ hasText: 'Haunted haveli' });
    // Until the visitor confirms, a gate stands in for the picture and says 18+ itself.
    await expect(adult.getByText('18+ item: Haunted haveli', { exact: true })).toBeVisible();
    await expect(adult.getByText('Mature content. Confirm your age to see the preview.')).toBeVisible();
    await expect(adult.getByRole('img', { name: /^Blurred preview of/ })).toHaveCount(0);
    const calm = page.getByRole('article').filter({ hasText: 'Calm lake' });
    await expect(calm.getByRole('img', { name: /^Blurred preview of/ })).toBeVisible();
    await expect(calm.getByText(/18\+/)).toHaveCount(0);
    // The gated card is compact: never taller than an ordinary card (shorter on a phone, where
    // each card has its row), so the newest 18+ item does not fill a visitor's first screen.
    const height = async (article: typeof adult) => (await article.boundingBox())?.height ?? Infinity;
    const [gated, ordinary] = [await height(adult), await height(calm)];
    expect(gated).toBeLessThanOrEqual(ordinary + 1);
    if (testInfo.project.name === 'mobile') expect(gated).toBeLessThan(ordinary);

    // Unlock before confirming: the dialog asks first, and orders nothing without it.
    const orders: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payment/order')
        orders.push(request.url());
    });
    await adult.getByRole('button', { name: 'Unlock for ₹59' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Premium Content' });
    const ageQuestion = dialog.getByRole('checkbox', { name: 'I am 18 or older' });
    await expect(ageQuestion).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Pay ₹59' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Please confirm you are 18 or older to buy this item.' }),
    ).toBeVisible();
    await expect(ageQuestion).toBeFocused();
    expect(orders).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await adult.getByRole('button', { name: 'I am 18 or older — show' }).click();
    await expect(adult.getByRole('img', { name: 'Blurred preview of "Haunted haveli"' })).toBeVisible();
    // Shown, the picture carries the 18+ badge in its corner.
    await expect(adult.getByText('18+', { exact: true })).toBeVisible();
    await expect(adult.getByText('Mature content. Confirm your age to see the preview.')).toHaveCount(0);
    // She has said so in this tab: the dialog does not ask again.
    await adult.getByRole('button', { name: 'Unlock for ₹59' }).click();
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expect(ageQuestion).toHaveCount(0);
  });

  test('the copy-link button puts the page address on the clipboard', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { handle } = await seedCreator(baseURL!, 'Meera Copy', [{ title: 'Anything' }]);
    await page.goto(`/u/${handle}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/u/${handle}?src=link`);
  });

  test('a creator who changed her handle: her old link leads to her new page (a 302 while the handle is held for her)', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle: oldHandle, api } = await seedCreator(baseURL!, 'Ritu Malhotra', [{ title: 'Chandni Chowk' }]);
    const newHandle = `ritu-frames-${testInfo.project.name}-${Date.now().toString(36)}`;
    const change = await api.patch('/api/studio/profile', { data: { handle: newHandle } });
    expect(change.status()).toBe(200);
    // Someone named like the old handle must not get the links she shared.
    await seedCreator(baseURL!, oldHandle, []);

    const response = await page.goto(`/u/${oldHandle}`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}/u/${oldHandle}`);
    await expect(page).toHaveURL(`/u/${newHandle}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ritu Malhotra' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('an unknown creator gets a friendly page, with a real 404', async ({ page }) => {
    const response = await page.goto('/u/nobody-by-this-name-xyz');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("We couldn't find that creator").or(page.getByText('We couldn’t find that creator')),
    ).toBeVisible();
  });
});

test.describe('the content page', () => {
  test('a locked item says so, with its blurred preview and the unlock button', async ({ page, baseURL }, testInfo) => {
    const { ids } = await seedCreator(baseURL!, 'Sara Locked', [{ title: 'Stepwell geometry', pricePaise: 19900 }]);
    await page.goto(`/content/${ids[0]}`);
    await expect(page.getByText('You have not unlocked this content yet. Please purchase to access.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Blurred preview of "Stepwell geometry"' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unlock for ₹199' })).toBeVisible();
    expect(await page.content()).not.toMatch(/\/api\/contents\/[^/"]+\/(media|download)/);
    await page.screenshot({ path: testInfo.outputPath('content-page-locked.png'), fullPage: true });
  });

  test('a missing item says Content not found., with a real 404', async ({ page }) => {
    const response = await page.goto('/content/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Content not found.')).toBeVisible();
  });
});
