// What only local disk does; the behaviour every storage shares is in storage.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

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
  it('keeps an object as the file of the same path under its folder', async () => {
    await storage.putFile('media/creator-1/1_photo-0a1b2c3d.jpg', staged('0123456789abcdef'), 'image/jpeg');
    expect(fs.readFileSync(path.join(root, 'media/creator-1/1_photo-0a1b2c3d.jpg'), 'utf8')).toBe('0123456789abcdef');
    await storage.remove('media/creator-1/1_photo-0a1b2c3d.jpg');
    expect(fs.existsSync(path.join(root, 'media/creator-1/1_photo-0a1b2c3d.jpg'))).toBe(false);
  });

  it('does not list a copy still being made (.partial)', async () => {
    await storage.putFile('media/creator-1/a.jpg', staged('aaa'), 'image/jpeg');
    fs.writeFileSync(path.join(root, 'media/creator-1/b.jpg.partial'), 'half');
    const keys = [];
    for await (const object of storage.list('media/')) keys.push(object.key);
    expect(keys).toEqual(['media/creator-1/a.jpg']);
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
