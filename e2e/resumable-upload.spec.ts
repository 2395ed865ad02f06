import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { snap } from './screenshots.js';
import { HAS_FFMPEG, photoFile, signUpCreatorInBrowser } from './studio-helpers.js';

const CHUNK_BYTES = 2 * 1024 * 1024;

/** A real MP4 of about 6.8 MB: the first 2 MB chunk is about 30 % of it. */
function phoneVideo(): string {
  const file = path.join(os.tmpdir(), `kholo-e2e-resumable-${process.pid}.mp4`);
  if (fs.existsSync(file)) return file;
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=4:size=1280x720:rate=30'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '8', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
      ...['-y', file],
    ],
    { stdio: 'ignore' },
  );
  return file;
}

async function signUpCreator(page: Page, name: string): Promise<void> {
  await signUpCreatorInBrowser(page, name, 'resumable');
}

async function openTab(page: Page, tab: 'Upload' | 'Content') {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: tab }).click();
  await expect(page.getByRole('heading', { level: 2, name: tab }).first()).toBeVisible();
}

/** The photo or video first, then title and price (issue 26); the description is optional. */
async function fillUpload(page: Page, item: { title: string; price: string; file: string }) {
  await page.getByLabel('Photo or video').setInputFiles(item.file);
  await page.getByLabel('Title').fill(item.title);
  await page.getByLabel('Price (₹)').fill(item.price);
  await page.getByRole('checkbox', { name: /^I am 18 or older, everyone shown/ }).check();
}

function uploadButton(page: Page) {
  return page.locator('form').getByRole('button', { name: 'Upload', exact: true });
}

/**
 * The PATCHes of the tus upload: the offset each starts at, and the bytes the server took from
 * it (its answer's Upload-Offset less the request's; 0 for one cut off before an answer).
 */
function recordPatches(page: Page): { offset: number; stored: number }[] {
  const patches: { offset: number; stored: number }[] = [];
  const isPatch = (request: Request) => request.method() === 'PATCH' && request.url().includes('/api/studio/uploads/');
  page.on('request', (request) => {
    if (isPatch(request)) patches.push({ offset: Number(request.headers()['upload-offset']), stored: 0 });
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!isPatch(request) || response.status() !== 204) return;
    const offset = Number(request.headers()['upload-offset']);
    const patch = patches.findLast((each) => each.offset === offset);
    if (patch) patch.stored = Number(response.headers()['upload-offset']) - offset;
  });
  return patches;
}

