import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';
import { assertStorageKey, type Storage, StorageNotFoundError } from './storage.js';

let dir: string;
let root: string;
let storage: Storage;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-storage-'));
  root = path.join(dir, 'storage');
  storage = createLocalStorage(root);
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function staged(content: string): string {
  const file = path.join(dir, `staged-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, content);
  return file;
}

describe('local storage', () => {
  it('moves a file in, answers its size, streams it whole or a range, and removes it', async () => {
    const source = staged('0123456789abcdef');
    await storage.putFile('media/creator-1/1_photo-0a1b2c3d.jpg', source, 'image/jpeg');
    expect(fs.existsSync(source)).toBe(false);
    expect(fs.existsSync(path.join(root, 'media/creator-1/1_photo-0a1b2c3d.jpg'))).toBe(true);

    expect(await storage.stat('media/creator-1/1_photo-0a1b2c3d.jpg')).toEqual({ sizeBytes: 16 });
    expect(await text(await storage.read('media/creator-1/1_photo-0a1b2c3d.jpg'))).toBe('0123456789abcdef');
    expect(await text(await storage.read('media/creator-1/1_photo-0a1b2c3d.jpg', { start: 10, end: 12 }))).toBe('abc');

    await storage.remove('media/creator-1/1_photo-0a1b2c3d.jpg');
    expect(await storage.stat('media/creator-1/1_photo-0a1b2c3d.jpg')).toBeNull();
    // Removing again is not an error.
    await storage.remove('media/creator-1/1_photo-0a1b2c3d.jpg');
  });

  it('a missing object: stat is null, read rejects with StorageNotFoundError', async () => {
    expect(await storage.stat('previews/creator-1/none.webp')).toBeNull();
    await expect(storage.read('previews/creator-1/none.webp')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('a folder is not an object', async () => {
    await storage.putFile('media/creator-1/a.jpg', staged('x'), 'image/jpeg');
    expect(await storage.stat('media/creator-1')).toBeNull();
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
  ])('refuses the unsafe key %j everywhere, touching nothing outside', async (key) => {
    expect(() => {
      assertStorageKey(key);
    }).toThrow(/unsafe storage key/);
    const source = staged('secret');
    await expect(storage.putFile(key, source, 'image/jpeg')).rejects.toThrow();
    await expect(storage.stat(key)).rejects.toThrow();
    await expect(storage.read(key)).rejects.toThrow();
    await expect(storage.remove(key)).rejects.toThrow();
    expect(fs.existsSync(source)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'outside.jpg'))).toBe(false);
  });

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

describe('local storage listing', () => {
  it('lists every object under a prefix with its size, and nothing else', async () => {
    await storage.putFile('media/creator-1/a.jpg', staged('aaa'), 'image/jpeg');
    await storage.putFile('media/creator-2/b.mp4', staged('bb'), 'video/mp4');
    await storage.putFile('previews/creator-1/c.webp', staged('c'), 'image/webp');
    const listed = [];
    for await (const object of storage.list('media/')) listed.push(object);
    expect(listed.map(({ key, sizeBytes }) => ({ key, sizeBytes })).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [
        { key: 'media/creator-1/a.jpg', sizeBytes: 3 },
        { key: 'media/creator-2/b.mp4', sizeBytes: 2 },
      ],
    );
    for (const object of listed) expect(object.modifiedAt).toBeGreaterThan(0);
    const none = [];
    for await (const object of storage.list('avatars/')) none.push(object);
    expect(none).toEqual([]);
  });

  it('has no signed URLs: local files are served through the app', async () => {
    await storage.putFile('media/creator-1/a.jpg', staged('aaa'), 'image/jpeg');
    expect(
      await storage.signedUrl('media/creator-1/a.jpg', {
        expiresInSeconds: 60,
        contentType: 'image/jpeg',
        contentDisposition: 'inline',
      }),
    ).toBeNull();
  });
});
