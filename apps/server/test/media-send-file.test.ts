import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendStoredFile } from '../src/features/media/send-stored-file.js';
import type { Storage } from '../src/providers/storage/storage.js';

/** A storage of one 1000-byte object that counts how often it is opened. */
const BYTES = Buffer.alloc(1000, 7);
const opened: string[] = [];
const storage: Storage = {
  putFile: () => Promise.reject(new Error('not used')),
  stat: (key) => Promise.resolve(key === 'media/c/one.mp4' ? { sizeBytes: BYTES.length } : null),
  read: (key, range) => {
    opened.push(`${key} ${range === undefined ? 'all' : `${range.start}-${range.end}`}`);
    return Promise.resolve(Readable.from([range === undefined ? BYTES : BYTES.subarray(range.start, range.end + 1)]));
  },
  remove: () => Promise.resolve(),
  list: () => (async function* () {})(),
  signedUrl: () => Promise.resolve(null),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.get('/file', (request, reply) =>
    sendStoredFile(request, reply, storage, {
      key: 'media/c/one.mp4',
      contentType: 'video/mp4',
      cacheControl: 'private, max-age=300',
      notFoundMessage: 'Not here.',
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('sending a stored file', () => {
  it('answers HEAD from the stat alone, opening nothing, with the length a GET would send', async () => {
    opened.length = 0;
    const head = await app.inject({ method: 'HEAD', url: '/file' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(0);
    const ranged = await app.inject({ method: 'HEAD', url: '/file', headers: { range: 'bytes=10-19' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
    expect(ranged.headers['content-range']).toBe('bytes 10-19/1000');
    expect(opened).toEqual([]);
  });

  it('streams the whole file or one range on GET, opening it once', async () => {
    opened.length = 0;
    const whole = await app.inject({ method: 'GET', url: '/file' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(BYTES)).toBe(true);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-disposition']).toBe('inline');
    const part = await app.inject({ method: 'GET', url: '/file', headers: { range: 'bytes=-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(5);
    expect(opened).toEqual(['media/c/one.mp4 all', 'media/c/one.mp4 995-999']);
  });
});
