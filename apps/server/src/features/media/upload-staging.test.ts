import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { discardStaged, stageUpload, type StagingOptions, sweepStaging } from './upload-staging.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-staging-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(overrides: Partial<StagingOptions> = {}): StagingOptions {
  return {
    dir,
    maxBytes: 64 * 1024,
    tooLargeMessage: 'too large',
    missingFileMessage: 'choose a file',
    accept: ['image', 'video'],
    ...overrides,
  };
}

/** What the staging folder holds once anything still in flight has settled. */
async function settledFiles(): Promise<string[]> {
  await sleep(50);
  return fs.readdirSync(dir);
}

describe('stageUpload', () => {
  it('writes the whole file and reports its type and size', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#14112e' } })
      .png()
      .toBuffer();
    const staged = await stageUpload(Readable.from([png.subarray(0, 10), png.subarray(10)]), options());
    expect(staged.type).toEqual({ kind: 'image', mime: 'image/png', extension: 'png' });
    expect(staged.sizeBytes).toBe(png.length);
    expect(fs.readFileSync(staged.path).equals(png)).toBe(true);
    await discardStaged(staged.path);
    expect(await settledFiles()).toEqual([]);
  });

  // The refusal comes on the first chunk, before the write stream has even opened its file.
  it('leaves no file behind when the first chunk is refused by type', async () => {
    const text = Buffer.from('just some notes\n'.repeat(400));
    for (let i = 0; i < 20; i += 1) {
      await expect(stageUpload(Readable.from([text]), options())).rejects.toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await settledFiles()).toEqual([]);
  });

  it('leaves no file behind when the first chunk is already too large', async () => {
    for (let i = 0; i < 20; i += 1) {
      await expect(stageUpload(Readable.from([Buffer.alloc(70 * 1024)]), options())).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'too large',
      });
    }
    expect(await settledFiles()).toEqual([]);
  });

  it('leaves no file behind when the limit is crossed part way', async () => {
    const mp4 = Buffer.alloc(8192);
    mp4.writeUInt32BE(24, 0);
    mp4.write('ftypisom', 4, 'latin1');
    const chunks = [mp4, ...Array.from({ length: 10 }, () => Buffer.alloc(8192))];
    await expect(stageUpload(Readable.from(chunks), options())).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await settledFiles()).toEqual([]);
  });

  it('an empty file is the missing-file message, and leaves nothing', async () => {
    await expect(stageUpload(Readable.from([]), options())).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'choose a file',
      fields: { file: 'choose a file' },
    });
    expect(await settledFiles()).toEqual([]);
  });

  it('a short file (under the sniffing size) is typed at its end', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const staged = await stageUpload(Readable.from([gif]), options());
    expect(staged.type.mime).toBe('image/gif');
    await discardStaged(staged.path);
  });

  it('refuses a video where only images are accepted', async () => {
    const mp4 = Buffer.alloc(8192);
    mp4.writeUInt32BE(24, 0);
    mp4.write('ftypisom', 4, 'latin1');
    await expect(stageUpload(Readable.from([mp4]), options({ accept: ['image'] }))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only image files allowed',
    });
    expect(await settledFiles()).toEqual([]);
  });
});

describe('sweepStaging', () => {
  it('removes only files older than the limit, and answers how many', async () => {
    const now = Date.now();
    const old = path.join(dir, 'old.upload');
    const fresh = path.join(dir, 'fresh.upload');
    fs.writeFileSync(old, 'left by a crash');
    fs.writeFileSync(fresh, 'being written right now');
    const twoHoursAgo = new Date(now - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    fs.mkdirSync(path.join(dir, 'a-folder'));

    expect(await sweepStaging(dir, 60 * 60 * 1000, now)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['a-folder', 'fresh.upload']);
  });

  it('a staging folder that does not exist yet is nothing to sweep', async () => {
    expect(await sweepStaging(path.join(dir, 'missing'), 1000, Date.now())).toBe(0);
  });
});
