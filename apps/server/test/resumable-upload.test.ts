import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  CONTENT_MESSAGES,
  fileTooLargeMessage,
  MAX_UPLOAD_BYTES,
  RESUMABLE_UPLOADS_PATH,
  type StudioContent,
} from '@kholo/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { RESUMABLE_MAX_AGE_MS, sweepResumableUploads, UPLOAD_NOT_FOUND } from '../src/features/media/index.js';
import { errorOf, signUp } from './accounts-helpers.js';
import { contentRow, dataFolders, filesUnder, jpegWithGps } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let creator: { id: string; cookie: string };
let other: { id: string; cookie: string };
let fanCookie: string;
let suspended: { id: string; cookie: string };
let photo: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const [first, second, fan, third] = await Promise.all([
    signUp(t.app, { name: 'Priya Sharma' }),
    signUp(t.app, { name: 'Kabir Rao' }),
    signUp(t.app, { role: 'fan', name: 'Ravi Kumar' }),
    signUp(t.app, { name: 'Meera Iyer' }),
  ]);
  creator = { id: first.me.account!.id, cookie: first.cookie };
  other = { id: second.me.account!.id, cookie: second.cookie };
  fanCookie = fan.cookie;
  suspended = { id: third.me.account!.id, cookie: third.cookie };
  await t.database.db
    .updateTable('creators')
    .set({ suspendedAt: t.clock.now() })
    .where('userId', '=', suspended.id)
    .execute();
  photo = await jpegWithGps(1200, 900);
});
afterAll(async () => {
  await t.close();
});
// Each test starts with no open uploads: the cap on unfinished ones (5) is per creator.
afterEach(() => {
  fs.rmSync(resumableDir(), { recursive: true, force: true });
});

const TUS = { 'tus-resumable': '1.0.0' };
const resumableDir = () => path.join(dataFolders(t.config).staging, 'resumable');

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

function withCookie(cookie: string | undefined): Record<string, string> {
  return cookie === undefined ? {} : { cookie };
}

async function createUpload(
  cookie: string | undefined,
  length: number,
  meta: Record<string, string> = { filename: 'IMG_2041.jpg', filetype: 'image/jpeg' },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: RESUMABLE_UPLOADS_PATH,
    headers: { ...TUS, ...withCookie(cookie), 'upload-length': String(length), 'upload-metadata': metadata(meta) },
  });
}

/** Creates an upload of `file` and answers its path (the Location). */
async function newUpload(cookie: string, file: Buffer, meta?: Record<string, string>): Promise<string> {
  const response = await createUpload(cookie, file.length, meta);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return String(response.headers.location);
}

function patch(cookie: string | undefined, location: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      ...withCookie(cookie),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: bytes,
  });
}

function head(cookie: string | undefined, location: string) {
  return t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...withCookie(cookie) } });
}

function remove(cookie: string | undefined, location: string) {
  return t.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...withCookie(cookie) } });
}

function createItem(cookie: string | undefined, uploadId: string, fields: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/contents',
    headers: withCookie(cookie),
    payload: { uploadId, title: 'Holi in Jaipur', pricePaise: 49900, isAdultContent: false, attested: true, ...fields },
  });
}

const idOf = (location: string) => location.split('/').pop()!;

let port: number | undefined;
/** The app on a real socket, for requests that drop or hang as a phone's do. */
async function listening(): Promise<number> {
  if (port === undefined) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }
  return port;
}

/** What the resumable folder holds for one upload. */
const filesOf = (location: string) => filesUnder(resumableDir()).filter((name) => name.startsWith(idOf(location)));

async function uploadWhole(cookie: string, file: Buffer, meta?: Record<string, string>): Promise<string> {
  const location = await newUpload(cookie, file, meta);
  const response = await patch(cookie, location, 0, file);
  expect(response.statusCode).toBe(204);
  return location;
}

