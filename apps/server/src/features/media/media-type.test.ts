import { CONTENT_MESSAGES } from '@kholo/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectMediaType, extensionFor } from './media-type.js';

const BOTH = ['image', 'video'] as const;

function box(brand: string, size = 8192): Buffer {
  const buffer = Buffer.alloc(size);
  buffer.writeUInt32BE(24, 0);
  buffer.write(`ftyp${brand}`, 4, 'latin1');
  buffer.writeUInt32BE(0x200, 12);
  buffer.write(`${brand}iso2`, 16, 'latin1');
  return buffer;
}

async function image(format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif'): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#14112e' } })
    .toFormat(format)
    .toBuffer();
}

/** A WebM (EBML header with the "webm" doc type), as far as magic bytes go. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  Buffer.alloc(200),
]);

function ogg(codecHeader: string): Buffer {
  return Buffer.concat([
    Buffer.from('OggS', 'latin1'),
    Buffer.alloc(24),
    Buffer.from(codecHeader, 'latin1'),
    Buffer.alloc(200),
  ]);
}

describe('detectMediaType', () => {
  it.each(['jpeg', 'png', 'webp', 'gif'] as const)('a %s image is an image', async (format) => {
    const mime = `image/${format}`;
    expect(await detectMediaType(await image(format), BOTH)).toEqual({
      kind: 'image',
      mime,
      extension: extensionFor(mime),
    });
  });

  it('an MP4 and a WebM are videos', async () => {
    expect(await detectMediaType(box('isom'), BOTH)).toEqual({ kind: 'video', mime: 'video/mp4', extension: 'mp4' });
    expect(await detectMediaType(WEBM, BOTH)).toEqual({ kind: 'video', mime: 'video/webm', extension: 'webm' });
    expect(await detectMediaType(ogg('\x80theora'), BOTH)).toEqual({
      kind: 'video',
      mime: 'video/ogg',
      extension: 'ogv',
    });
  });

  it('audio, even in a video container, is not a video', async () => {
    await expect(detectMediaType(ogg('OpusHead'), BOTH)).rejects.toMatchObject({
      message: CONTENT_MESSAGES.onlyImageOrVideo,
    });
  });

  it.each<[string, Buffer]>([
    ['HTML', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['plain text', Buffer.from('hello there')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Array.from({ length: 40 }, () => 0)])],
    ['nothing', Buffer.alloc(0)],
    ['zeros', Buffer.alloc(5000)],
  ])('%s is refused with the spec message', async (_name, bytes) => {
    await expect(detectMediaType(bytes, BOTH)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: CONTENT_MESSAGES.onlyImageOrVideo,
    });
  });

  it('formats we cannot show get a message that says what to do', async () => {
    await expect(detectMediaType(await image('tiff'), BOTH)).rejects.toMatchObject({
      message: 'This image format is not supported. Please upload a JPEG, PNG, WebP, GIF or HEIC.',
    });
    await expect(detectMediaType(await image('avif'), BOTH)).rejects.toMatchObject({
      message: 'This image format is not supported. Please upload a JPEG, PNG, WebP, GIF or HEIC.',
    });
  });

  it('where only images are accepted (avatars), anything else is "Only image files allowed"', async () => {
    expect((await detectMediaType(await image('png'), ['image'])).kind).toBe('image');
    expect((await detectMediaType(heif('heic', ['mif1', 'heic']), ['image'])).mime).toBe('image/heic');
    for (const bytes of [box('isom'), box('qt  '), WEBM, Buffer.from('<html></html>')]) {
      await expect(detectMediaType(bytes, ['image'])).rejects.toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: CONTENT_MESSAGES.onlyImages,
      });
    }
  });
});

/** A HEIF file's start: the ftyp box with its major and compatible brands, then a `meta` box. */
function heif(major: string, compatible: string[]): Buffer {
  const ftyp = Buffer.alloc(16 + 4 * compatible.length);
  ftyp.writeUInt32BE(ftyp.length, 0);
  ftyp.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, index) => ftyp.write(brand, 16 + 4 * index, 'latin1'));
  const meta = Buffer.alloc(64);
  meta.writeUInt32BE(64, 0);
  meta.write('meta', 4, 'latin1');
  return Buffer.concat([ftyp, meta]);
}

describe('phone formats (HEIC photos, MOV videos)', () => {
  it.each<[string, string[], string]>([
    ['heic', ['mif1', 'heic'], 'image/heic'],
    ['heix', ['mif1', 'heix'], 'image/heic'],
    ['heim', ['mif1', 'heim'], 'image/heic'],
    ['heis', ['mif1', 'heis'], 'image/heic'],
    ['mif1', ['mif1', 'heic', 'miaf'], 'image/heic'],
    // A still HEIF image coded with something other than HEVC (JPEG, say).
    ['mif1', ['mif1', 'miaf'], 'image/heif'],
    // A sequence brand that also holds a still image (a photo with its burst).
    ['hevc', ['msf1', 'mif1', 'heic'], 'image/heic'],
    ['msf1', ['msf1', 'mif1'], 'image/heif'],
  ])('a HEIF still image, major brand %s, %j, is %s', async (major, compatible, mime) => {
    expect(await detectMediaType(heif(major, compatible), BOTH)).toEqual({
      kind: 'image',
      mime,
      extension: mime === 'image/heic' ? 'heic' : 'heif',
    });
  });

  it.each(['hevc', 'hevx', 'hevm', 'hevs', 'msf1'])(
    'an image sequence alone (%s) is refused, saying why',
    async (major) => {
      await expect(detectMediaType(heif(major, [major]), BOTH)).rejects.toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This HEIF file holds a burst or an animation, not one photo. Please upload a single photo.',
      });
    },
  );

  it('AVIF is left to the existing rules, even under the generic mif1 brand', async () => {
    await expect(detectMediaType(heif('avif', ['mif1', 'avif']), BOTH)).rejects.toMatchObject({
      message: expect.stringMatching(/^This image format is not supported/),
    });
    await expect(detectMediaType(heif('mif1', ['mif1', 'avif', 'miaf']), BOTH)).rejects.toMatchObject({
      message: expect.stringMatching(/^This image format is not supported/),
    });
  });

  it('a QuickTime movie is a video, by its ftyp brand or by a moov atom first', async () => {
    const mov = { kind: 'video', mime: 'video/quicktime', extension: 'mov' };
    expect(await detectMediaType(box('qt  '), BOTH)).toEqual(mov);
    const moovFirst = Buffer.alloc(64);
    moovFirst.writeUInt32BE(64, 0);
    moovFirst.write('moov', 4, 'latin1');
    expect(await detectMediaType(moovFirst, BOTH)).toEqual(mov);
    // An MP4 stays an MP4.
    expect((await detectMediaType(box('isom'), BOTH)).mime).toBe('video/mp4');
  });

  it('a text file faking the brands is neither', async () => {
    await expect(detectMediaType(Buffer.from('<!--ftypheic --><html></html>'), BOTH)).rejects.toMatchObject({
      message: CONTENT_MESSAGES.onlyImageOrVideo,
    });
  });
});

describe('extensionFor', () => {
  it.each([
    ['image/jpeg', 'jpg'],
    ['image/png', 'png'],
    ['image/webp', 'webp'],
    ['image/gif', 'gif'],
    ['video/mp4', 'mp4'],
    ['video/webm', 'webm'],
    ['video/ogg', 'ogv'],
    ['video/quicktime', 'mov'],
    ['image/heic', 'heic'],
    ['text/html', 'bin'],
  ])('%s → %s', (mime, extension) => {
    expect(extensionFor(mime)).toBe(extension);
  });
});
