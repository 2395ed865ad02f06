import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMp4Layout } from './mp4-structure.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-mp4-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function box(type: string, body: Buffer | number = 0): Buffer {
  const content = typeof body === 'number' ? Buffer.alloc(body) : body;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

const ftyp = box('ftyp', Buffer.from('isom\u0000\u0000\u0002\u0000isomiso2avc1mp41', 'latin1'));

let counter = 0;
async function check(bytes: Buffer): Promise<boolean> {
  counter += 1;
  const file = path.join(dir, `case-${counter}.mp4`);
  fs.writeFileSync(file, bytes);
  return isMp4Layout(file, bytes.length);
}

describe('isMp4Layout', () => {
  it('accepts boxes that chain to the end: moov first (faststart) or after the media data', async () => {
    expect(await check(Buffer.concat([ftyp, box('moov', 100), box('mdat', 5000)]))).toBe(true);
    expect(await check(Buffer.concat([ftyp, box('free', 8), box('mdat', 5000), box('moov', 100)]))).toBe(true);
  });

  it('accepts a fragmented file (many moof/mdat pairs) and a last box that runs to the end (size 0)', async () => {
    const fragments = Array.from({ length: 200 }, () => [box('moof', 40), box('mdat', 60)]).flat();
    expect(await check(Buffer.concat([ftyp, box('moov', 100), ...fragments, box('mfra', 16)]))).toBe(true);
    const toTheEnd = box('mdat', 300);
    toTheEnd.writeUInt32BE(0, 0);
    expect(await check(Buffer.concat([ftyp, box('moov', 50), toTheEnd]))).toBe(true);
  });

  it('reads 64-bit box sizes', async () => {
    const large = Buffer.alloc(16 + 400);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(large.length), 8);
    expect(await check(Buffer.concat([ftyp, box('moov', 40), large]))).toBe(true);
  });

  it('tolerates bytes after the moov that form no box, as players do', async () => {
    expect(await check(Buffer.concat([ftyp, box('mdat', 500), box('moov', 40), Buffer.alloc(5)]))).toBe(true);
  });

  it('refuses a text file that fakes the sniff: a DASH manifest after an ftyp comment', async () => {
    const manifest = Buffer.from(
      '<!--ftypjp2 -->\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><Period><AdaptationSet><Representation>' +
        '<BaseURL>file:///etc/kholo/secret.mp4</BaseURL></Representation></AdaptationSet></Period></MPD>\n',
    );
    expect(await check(manifest)).toBe(false);
  });

  it('refuses a file with no moov: nothing a player could start', async () => {
    expect(await check(Buffer.concat([ftyp, box('mdat', 5000)]))).toBe(false);
    expect(await check(Buffer.concat([ftyp, box('free', 8192)]))).toBe(false);
  });

  it('refuses boxes that run past the end, are shorter than their header, or have unprintable types', async () => {
    const pastTheEnd = box('mdat', 100);
    pastTheEnd.writeUInt32BE(10_000, 0);
    expect(await check(Buffer.concat([ftyp, box('moov', 40), pastTheEnd]))).toBe(true); // after moov: tolerated tail
    expect(await check(Buffer.concat([ftyp, pastTheEnd, box('moov', 40)]))).toBe(false);
    const tooShort = box('free', 0);
    tooShort.writeUInt32BE(4, 0);
    expect(await check(Buffer.concat([ftyp, tooShort, box('moov', 40)]))).toBe(false);
    expect(await check(Buffer.concat([ftyp, box('\u0000\u0001\u0002\u0003', 16), box('moov', 40)]))).toBe(false);
  });

  it('refuses a file whose first box is not a real ftyp', async () => {
    expect(await check(Buffer.concat([box('moov', 40), ftyp]))).toBe(false);
    expect(await check(Buffer.concat([box('ftyp', 0), box('moov', 40)]))).toBe(false);
    const wholeFile = Buffer.concat([ftyp, box('moov', 40)]);
    wholeFile.writeUInt32BE(0, 0); // "ftyp runs to the end" leaves no room for a moov
    expect(await check(wholeFile)).toBe(false);
  });
});
