import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import sharp from 'sharp';

/** Whether Debian's ffmpeg is here to make a real video (CI installs it). */
export const HAS_FFMPEG = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-e2e-media-'));

/** A colourful JPEG (stripes, so a blurred preview visibly differs from the original). */
export async function photoFile(name = 'holi.jpg', hue = 20): Promise<string> {
  const file = path.join(fixtureDir, name);
  if (fs.existsSync(file)) return file;
  const stripes = Array.from(
    { length: 8 },
    (_, index) =>
      `<rect x="${index * 100}" y="0" width="100" height="600" fill="hsl(${(hue + index * 40) % 360} 80% 55%)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${stripes}<circle cx="400" cy="300" r="120" fill="#fff"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/** A 3-second 480×270 MP4 from ffmpeg's test pattern. */
export function videoFile(name = 'ghoomar.mp4'): string {
  const file = path.join(fixtureDir, name);
  if (fs.existsSync(file)) return file;
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=3:size=480x270:rate=24'],
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', file],
    ],
    { stdio: 'ignore' },
  );
  return file;
}

export function textFile(name = 'notes.txt'): string {
  const file = path.join(fixtureDir, name);
  fs.writeFileSync(file, 'not a photo');
  return file;
}

let counter = 0;
export function uniqueEmail(who: string): string {
  counter += 1;
  return `${who}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.in`;
}

let addressCounter = 0;
/**
 * An API client with an address of its own, so per-IP sign-up limits (10 an hour) do not add up.
 * Playwright starts a fresh worker process after a failure and between groups of tests, so the
 * counter alone would hand 10.250.0.1 to every new worker; the worker's index (unique within a
 * run) keeps their addresses apart.
 */
export async function apiClient(baseURL: string): Promise<APIRequestContext> {
  addressCounter += 1;
  const worker = Number(process.env['TEST_WORKER_INDEX'] ?? 0);
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.250.${worker % 256}.${addressCounter % 256}` },
  });
}

export interface SeededItem {
  title: string;
  adult?: boolean;
  pricePaise?: number;
}

/**
 * A creator with items, made through the same HTTP API the app uses (sign-up, then one
 * multipart upload per item, oldest first). Answers the handle, the items' ids (newest first), the
 * creator's signed-in API client and the credentials, for a journey that logs in as them.
 */
export async function seedCreator(
  baseURL: string,
  name: string,
  items: SeededItem[],
): Promise<{ handle: string; ids: string[]; api: APIRequestContext; email: string; password: string }> {
  const api = await apiClient(baseURL);
  const email = uniqueEmail('seed');
  const password = 'jaipur blue pottery';
  const signUp = await api.post('/api/auth/sign-up/email', {
    data: { role: 'creator', name, email, password },
  });
  if (!signUp.ok()) throw new Error(`seed sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const handle = ((await signUp.json()) as { creator: { handle: string } }).creator.handle;
  const ids: string[] = [];
  for (const [index, item] of items.entries()) {
    const photo = await photoFile(`seed-${index}.jpg`, index * 70);
    const response = await api.post('/api/studio/contents', {
      multipart: {
        title: item.title,
        description: `About ${item.title}`,
        pricePaise: String(item.pricePaise ?? 4900 + index * 1000),
        isAdultContent: item.adult === true ? 'true' : 'false',
        attested: 'true',
        file: { name: path.basename(photo), mimeType: 'image/jpeg', buffer: fs.readFileSync(photo) },
      },
    });
    if (response.status() !== 201) throw new Error(`seed upload failed: ${response.status()} ${await response.text()}`);
    ids.unshift(((await response.json()) as { id: string }).id);
  }
  return { handle, ids, api, email, password };
}

/** The password journeys give the creators they sign up. */
export const CREATOR_PASSWORD = 'jaipur blue pottery';

/**
 * Signs a new creator up through the header's Join Now dialog and waits for her dashboard;
 * answers her handle (from the share card's link).
 */
export async function signUpCreatorInBrowser(page: Page, name: string, emailPrefix: string): Promise<string> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Join Now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(uniqueEmail(emailPrefix));
  await dialog.getByLabel('Password', { exact: true }).fill(CREATOR_PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${name.split(' ')[0]}` })).toBeVisible();
  return (await page.getByLabel('Your public link').inputValue()).split('/u/')[1] ?? '';
}
