// The behaviour every Storage must have, run against local disk and against S3 (a local
// S3-compatible server, test/local-s3.ts). Each backend's own details are in its own test file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_S3_CREDENTIALS, LOCAL_S3_REGION, type LocalS3, startLocalS3 } from '../../../test/local-s3.js';
import { createTestBucket } from '../../../test/s3-test-bucket.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import { assertStorageKey, type Storage, StorageNotFoundError, type StoredObject } from './storage.js';

let s3: LocalS3;
let s3Dir: string;
beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-s3-'));
  s3 = await startLocalS3({ directory: s3Dir });
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

interface Backend {
  name: string;
  open(dir: string): Promise<{ storage: Storage; close: () => Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local disk',
    open: (dir) => Promise.resolve({ storage: createLocalStorage(path.join(dir, 'storage')), close: async () => {} }),
  },
  {
    name: 'S3',
    async open() {
      const bucket = await createTestBucket({
        endpoint: s3.endpoint,
        bucket: 'unused',
        region: LOCAL_S3_REGION,
        ...LOCAL_S3_CREDENTIALS,
        forcePathStyle: true,
      });
      // A small page, so listing more than two objects takes several pages.
      const storage = createS3Storage(bucket.settings, { listPageSize: 2 });
      return {
        storage,
        close: async () => {
          storage.destroy();
          await bucket.drop();
        },
      };
    },
  },
];

