import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { seedCreator, signUpCreatorInBrowser } from './studio-helpers.js';

async function signUpCreator(page: Page, name: string): Promise<void> {
  await signUpCreatorInBrowser(page, name, 'share');
}

function shareCard(page: Page) {
  return page.getByRole('region', { name: 'Your shareable profile link' });
}

test.describe('the dashboard on a phone, and sharing where fans are (issue 26)', () => {
  test('a new creator sees the checklist; a tab’s panel comes to the top; WhatsApp carries her tagged link; the QR code downloads', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await signUpCreator(page, 'Tara Menon');
    const handle = (await page.getByLabel('Your public link').inputValue()).split('/u/')[1]!;

    // The checklist, none done, with the link card and totals under it.
    const checklist = page.getByRole('region', { name: 'Get your page ready' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('0 of 4 done')).toBeVisible();
    await expect(checklist.getByRole('listitem')).toHaveCount(4);
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('dashboard-top.png') });
    await checklist.screenshot({ path: testInfo.outputPath('checklist.png') });

    // Logout once, in the header.
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);

    // Tapping Content shows its panel at the top of the screen, not 720 px down.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('button', { name: 'Content' }).click();
    const panel = page.getByRole('region', { name: 'Content' });
    await expect(panel.getByRole('heading', { level: 2, name: 'Content' })).toBeFocused();
    await expect(async () => {
      const box = await panel.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeLessThanOrEqual(200);
    }).toPass();
    await expect(nav).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('content-tab.png') });

    // Back to the overview: the checklist's upload step leads to the Upload tab.
    await nav.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Upload' })).toBeFocused();

    // WhatsApp: a new page at wa.me (stubbed: no network), its text her link tagged src=wa.
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    const [whatsapp] = await Promise.all([
      context.waitForEvent('page'),
      shareCard(page).getByRole('link', { name: 'WhatsApp' }).click(),
    ]);
    await whatsapp.waitForLoadState();
    const text = new URL(whatsapp.url()).searchParams.get('text') ?? '';
    const tagged = `${baseURL}/u/${handle}?src=wa`;
    expect(text).toContain(tagged);
    expect(text).toContain('Tara Menon');
    await whatsapp.close();

    // The link a fan gets opens her page.
    const fan = await context.browser()!.newPage();
    const response = await fan.goto(tagged);
    expect(response?.status()).toBe(200);
    await expect(fan.getByRole('heading', { level: 1, name: 'Tara Menon' })).toBeVisible();
    await fan.close();

    // The QR code: a dialog with the code, downloaded as a 1024 px wide PNG.
    await shareCard(page).getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your QR code' });
    await expect(dialog.getByRole('img', { name: /^QR code that opens/ })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('qr-dialog.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download PNG for printing' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kholo-${handle}-qr.png`);
    const png = await fs.readFile(await download.path());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1024);
    expect(png.readUInt32BE(20)).toBe(1200);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the checklist ticks as she goes, and the Instagram step is kept on the server', async ({ page }) => {
    await signUpCreator(page, 'Kiran Das');
    const checklist = page.getByRole('region', { name: 'Get your page ready' });
    await checklist.getByRole('button', { name: 'Write bio' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeFocused();
    await page.getByLabel('Bio').fill('Kolkata street portraits');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile updated').first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Upload' }).click();
    await expect(checklist.getByText('1 of 4 done')).toBeVisible();
    await checklist.getByRole('button', { name: 'I’ve done it' }).click();
    await expect(checklist.getByText('2 of 4 done')).toBeVisible();
    // Another phone (a reload): still done.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Get your page ready' }).getByText('2 of 4 done')).toBeVisible();
  });

  test('a fan shares a creator’s page: WhatsApp and Copy link in the page; no style attributes; axe clean', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { handle, ids } = await seedCreator(baseURL!, 'Lata Rao', [{ title: 'Durga Puja lights' }]);
    const response = await page.goto(`/u/${handle}?src=wa`);
    expect(response?.status()).toBe(200);
    expect(await response!.text()).not.toMatch(/\sstyle=/);
    const header = page.getByRole('region', { name: 'Lata Rao' });
    const whatsapp = header.getByRole('link', { name: 'WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    expect(new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')).toContain(
      `${baseURL}/u/${handle}?src=wa`,
    );
    const copyLink = header.getByRole('button', { name: 'Copy link' });
    await expect(copyLink).toBeVisible();
    // WhatsApp's button is written in its green, not in the plain outline's ink.
    const textColour = (element: HTMLElement) => getComputedStyle(element).color;
    expect(await whatsapp.evaluate(textColour)).not.toBe(await copyLink.evaluate(textColour));
    expect(await blockingViolations(page)).toEqual([]);
    await header.screenshot({ path: testInfo.outputPath('public-share.png') });

    const item = await page.goto(`/content/${ids[0]!}?src=link`);
    expect(item?.status()).toBe(200);
    const itemShare = page.getByRole('link', { name: 'WhatsApp' });
    expect(new URL((await itemShare.getAttribute('href'))!).searchParams.get('text')).toBe(
      `New on Kholo: Durga Puja lights by Lata Rao — unlock it here: ${baseURL}/content/${ids[0]!}?src=wa`,
    );
    await page.screenshot({ path: testInfo.outputPath('content-page.png'), fullPage: true });
  });
});