describe('a tus upload, from creation to the item', () => {
  it('advertises tus 1.0.0 with creation and termination and the 50 MB limit', async () => {
    const response = await t.app.inject({ method: 'OPTIONS', url: RESUMABLE_UPLOADS_PATH });
    expect(response.statusCode).toBe(204);
    expect(response.headers['tus-version']).toBe('1.0.0');
    expect(response.headers['tus-extension']).toBe('creation,termination');
    expect(response.headers['tus-max-size']).toBe(String(MAX_UPLOAD_BYTES));
  });

  it('creates, takes the bytes in two PATCHes with HEAD in between, and makes the item from them', async () => {
    const created = await createUpload(creator.cookie, photo.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^${RESUMABLE_UPLOADS_PATH}/[0-9a-f-]{36}$`));

    const start = await head(creator.cookie, location);
    expect(start.statusCode).toBe(200);
    expect(start.headers['upload-offset']).toBe('0');
    expect(start.headers['upload-length']).toBe(String(photo.length));
    expect(start.headers['cache-control']).toBe('no-store');

    const half = Math.floor(photo.length / 2);
    const first = await patch(creator.cookie, location, 0, photo.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    expect((await head(creator.cookie, location)).headers['upload-offset']).toBe(String(half));
    const second = await patch(creator.cookie, location, half, photo.subarray(half));
    expect(second.statusCode).toBe(204);
    expect(second.headers['upload-offset']).toBe(String(photo.length));

    const made = await createItem(creator.cookie, idOf(location), { description: 'Colours at the City Palace' });
    expect(made.statusCode).toBe(201);
    const item = made.json<StudioContent>();
    expect(item).toMatchObject({
      creatorId: creator.id,
      title: 'Holi in Jaipur',
      description: 'Colours at the City Palace',
      pricePaise: 49900,
      mediaKind: 'image',
      media: { width: 1200, height: 900 },
    });
    // The stored original is the re-encoded photo, its name from the upload's metadata.
    expect((await contentRow(t.database, item.id)).mediaKey).toMatch(/_img-2041-[a-z0-9]+\.jpg$/);
    // The staged bytes went with the item: nothing of this upload is left.
    expect(filesOf(location)).toEqual([]);
    expect(filesUnder(dataFolders(t.config).staging).filter((name) => !name.startsWith('resumable'))).toEqual([]);
    // And the upload is gone for HEAD too.
    expect((await head(creator.cookie, location)).statusCode).toBe(404);
  });

  it('DELETE terminates it: 204, the bytes gone, then 404', async () => {
    const location = await newUpload(creator.cookie, photo);
    expect((await patch(creator.cookie, location, 0, photo.subarray(0, 1000))).statusCode).toBe(204);
    expect(filesOf(location).length).toBeGreaterThan(0);
    const response = await remove(creator.cookie, location);
    expect(response.statusCode).toBe(204);
    expect(filesOf(location)).toEqual([]);
    expect((await head(creator.cookie, location)).statusCode).toBe(404);
    expect((await createItem(creator.cookie, idOf(location))).statusCode).toBe(404);
  });

  it('makes an item with no description (optional since issue 26)', async () => {
    const location = await uploadWhole(creator.cookie, photo);
    const made = await createItem(creator.cookie, idOf(location));
    expect(made.statusCode).toBe(201);
    expect(made.json<StudioContent>().description).toBe('');
  });
});

describe('resuming', () => {
  it('an upload cut at 30 % resumes from the offset HEAD gives and finishes', async () => {
    const location = await newUpload(creator.cookie, photo);
    const cut = Math.floor(photo.length * 0.3);
    expect((await patch(creator.cookie, location, 0, photo.subarray(0, cut))).statusCode).toBe(204);

    // After the reload the browser asks where it stopped and sends only the rest.
    const offset = Number((await head(creator.cookie, location)).headers['upload-offset']);
    expect(offset).toBe(cut);
    const rest = await patch(creator.cookie, location, offset, photo.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(photo.length));
    const made = await createItem(creator.cookie, idOf(location));
    expect(made.statusCode).toBe(201);
    expect(made.json<StudioContent>().media).toMatchObject({ width: 1200, height: 900 });
  });

  it('keeps the bytes that arrived before the connection dropped mid-PATCH', async () => {
    const port = await listening();
    const location = await newUpload(creator.cookie, photo);
    const sent = Math.floor(photo.length * 0.3);

    // A PATCH announcing the whole file that stops at 30 % and loses its connection.
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...TUS,
          cookie: creator.cookie,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': String(photo.length),
        },
      });
      request.on('error', () => {
        resolve();
      });
      request.write(photo.subarray(0, sent), () => {
        // Let the server take the bytes in before the line goes dead.
        setTimeout(() => {
          request.destroy();
        }, 100);
      });
    });

    // The server notices the drop on its own time; it keeps what arrived.
    let offset = 0;
    for (let attempt = 0; attempt < 100 && offset !== sent; attempt += 1) {
      const answer = await head(creator.cookie, location);
      offset = Number(answer.headers['upload-offset']);
      if (offset !== sent) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(offset).toBe(sent);
    const rest = await patch(creator.cookie, location, sent, photo.subarray(sent));
    expect(rest.statusCode).toBe(204);
    expect((await createItem(creator.cookie, idOf(location))).statusCode).toBe(201);
  });

  it('a PATCH at the wrong offset is refused with 409 and stores nothing', async () => {
    const location = await newUpload(creator.cookie, photo);
    expect((await patch(creator.cookie, location, 0, photo.subarray(0, 500))).statusCode).toBe(204);
    const behind = await patch(creator.cookie, location, 0, photo.subarray(0, 500));
    const ahead = await patch(creator.cookie, location, 900, photo.subarray(900, 1000));
    expect([behind.statusCode, ahead.statusCode]).toEqual([409, 409]);
    expect(errorOf(ahead).message).toBe('Upload-Offset 900 does not match the 500 bytes stored.');
    expect((await head(creator.cookie, location)).headers['upload-offset']).toBe('500');
  });

  it('a lock left by a process that died does not block the upload for good', async () => {
    const location = await newUpload(creator.cookie, photo);
    const lock = path.join(resumableDir(), `${idOf(location)}.lock`);
    fs.writeFileSync(lock, '');
    const old = (t.clock.now() - 60_000) / 1000;
    fs.utimesSync(lock, old, old);
    expect((await patch(creator.cookie, location, 0, photo)).statusCode).toBe(204);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('a release file left by a process that died does not stop the next PATCH that gets the lock', async () => {
    const port = await listening();
    const location = await newUpload(creator.cookie, photo);
    fs.writeFileSync(path.join(resumableDir(), `${idOf(location)}.release`), '');
    const sent = Math.floor(photo.length * 0.3);
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: location,
      headers: {
        ...TUS,
        cookie: creator.cookie,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(photo.length),
      },
    });
    const answer = new Promise<{ status: number; offset: string | undefined }>((resolve) => {
      slow.on('response', (response) => {
        resolve({ status: response.statusCode ?? 0, offset: response.headers['upload-offset'] as string | undefined });
        response.resume();
      });
      slow.on('error', () => {
        resolve({ status: 0, offset: undefined });
      });
    });
    // A slow network: part of the file, then (while the PATCH holds the lock) a pause long
    // enough for its watcher to look for a release file several times, then the rest.
    slow.write(photo.subarray(0, sent));
    let offset = 0;
    for (let attempt = 0; attempt < 100 && offset !== sent; attempt += 1) {
      offset = Number((await head(creator.cookie, location)).headers['upload-offset']);
      if (offset !== sent) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(offset).toBe(sent);
    await new Promise((resolve) => setTimeout(resolve, 600));
    slow.end(photo.subarray(sent));
    expect(await answer).toEqual({ status: 204, offset: String(photo.length) });
  });

  it('a PATCH after a drop takes over from the old request still hanging on a half-open connection', async () => {
    const port = await listening();
    const location = await newUpload(creator.cookie, photo);
    const sent = Math.floor(photo.length * 0.3);
    // The old request: 30 % sent, then silence, its socket still open (the phone left the cell).
    const hanging = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: location,
      headers: {
        ...TUS,
        cookie: creator.cookie,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(photo.length),
      },
    });
    const oldAnswer = new Promise<number>((resolve) => {
      hanging.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      });
      hanging.on('error', () => {
        resolve(0);
      });
    });
    hanging.write(photo.subarray(0, sent));
    let offset = 0;
    for (let attempt = 0; attempt < 100 && offset !== sent; attempt += 1) {
      offset = Number((await head(creator.cookie, location)).headers['upload-offset']);
      if (offset !== sent) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(offset).toBe(sent);

    // The resumed PATCH asks the old one to stop, gets the lock, and finishes the file.
    const rest = await patch(creator.cookie, location, sent, photo.subarray(sent));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(photo.length));
    // The old one was cut off (its bytes so far kept), and wrote nothing more.
    expect(await oldAnswer).toBe(0);
    hanging.destroy();
    expect(fs.existsSync(path.join(resumableDir(), `${idOf(location)}.release`))).toBe(false);
    const item = await createItem(creator.cookie, idOf(location));
    expect(item.statusCode).toBe(201);
    expect(item.json<StudioContent>().media).toMatchObject({ width: 1200, height: 900 });
  });
});

describe('the 50 MB limit and the file type', () => {
  it('an Upload-Length over 50 MB is refused with 413, saying how big and how to shrink it', async () => {
    const size = Math.round(73.4 * 1024 * 1024);
    const response = await createUpload(creator.cookie, size, { filename: 'IMG_0001.mp4', filetype: 'video/mp4' });
    expect(response.statusCode).toBe(413);
    const message = errorOf(response).message;
    expect(message).toBe(fileTooLargeMessage(size, 'video'));
    expect(message).toBe(
      'File size exceeds 50MB limit. This video is 73.4 MB. Trim it or export it at 1080p (on iPhone: Settings → Camera → Record Video → 1080p HD), then try again.',
    );
    // One byte over is over too.
    expect((await createUpload(creator.cookie, MAX_UPLOAD_BYTES + 1)).statusCode).toBe(413);
    expect((await createUpload(creator.cookie, MAX_UPLOAD_BYTES)).statusCode).toBe(201);
  });

  it('a PATCH sending more than the declared length is refused and keeps nothing of it', async () => {
    const location = await newUpload(creator.cookie, photo.subarray(0, 1000));
    const response = await patch(creator.cookie, location, 0, photo.subarray(0, 1001));
    expect(response.statusCode).toBe(413);
    expect((await head(creator.cookie, location)).headers['upload-offset']).toBe('0');
    // Within the length it goes on.
    expect((await patch(creator.cookie, location, 0, photo.subarray(0, 1000))).statusCode).toBe(204);
  });

  it('a PDF named .jpg is refused from its bytes when the item is made, and its bytes go', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
      Buffer.alloc(5000, 32),
    ]);
    const location = await uploadWhole(creator.cookie, pdf, { filename: 'holi.jpg', filetype: 'image/jpeg' });
    const response = await createItem(creator.cookie, idOf(location));
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toBe(CONTENT_MESSAGES.onlyImageOrVideo);
    expect(filesOf(location)).toEqual([]);
    expect(filesUnder(dataFolders(t.config).staging).filter((name) => !name.startsWith('resumable'))).toEqual([]);
  });

  it('a declared type that is neither image nor video is refused at creation, before any byte', async () => {
    const response = await createUpload(creator.cookie, 5000, { filename: 'notes.pdf', filetype: 'application/pdf' });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toBe(CONTENT_MESSAGES.onlyImageOrVideo);
  });

  it('an empty file or a missing Upload-Length is refused', async () => {
    const empty = await createUpload(creator.cookie, 0);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(CONTENT_MESSAGES.fillAllFields);
    const missing = await t.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOADS_PATH,
      headers: { ...TUS, cookie: creator.cookie },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('a request without Tus-Resumable: 1.0.0 gets 412', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOADS_PATH,
      headers: { cookie: creator.cookie, 'upload-length': '100' },
    });
    expect(response.statusCode).toBe(412);
    expect(response.headers['tus-version']).toBe('1.0.0');
  });

  it('a PATCH that is not application/offset+octet-stream is refused with 415', async () => {
    const location = await newUpload(creator.cookie, photo);
    const response = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...TUS, cookie: creator.cookie, 'content-type': 'application/json', 'upload-offset': '0' },
      payload: { bytes: 'no' },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('who may upload and use an upload', () => {
  it('signed out: 401 on every method', async () => {
    const location = await newUpload(creator.cookie, photo);
    const answers = await Promise.all([
      createUpload(undefined, 1000),
      head(undefined, location),
      patch(undefined, location, 0, photo.subarray(0, 10)),
      remove(undefined, location),
      createItem(undefined, idOf(location)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect((await head(creator.cookie, location)).headers['upload-offset']).toBe('0');
  });

  it('a fan is refused with 403, and a suspended creator before anything is stored', async () => {
    const before = filesUnder(resumableDir()).length;
    const fan = await createUpload(fanCookie, 1000);
    const banned = await createUpload(suspended.cookie, 1000);
    expect([fan.statusCode, banned.statusCode]).toEqual([403, 403]);
    expect(filesUnder(resumableDir()).length).toBe(before);
  });

  it("another creator's upload id is a 404 for HEAD, PATCH, DELETE and making an item", async () => {
    const location = await uploadWhole(creator.cookie, photo);
    const answers = await Promise.all([
      head(other.cookie, location),
      patch(other.cookie, location, photo.length, Buffer.alloc(0)),
      remove(other.cookie, location),
      createItem(other.cookie, idOf(location)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    // Still hers, whole.
    expect((await head(creator.cookie, location)).headers['upload-offset']).toBe(String(photo.length));
    expect((await createItem(creator.cookie, idOf(location))).statusCode).toBe(201);
  });

  it('an id that is no upload, or a path, is a 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', '..%2F..%2Fkholo.db', 'abc']) {
      expect((await head(creator.cookie, `${RESUMABLE_UPLOADS_PATH}/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('making the item', () => {
  it('an unfinished upload is refused with 409 saying how much arrived, and stays to be finished', async () => {
    const location = await newUpload(creator.cookie, photo);
    expect((await patch(creator.cookie, location, 0, photo.subarray(0, 2000))).statusCode).toBe(204);
    const response = await createItem(creator.cookie, idOf(location));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      `This upload is not finished: 2000 of ${photo.length} bytes have arrived. Please let it finish first.`,
    );
    expect((await patch(creator.cookie, location, 2000, photo.subarray(2000))).statusCode).toBe(204);
    expect((await createItem(creator.cookie, idOf(location))).statusCode).toBe(201);
  });

  it('checks the fields as the form does, before using the upload up', async () => {
    const location = await uploadWhole(creator.cookie, photo);
    const missing = await createItem(creator.cookie, idOf(location), { title: '  ', pricePaise: undefined });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toEqual({
      code: 'VALIDATION_FAILED',
      message: CONTENT_MESSAGES.fillAllFields,
      fields: { title: CONTENT_MESSAGES.fillAllFields, pricePaise: CONTENT_MESSAGES.fillAllFields },
    });
    const unattested = await createItem(creator.cookie, idOf(location), { attested: false });
    expect(unattested.statusCode).toBe(400);
    expect(Object.keys(errorOf(unattested).fields ?? {})).toEqual(['attested']);
    const cheap = await createItem(creator.cookie, idOf(location), { pricePaise: 50 });
    expect(errorOf(cheap).fields).toEqual({ pricePaise: 'The price must be at least ₹1.' });
    const suspendedTry = await createItem(suspended.cookie, idOf(location));
    expect(suspendedTry.statusCode).toBe(403);
    // None of that used the upload: it still makes the item.
    expect((await createItem(creator.cookie, idOf(location))).statusCode).toBe(201);
  });

  it('the same upload sent twice at once (a double click) makes one item; a later third try answers that item', async () => {
    const location = await uploadWhole(creator.cookie, photo);
    const before = await t.database.db
      .selectFrom('contents')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('creatorId', '=', creator.id)
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      createItem(creator.cookie, idOf(location)),
      createItem(creator.cookie, idOf(location)),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([404, 409]).toContain(codes[1]);
    const after = await t.database.db
      .selectFrom('contents')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('creatorId', '=', creator.id)
      .executeTakeFirstOrThrow();
    // PostgreSQL counts as text.
    expect(Number(after.count)).toBe(Number(before.count) + 1);
    const third = await createItem(creator.cookie, idOf(location));
    expect(third.statusCode).toBe(201);
    expect(third.json<StudioContent>().id).toBe(
      answers.find((answer) => answer.statusCode === 201)!.json<StudioContent>().id,
    );
  });

  it('a retry after the answer was lost gets the item already made, the same body, and no duplicate', async () => {
    const location = await uploadWhole(creator.cookie, photo);
    const first = await createItem(creator.cookie, idOf(location));
    expect(first.statusCode).toBe(201);
    const retry = await createItem(creator.cookie, idOf(location));
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const rows = await t.database.db
      .selectFrom('contents')
      .select('id')
      .where('uploadId', '=', idOf(location))
      .execute();
    expect(rows).toHaveLength(1);
    // Not another creator's: hers is a 404 to him.
    const his = await createItem(other.cookie, idOf(location));
    expect(his.statusCode).toBe(404);
    expect(errorOf(his).message).toBe(UPLOAD_NOT_FOUND);
    // Once she deleted the item, the upload is gone too.
    const id = first.json<StudioContent>().id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/studio/contents/${id}`, headers: { cookie: creator.cookie } }))
        .statusCode,
    ).toBe(204);
    expect((await createItem(creator.cookie, idOf(location))).statusCode).toBe(404);
  });
});

describe('the hourly upload allowance', () => {
  it('counts an upload when it is created, refuses one over the limit before anything is stored, and gives back a cancelled one', async () => {
    const three = await buildTestApp({ limits: { ...loadConfig({}).limits, uploadsPerCreatorPerHour: 3 } });
    try {
      const { cookie } = await signUp(three.app, { name: 'Kavya Nair' });
      const create = () =>
        three.app.inject({
          method: 'POST',
          url: RESUMABLE_UPLOADS_PATH,
          headers: { ...TUS, cookie, 'upload-length': '1000', 'upload-metadata': metadata({ filetype: 'image/png' }) },
        });
      const made = [await create(), await create(), await create()];
      expect(made.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      const over = await create();
      expect(over.statusCode).toBe(429);
      expect(errorOf(over).message).toMatch(/^You can upload up to 3 files an hour\./);
      // A cancelled upload was never decoded: it does not count.
      const cancelled = await three.app.inject({
        method: 'DELETE',
        url: String(made[0]!.headers.location),
        headers: { ...TUS, cookie },
      });
      expect(cancelled.statusCode).toBe(204);
      expect((await create()).statusCode).toBe(201);
    } finally {
      await three.close();
    }
  });
});

describe('giving back the allowance, at most once', () => {
  async function withThreeAnHour(check: (app: TestApp, cookie: string) => Promise<void>): Promise<void> {
    const three = await buildTestApp({ limits: { ...loadConfig({}).limits, uploadsPerCreatorPerHour: 3 } });
    try {
      const { cookie } = await signUp(three.app, { name: 'Kavya Nair' });
      await check(three, cookie);
    } finally {
      await three.close();
    }
  }
  const createIn = (app: TestApp, cookie: string, length: number) =>
    app.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOADS_PATH,
      headers: {
        ...TUS,
        cookie,
        'upload-length': String(length),
        'upload-metadata': metadata({ filetype: 'image/jpeg' }),
      },
    });
  const deleteIn = (app: TestApp, cookie: string, location: string) =>
    app.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, cookie } });

  it('two DELETEs of one upload at once give back one upload, not two', async () => {
    await withThreeAnHour(async (app, cookie) => {
      const made = [
        await createIn(app, cookie, 1000),
        await createIn(app, cookie, 1000),
        await createIn(app, cookie, 1000),
      ];
      expect(made.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      const location = String(made[0]!.headers.location);
      const answers = await Promise.all([deleteIn(app, cookie, location), deleteIn(app, cookie, location)]);
      expect(answers.map((answer) => answer.statusCode).filter((code) => code !== 404)).toContain(204);
      expect((await createIn(app, cookie, 1000)).statusCode).toBe(201);
      expect((await createIn(app, cookie, 1000)).statusCode).toBe(429);
    });
  });

  it('a DELETE racing the POST that makes the item gives nothing back when the item got the bytes', async () => {
    await withThreeAnHour(async (app, cookie) => {
      const created = await createIn(app, cookie, photo.length);
      const location = String(created.headers.location);
      const patched = await app.app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...TUS, cookie, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: photo,
      });
      expect(patched.statusCode).toBe(204);
      await createIn(app, cookie, 1000);
      await createIn(app, cookie, 1000);
      const [item] = await Promise.all([
        app.app.inject({
          method: 'POST',
          url: '/api/studio/contents',
          headers: { cookie },
          payload: {
            uploadId: idOf(location),
            title: 'Holi in Jaipur',
            pricePaise: 49900,
            isAdultContent: false,
            attested: true,
          },
        }),
        deleteIn(app, cookie, location),
      ]);
      if (item.statusCode === 201) {
        // The item was made from the bytes: the upload counts, whatever the DELETE answered.
        expect((await createIn(app, cookie, 1000)).statusCode).toBe(429);
      } else {
        // The DELETE won (the POST found it busy or gone): one give-back, room for one more.
        expect([404, 409]).toContain(item.statusCode);
        expect((await createIn(app, cookie, 1000)).statusCode).toBe(201);
        expect((await createIn(app, cookie, 1000)).statusCode).toBe(429);
      }
    });
  });

  it('an upload counted in an earlier hour gives nothing back from the new hour', async () => {
    await withThreeAnHour(async (app, cookie) => {
      const old = String((await createIn(app, cookie, 1000)).headers.location);
      app.clock.advance(61 * 60_000);
      expect((await createIn(app, cookie, 1000)).statusCode).toBe(201);
      expect((await createIn(app, cookie, 1000)).statusCode).toBe(201);
      expect((await createIn(app, cookie, 1000)).statusCode).toBe(201);
      expect((await deleteIn(app, cookie, old)).statusCode).toBe(204);
      expect((await createIn(app, cookie, 1000)).statusCode).toBe(429);
    });
  });
});

describe('open uploads', () => {
  it('a sixth unfinished upload is refused with 409 until one is finished or cancelled', async () => {
    const five = await buildTestApp();
    try {
      const { cookie } = await signUp(five.app, { name: 'Kavya Nair' });
      const create = () =>
        five.app.inject({
          method: 'POST',
          url: RESUMABLE_UPLOADS_PATH,
          headers: { ...TUS, cookie, 'upload-length': '1000', 'upload-metadata': metadata({ filetype: 'image/png' }) },
        });
      const made = [];
      for (let count = 0; count < 5; count += 1) made.push(await create());
      expect(made.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const sixth = await create();
      expect(sixth.statusCode).toBe(409);
      expect(errorOf(sixth).message).toBe('You have 5 unfinished uploads; finish or cancel one first.');
      // Another creator is not held back by hers.
      const { cookie: his } = await signUp(five.app, { name: 'Arjun Mehta' });
      expect(
        (
          await five.app.inject({
            method: 'POST',
            url: RESUMABLE_UPLOADS_PATH,
            headers: { ...TUS, cookie: his, 'upload-length': '1000' },
          })
        ).statusCode,
      ).toBe(201);
      const cancelled = await five.app.inject({
        method: 'DELETE',
        url: String(made[0]!.headers.location),
        headers: { ...TUS, cookie },
      });
      expect(cancelled.statusCode).toBe(204);
      expect((await create()).statusCode).toBe(201);
    } finally {
      await five.close();
    }
  });
});

describe('the sweep of abandoned uploads', () => {
  it('keeps a partial upload for a day after its last PATCH, then removes it and its description', async () => {
    const location = await newUpload(creator.cookie, photo);
    expect((await patch(creator.cookie, location, 0, photo.subarray(0, 3000))).statusCode).toBe(204);
    const dir = resumableDir();

    t.clock.advance(RESUMABLE_MAX_AGE_MS - 60_000);
    // A resume the next morning is still possible, and it counts as activity.
    expect(await sweepResumableUploads(dir, RESUMABLE_MAX_AGE_MS, t.clock.now())).toBe(0);
    expect((await patch(creator.cookie, location, 3000, photo.subarray(3000, 4000))).statusCode).toBe(204);
    t.clock.advance(RESUMABLE_MAX_AGE_MS - 60_000);
    await sweepResumableUploads(dir, RESUMABLE_MAX_AGE_MS, t.clock.now());
    expect(filesOf(location).sort()).toEqual([`${idOf(location)}.json`, `${idOf(location)}.part`]);

    t.clock.advance(2 * 60_000);
    expect(await sweepResumableUploads(dir, RESUMABLE_MAX_AGE_MS, t.clock.now())).toBeGreaterThan(0);
    expect(filesOf(location)).toEqual([]);
    expect((await head(creator.cookie, location)).statusCode).toBe(404);
  });

  it('leaves alone an old upload whose lock is fresh: a request is writing it right now', async () => {
    const location = await newUpload(creator.cookie, photo);
    const dir = resumableDir();
    t.clock.advance(RESUMABLE_MAX_AGE_MS + 60_000);
    const lock = path.join(dir, `${idOf(location)}.lock`);
    fs.writeFileSync(lock, '');
    const now = t.clock.now() / 1000;
    fs.utimesSync(lock, now, now);
    expect(await sweepResumableUploads(dir, RESUMABLE_MAX_AGE_MS, t.clock.now())).toBe(0);
    expect(filesOf(location).sort()).toEqual([
      `${idOf(location)}.json`,
      `${idOf(location)}.lock`,
      `${idOf(location)}.part`,
    ]);
    t.clock.advance(60_000);
    expect(await sweepResumableUploads(dir, RESUMABLE_MAX_AGE_MS, t.clock.now())).toBe(1);
    expect(filesOf(location)).toEqual([]);
  });
});