test.describe('resumable uploads', () => {
  test('the form at 360 and 1280 px: the picker first, the preview before sending, nothing wider than the screen', async ({
    page,
  }, testInfo) => {
    await signUpCreator(page, 'Anjali Verma');
    await openTab(page, 'Upload');
    await snap(page, testInfo, 'upload-form-empty');
    await fillUpload(page, { title: 'Holi at the City Palace', price: '499', file: await photoFile('resumable.jpg') });
    await expect(page.getByRole('img', { name: 'Preview of resumable.jpg' })).toBeVisible();
    await snap(page, testInfo, 'upload-form-chosen');
    expect(await blockingViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Over 50 MB is told before a byte is sent, with its size (a sparse file: nothing is read).
    const huge = path.join(os.tmpdir(), `kholo-e2e-huge-${process.pid}.mp4`);
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 77_000_000);
    await page.getByLabel('Photo or video').setInputFiles(huge);
    await expect(
      page.getByText(/File size exceeds 50MB limit\. This video is 73\.5 MB\. Trim it/).first(),
    ).toBeVisible();
    const overflowWithMessage = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflowWithMessage).toBeLessThanOrEqual(0);
    await snap(page, testInfo, 'upload-form-too-large');
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('a video cut at about 30 %, then the page reloaded: the same file resumes from there and the item arrives', async ({
    page,
  }, testInfo) => {
    test.skip(!HAS_FFMPEG, 'needs ffmpeg for a real video');
    test.skip(testInfo.project.name !== 'mobile', 'the phone journey (360 px)');
    const video = phoneVideo();
    const size = fs.statSync(video).size;
    await signUpCreator(page, 'Meera Iyer');
    await openTab(page, 'Upload');
    const patches = recordPatches(page);

    // The connection goes after the first chunk: every later PATCH fails as a dead network does.
    let cut = false;
    await page.route('**/api/studio/uploads/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      if (cut) return route.abort('internetdisconnected');
      cut = true;
      return route.continue();
    });
    await fillUpload(page, { title: 'Ghoomar rehearsal', price: '149', file: video });
    await uploadButton(page).click();
    // The first chunk landed, and the client is retrying into a dead line.
    await expect.poll(() => patches.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('button', { name: 'Uploading...' })).toBeVisible();

    // She reloads (the leave-page question answered) and picks the same file again.
    await page.unroute('**/api/studio/uploads/*');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await openTab(page, 'Upload');
    const beforeResume = patches.length;
    // A slower line, so the resume can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    await fillUpload(page, { title: 'Ghoomar rehearsal', price: '149', file: video });
    await uploadButton(page).click();
    // The form says where it picks up (the share of the file the first chunk was), or why not.
    const resuming = page.getByText(/^Resuming from \d+ %$/);
    const formError = page.locator('form').getByRole('alert');
    await expect(resuming.or(formError)).toBeVisible({ timeout: 15_000 });
    if (await formError.isVisible()) throw new Error(`The resumed upload failed: ${await formError.textContent()}`);
    await expect(resuming).toHaveText(`Resuming from ${Math.floor((CHUNK_BYTES / size) * 100)} %`);
    await snap(page, testInfo, 'upload-resuming', false);
    await expect(page.getByText('Upload Successful!').first()).toBeVisible({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The second time the server got only the rest: it started at the first chunk's end.
    const resumed = patches.slice(beforeResume);
    expect(resumed[0]?.offset).toBe(CHUNK_BYTES);
    const resent = resumed.reduce((sum, patch) => sum + patch.stored, 0);
    expect(resent).toBe(size - CHUNK_BYTES);
    expect(resent).toBeLessThan(size);

    await openTab(page, 'Content');
    const rows = page.getByRole('list', { name: 'Your content' }).locator(':scope > li');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Ghoomar rehearsal');
  });
  test('the item refused after every byte arrived, then the page reloaded: the same file is not sent again', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the phone journey (360 px)');
    const photo = await photoFile('refused-then-reloaded.jpg', 140);
    await signUpCreator(page, 'Kavya Menon');
    await openTab(page, 'Upload');
    const patches = recordPatches(page);

    // The bytes arrive; making the item fails (the server was restarting).
    await page.route('**/api/studio/contents', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
          })
        : route.continue(),
    );
    await fillUpload(page, { title: 'Onam pookalam', price: '99', file: photo });
    await uploadButton(page).click();
    await expect(page.locator('form').getByRole('alert')).toBeVisible({ timeout: 20_000 });
    const sentBefore = patches.reduce((sum, patch) => sum + patch.stored, 0);
    expect(sentBefore).toBe(fs.statSync(photo).size);

    // She reloads and tries again with the same photo: the upload is found whole, nothing is resent.
    await page.unroute('**/api/studio/contents');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await openTab(page, 'Upload');
    const beforeRetry = patches.length;
    await fillUpload(page, { title: 'Onam pookalam', price: '99', file: photo });
    await uploadButton(page).click();
    await expect(page.getByText('Upload Successful!').first()).toBeVisible({ timeout: 30_000 });
    expect(patches.slice(beforeRetry)).toEqual([]);
    // Once the item exists the browser forgets the upload: the same photo again would be a new item.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tus::')))).toEqual([]);

    await openTab(page, 'Content');
    const rows = page.getByRole('list', { name: 'Your content' }).locator(':scope > li');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Onam pookalam');
  });
});
