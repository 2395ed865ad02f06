import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.js';
import { snap } from './screenshots.js';
import { signUpCreatorInBrowser } from './studio-helpers.js';

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-e2e-phone-'));

/** Made by Debian's heif-enc (libheif-examples) and ffmpeg with libx265: CI installs both. */
function requireTool(command: string, debianPackage: string): void {
  try {
    execFileSync(command, command === 'heif-enc' ? ['--version'] : ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${command} is needed for the phone-media journey: apt-get install -y ${debianPackage}`);
  }
}

/** An iPhone-style HEIC photo (a colourful pattern), as IMG_4021.HEIC. */
async function heicPhoto(): Promise<string> {
  requireTool('heif-enc', 'libheif-examples');
  const file = path.join(fixtureDir, 'IMG_4021.HEIC');
  if (fs.existsSync(file)) return file;
  const png = path.join(fixtureDir, 'source.png');
  const stripes = Array.from(
    { length: 8 },
    (_, index) => `<rect x="${index * 150}" y="0" width="150" height="900" fill="hsl(${index * 45} 80% 55%)"/>`,
  ).join('');
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">${stripes}</svg>`)).toFile(
    png,
  );
  execFileSync('heif-enc', ['-q', '70', png, '-o', file], { stdio: 'ignore' });
  return file;
}

/**
 * An iPhone "High Efficiency" MOV: HEVC 720p with sound, long enough (30 s) that converting it to
 * H.264 takes some seconds, so "Processing …%" can be seen.
 */
function hevcMov(): string {
  requireTool('ffmpeg', 'ffmpeg');
  const file = path.join(fixtureDir, 'IMG_0042.MOV');
  if (fs.existsSync(file)) return file;
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=duration=30:size=1280x720:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=30'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-crf', '30', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'],
      ...['-c:a', 'aac', '-shortest', '-f', 'mov', '-y', file],
    ],
    { stdio: 'ignore' },
  );
  return file;
}

function signUpCreator(page: Page, name: string): Promise<string> {
  return signUpCreatorInBrowser(page, name, 'phone');
}

async function openTab(page: Page, tab: 'Upload' | 'Content') {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: tab }).click();
  await expect(page.getByRole('heading', { level: 2, name: tab }).first()).toBeVisible();
}

async function upload(page: Page, item: { title: string; price: string; file: string }) {
  await openTab(page, 'Upload');
  await page.getByLabel('Photo or video').setInputFiles(item.file);
  await page.getByLabel('Title').fill(item.title);
  await page.getByLabel('Price (₹)').fill(item.price);
  await page.getByRole('checkbox', { name: /^I am 18 or older, everyone shown/ }).check();
  await page.locator('form').getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload Successful!').first()).toBeVisible({ timeout: 60_000 });
}

test.describe('anything a phone shoots can be sold (issue 26)', () => {
  test('a creator uploads a HEIC photo and a MOV video; the MOV shows "Processing …%", then goes on sale; a fan sees both', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(240_000);
    const [photo, video] = [await heicPhoto(), hevcMov()];
    const handle = await signUpCreator(page, 'Kavya Nair');

    await upload(page, { title: 'Blue city rooftops', price: '199', file: photo });
    await upload(page, { title: 'Sunset at Nahargarh', price: '299', file: video });

    await openTab(page, 'Content');
    const list = page.getByRole('list', { name: 'Your content' });
    const videoRow = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Sunset at Nahargarh' }) });
    const photoRow = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Blue city rooftops' }) });
    // The photo is a JPEG now and on sale at once; the video is being converted.
    await expect(photoRow).toBeVisible();
    await expect(photoRow.getByText(/^Processing/)).toHaveCount(0);
    await expect(videoRow.getByText(/^Processing \d+%$/)).toBeVisible();
    await expect(videoRow.getByRole('progressbar', { name: 'Video processing' })).toBeVisible();
    // The tab asks again every few seconds and the percentage moves (the conversion takes a while).
    await expect(videoRow.getByText(/^Processing [1-9]\d?%$/)).toBeVisible({ timeout: 120_000 });
    await snap(page, testInfo, 'content-tab-processing');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // While it processes, fans do not see it.
    const fan = await context.browser()!.newPage();
    await fan.goto(`/u/${handle}`);
    await expect(fan.getByText('Blue city rooftops').first()).toBeVisible();
    await expect(fan.getByText('Sunset at Nahargarh')).toHaveCount(0);

    // The tab polls by itself: the processing line goes, and the video is on sale.
    await expect(videoRow.getByText(/^Processing/)).toHaveCount(0, { timeout: 180_000 });
    await expect(videoRow.getByText('Video')).toBeVisible();
    await snap(page, testInfo, 'content-tab-ready');

    await fan.reload();
    await expect(fan.getByText('Blue city rooftops').first()).toBeVisible();
    await expect(fan.getByText('Sunset at Nahargarh').first()).toBeVisible();
    await snap(fan, testInfo, 'public-page-phone-media');
    await fan.close();
  });
});
