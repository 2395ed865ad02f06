import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StudioContent } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { sessionCookie, signIn } from './accounts-helpers.js';
import { TEST_ADMIN, type TestApp } from './test-app.js';

/** Whether Debian's ffmpeg is on this machine; video-frame tests skip without it. */
export const HAS_FFMPEG = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A real JPEG with camera EXIF and GPS coordinates, to prove they are stripped. */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 230, g: 120, b: 40 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'KholoTestCam', Model: 'Model 7', Copyright: 'Priya' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '75/1 49/1 0/1' },
    })
    .toBuffer();
}

export async function pngImage(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 17, b: 46, alpha: 1 } } })
    .png()
    .toBuffer();
}

let videoCache: Buffer | undefined;
/** A 2-second 320×240 MP4 made by ffmpeg (only when HAS_FFMPEG). */
export function mp4Video(): Buffer {
  if (videoCache !== undefined) return videoCache;
  const file = path.join(os.tmpdir(), `kholo-test-${randomUUID()}.mp4`);
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=320x240:rate=15',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      file,
    ],
    { stdio: 'ignore' },
  );
  videoCache = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  return videoCache;
}

/**
 * An MP4's skeleton of `totalBytes`: an ftyp box, an empty moov and a free box filling the rest.
 * Laid out as an MP4 (the type check and the box check pass, which is all that runs without
 * ffmpeg), and nothing a video decoder could play.
 */
export function mp4Header(totalBytes = 8192): Buffer {
  const buffer = Buffer.alloc(totalBytes);
  buffer.writeUInt32BE(24, 0);
  buffer.write('ftypisom', 4, 'latin1');
  buffer.writeUInt32BE(0x200, 12);
  buffer.write('isomiso2', 16, 'latin1');
  buffer.writeUInt32BE(8, 24);
  buffer.write('moov', 28, 'latin1');
  buffer.writeUInt32BE(totalBytes - 32, 32);
  buffer.write('free', 36, 'latin1');
  return buffer;
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control part order, names and types exactly. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kholo-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.fileName !== undefined) head += `; filename="${part.fileName}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`, 'utf8'),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface UploadOptions {
  title?: string;
  description?: string;
  pricePaise?: string;
  isAdultContent?: string;
  /** The upload attestation's checkbox: 'true' unless given; null leaves the field out. */
  attested?: string | null;
  file?: Buffer;
  fileName?: string;
  contentType?: string;
}

/** The form the Upload tab sends: fields first, the file last. */
export function uploadForm(options: UploadOptions = {}): FormPart[] {
  const parts: FormPart[] = [
    { name: 'title', value: options.title ?? 'Holi in Jaipur' },
    { name: 'description', value: options.description ?? 'Colours at the City Palace, 2026' },
    { name: 'pricePaise', value: options.pricePaise ?? '49900' },
    { name: 'isAdultContent', value: options.isAdultContent ?? 'false' },
  ];
  if (options.attested !== null) parts.push({ name: 'attested', value: options.attested ?? 'true' });
  if (options.file !== undefined) {
    parts.push({
      name: 'file',
      value: options.file,
      fileName: options.fileName ?? 'holi.jpg',
      contentType: options.contentType ?? 'image/jpeg',
    });
  }
  return parts;
}

export function postUpload(app: FastifyInstance, cookie: string | undefined, parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/studio/contents',
    payload,
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });
}

/** Every file under a folder, relative to it (the staging folder, which is always on local disk). */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Every key in the app's storage (local disk or S3), sorted. */
export async function storedKeys(t: Pick<TestApp, 'storage'>): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.storage.list('')) keys.push(object.key);
  return keys.sort();
}

/** What a browser ends up with after asking for a file, the app's redirect followed. */
export interface FileAnswer {
  statusCode: number;
  headers: Record<string, string | undefined>;
  rawPayload: Buffer;
  body: string;
  json(): unknown;
  /** The app's own answer when it redirected to storage (S3's presigned URL); null when it streamed. */
  redirect: LightMyRequestResponse | null;
}

/**
 * A GET (or HEAD) of /media or /download as the browser does it. On S3 the app answers a
 * presigned redirect, which is followed with the same request headers (Range, If-None-Match),
 * as a browser would; on local disk the app's answer is the file.
 */
export async function getFile(
  app: FastifyInstance,
  url: string,
  cookie?: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<FileAnswer> {
  const response = await app.inject({
    method,
    url,
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });
  const location = response.headers.location;
  if (response.statusCode !== 302 || typeof location !== 'string' || !/^https?:\/\//.test(location)) {
    const answerHeaders: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(response.headers)) answerHeaders[name] = value?.toString();
    return {
      statusCode: response.statusCode,
      headers: answerHeaders,
      rawPayload: response.rawPayload,
      body: response.body,
      json: () => response.json<unknown>(),
      redirect: null,
    };
  }
  const followed = await fetch(location, { method, headers });
  const rawPayload = Buffer.from(await followed.arrayBuffer());
  return {
    statusCode: followed.status,
    headers: Object.fromEntries(followed.headers.entries()),
    rawPayload,
    body: rawPayload.toString('utf8'),
    json: () => JSON.parse(rawPayload.toString('utf8')) as unknown,
    redirect: response,
  };
}

/** An unlock as the payments issue will write it; until then tests put one in directly. */
export async function grantUnlock(
  database: DatabaseHandle,
  fanId: string,
  contentId: string,
  purchasedAt: number,
  windowMs = 14 * 24 * 60 * 60 * 1000,
): Promise<void> {
  await database.db
    .insertInto('unlocks')
    .values({ id: randomUUID(), fanId, contentId, purchasedAt, expiresAt: purchasedAt + windowMs })
    .execute();
}

/** Uploads an item through the real route and answers it; anything but a 201 fails the test. */
export async function uploadItem(
  app: FastifyInstance,
  cookie: string,
  options: UploadOptions = {},
): Promise<StudioContent> {
  const response = await postUpload(app, cookie, uploadForm({ file: options.file ?? (await pngImage()), ...options }));
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<StudioContent>();
}

/** A GET as a visitor (no cookie) or as whoever the cookie belongs to. */
export function getAs(
  app: FastifyInstance,
  url: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) } });
}

/** The admin's session cookie (TEST_ADMIN signs in through the admin door). */
export async function adminCookie(app: FastifyInstance): Promise<string> {
  const response = await signIn(app, { ...TEST_ADMIN, role: 'admin' });
  if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

/** DATA_DIR/storage and DATA_DIR/staging of a test app. */
export function dataFolders(config: Config): { storage: string; staging: string } {
  return { storage: path.join(config.dataDir, 'storage'), staging: path.join(config.dataDir, 'staging') };
}

/** The item's row as stored, keys included (what must never reach a browser). */
export async function contentRow(database: DatabaseHandle, id: string) {
  return database.db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
