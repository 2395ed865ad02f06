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
    await expect(detectMediaType(box('heic'), BOTH)).rejects.toMatchObject({
      message: expect.stringMatching(/^HEIC photos are not supported yet/),
    });
    await expect(detectMediaType(box('qt  '), BOTH)).rejects.toMatchObject({
      message: 'MOV videos are not supported. Please upload an MP4, WebM or Ogg video.',
    });
    await expect(detectMediaType(await image('tiff'), BOTH)).rejects.toMatchObject({
      message: 'This image format is not supported. Please upload a JPEG, PNG, WebP or GIF.',
    });
  });

  it('where only images are accepted (avatars), anything else is "Only image files allowed"', async () => {
    expect((await detectMediaType(await image('png'), ['image'])).kind).toBe('image');
    for (const bytes of [box('isom'), WEBM, Buffer.from('<html></html>'), box('heic')]) {
      await expect(detectMediaType(bytes, ['image'])).rejects.toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: CONTENT_MESSAGES.onlyImages,
      });
    }
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
    ['text/html', 'bin'],
  ])('%s → %s', (mime, extension) => {
    expect(extensionFor(mime)).toBe(extension);
  });
});