describe.each(backends)('storage contract: $name', (backend) => {
  let dir: string;
  let storage: Storage;
  let close: () => Promise<void>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-storage-'));
    ({ storage, close } = await backend.open(dir));
  });
  afterEach(async () => {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function staged(content: string | Buffer): string {
    const file = path.join(dir, `staged-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(file, content);
    return file;
  }

  async function listed(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    for await (const object of storage.list(prefix)) objects.push(object);
    return objects.sort((a, b) => a.key.localeCompare(b.key));
  }

  it('takes a staged file in (the staged file is gone), answers its size, streams it whole or a range, and removes it', async () => {
    const source = staged('0123456789abcdef');
    await storage.putFile('media/creator-1/1_photo-0a1b2c3d.jpg', source, 'image/jpeg');
    expect(fs.existsSync(source)).toBe(false);

    expect(await storage.stat('media/creator-1/1_photo-0a1b2c3d.jpg')).toEqual({ sizeBytes: 16 });
    expect(await text(await storage.read('media/creator-1/1_photo-0a1b2c3d.jpg'))).toBe('0123456789abcdef');
    expect(await text(await storage.read('media/creator-1/1_photo-0a1b2c3d.jpg', { start: 10, end: 12 }))).toBe('abc');
    expect(await text(await storage.read('media/creator-1/1_photo-0a1b2c3d.jpg', { start: 15, end: 15 }))).toBe('f');

    await storage.remove('media/creator-1/1_photo-0a1b2c3d.jpg');
    expect(await storage.stat('media/creator-1/1_photo-0a1b2c3d.jpg')).toBeNull();
    await expect(storage.read('media/creator-1/1_photo-0a1b2c3d.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
    // Removing again is not an error.
    await storage.remove('media/creator-1/1_photo-0a1b2c3d.jpg');
  });

  it('a second file under the same key replaces the first', async () => {
    await storage.putFile('avatars/creator-1_1.webp', staged('first version'), 'image/webp');
    await storage.putFile('avatars/creator-1_1.webp', staged('second'), 'image/webp');
    expect(await storage.stat('avatars/creator-1_1.webp')).toEqual({ sizeBytes: 6 });
    expect(await text(await storage.read('avatars/creator-1_1.webp'))).toBe('second');
  });

  it('a missing object: stat is null, read rejects with StorageNotFoundError', async () => {
    expect(await storage.stat('previews/creator-1/none.webp')).toBeNull();
    await expect(storage.read('previews/creator-1/none.webp')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.read('previews/creator-1/none.webp', { start: 0, end: 3 })).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
  });

  it('a folder is not an object', async () => {
    await storage.putFile('media/creator-1/a.jpg', staged('x'), 'image/jpeg');
    expect(await storage.stat('media/creator-1')).toBeNull();
  });

  it('a staged file that is not there fails the put and stores nothing', async () => {
    await expect(
      storage.putFile('media/creator-1/gone.jpg', path.join(dir, 'never-staged'), 'image/jpeg'),
    ).rejects.toThrow();
    expect(await storage.stat('media/creator-1/gone.jpg')).toBeNull();
    expect(await listed('media/')).toEqual([]);
  });

  it('lists every object under a prefix, across pages, with its size, and nothing else', async () => {
    await storage.putFile('media/creator-1/a.jpg', staged('aaa'), 'image/jpeg');
    await storage.putFile('media/creator-1/b.jpg', staged('b'), 'image/jpeg');
    await storage.putFile('media/creator-2/c.mp4', staged('cc'), 'video/mp4');
    await storage.putFile('media/creator-2/d.mp4', staged('dddd'), 'video/mp4');
    await storage.putFile('media/creator-3/e.jpg', staged('eeeee'), 'image/jpeg');
    await storage.putFile('previews/creator-1/f.webp', staged('f'), 'image/webp');
    const objects = await listed('media/');
    expect(objects.map(({ key, sizeBytes }) => ({ key, sizeBytes }))).toEqual([
      { key: 'media/creator-1/a.jpg', sizeBytes: 3 },
      { key: 'media/creator-1/b.jpg', sizeBytes: 1 },
      { key: 'media/creator-2/c.mp4', sizeBytes: 2 },
      { key: 'media/creator-2/d.mp4', sizeBytes: 4 },
      { key: 'media/creator-3/e.jpg', sizeBytes: 5 },
    ]);
    for (const object of objects) expect(object.modifiedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await listed('previews/')).map((object) => object.key)).toEqual(['previews/creator-1/f.webp']);
    expect(await listed('avatars/')).toEqual([]);
    // An empty prefix is everything (test helpers and audits walk the whole store).
    expect((await listed('')).map((object) => object.key)).toEqual([
      ...objects.map((object) => object.key),
      'previews/creator-1/f.webp',
    ]);
  });

  it.each([
    '../outside.jpg',
    'media/../../outside.jpg',
    'media/creator-1/../../../etc/passwd',
    '/etc/passwd',
    'media\\creator-1\\x.jpg',
    'media/creator-1/.hidden',
    'media/./x.jpg',
    'media//x.jpg',
    'Media/x.jpg',
    'media',
    'media/creator 1/x.jpg',
    'media/x.jpg\u0000.png',
    '',
  ])('refuses the unsafe key %j everywhere, storing nothing', async (key) => {
    expect(() => {
      assertStorageKey(key);
    }).toThrow(/unsafe storage key/);
    const source = staged('secret');
    await expect(storage.putFile(key, source, 'image/jpeg')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.stat(key)).rejects.toThrow(/unsafe storage key/);
    await expect(storage.read(key)).rejects.toThrow(/unsafe storage key/);
    await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/);
    await expect(
      storage.signedUrl(key, { expiresInSeconds: 60, contentType: 'image/jpeg', contentDisposition: 'inline' }),
    ).rejects.toThrow(/unsafe storage key/);
    expect(fs.existsSync(source)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'outside.jpg'))).toBe(false);
    for (const prefix of ['media/', 'previews/', 'avatars/']) expect(await listed(prefix)).toEqual([]);
  });
});

describe('storage keys', () => {
  it('accepts the keys the server makes', () => {
    for (const key of [
      'media/Ken4HUUK1xKC5N2Bbzbriqavn09q3xkG/1795240800000_holi-0a1b2c3d.jpg',
      'previews/Ken4HUUK1xKC5N2Bbzbriqavn09q3xkG/5d0c6f1e-8b9a-4c1e-9f3a-2b7d6e5c4a10.webp',
      'displays/creator-1/x.webp',
      'avatars/creator-1_1795240800000.webp',
    ]) {
      expect(() => {
        assertStorageKey(key);
      }).not.toThrow();
    }
  });
});
