// What only S3 does: presigned URLs, multipart uploads, paging. The behaviour every storage
// shares is in storage.test.ts. The server is a local s3rver behind a Signature V4 check
// (test/local-s3.ts), so a tampered or expired URL is refused as S3 would refuse it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { S3Settings } from '../../config.js';
import { LOCAL_S3_CREDENTIALS, LOCAL_S3_REGION, type LocalS3, startLocalS3 } from '../../../test/local-s3.js';
import { createTestBucket } from '../../../test/s3-test-bucket.js';
import { s3PublicOrigin } from './s3-origin.js';
import { createS3Storage, MAX_SIGNED_URL_SECONDS, type S3Storage } from './s3-storage.js';

const FIVE_MIB = 5 * 1024 * 1024;

let s3: LocalS3;
let s3Dir: string;
let dir: string;
let settings: S3Settings;
let dropBucket: () => Promise<void>;
let storage: S3Storage;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-s3-'));
  s3 = await startLocalS3({ directory: s3Dir });
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-storage-'));
  const bucket = await createTestBucket({
    endpoint: s3.endpoint,
    bucket: 'unused',
    region: LOCAL_S3_REGION,
    ...LOCAL_S3_CREDENTIALS,
    forcePathStyle: true,
  });
  settings = bucket.settings;
  dropBucket = bucket.drop;
  storage = createS3Storage(settings);
});
afterEach(async () => {
  vi.useRealTimers();
  storage.destroy();
  await dropBucket();
  fs.rmSync(dir, { recursive: true, force: true });
});

function staged(content: string | Buffer): string {
  const file = path.join(dir, `staged-${randomBytes(4).toString('hex')}`);
  fs.writeFileSync(file, content);
  return file;
}

/** Requests the S3 server accepted from here on, as "METHOD path?query". */
function requestsSince(mark: number): string[] {
  return s3.requests.slice(mark).map((request) => `${request.method} ${request.url}`);
}

const KEY = 'media/creator-1/1_holi-0a1b2c3d.jpg';
const DOWNLOAD = { contentType: 'image/jpeg', contentDisposition: 'attachment; filename="Holi in Jaipur.jpg"' };

describe('S3 presigned URLs', () => {
  it('a plain fetch gets the object, with the type and disposition asked for, from a URL valid for at most 300 s', async () => {
    await storage.putFile(KEY, staged('the original bytes'), 'application/octet-stream');
    const url = await storage.signedUrl(KEY, { expiresInSeconds: 300, ...DOWNLOAD });
    expect(url).not.toBeNull();
    const signed = new URL(url!);
    expect(signed.origin).toBe(s3.endpoint);
    expect(signed.pathname).toBe(`/${settings.bucket}/${KEY}`);
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);

    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Holi in Jaipur.jpg"');
    expect(await response.text()).toBe('the original bytes');
  });

  it('inline with a UTF-8 file name comes back exactly as asked', async () => {
    await storage.putFile(KEY, staged('x'), 'image/jpeg');
    const disposition = `attachment; filename="____.jpg"; filename*=UTF-8''${encodeURIComponent('होली.jpg')}`;
    for (const contentDisposition of ['inline', disposition]) {
      const url = await storage.signedUrl(KEY, { expiresInSeconds: 60, contentType: 'video/mp4', contentDisposition });
      const response = await fetch(url!);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect(response.headers.get('content-disposition')).toBe(contentDisposition);
    }
  });

  it('refuses to sign for longer than 300 s, or for no time at all', async () => {
    expect(MAX_SIGNED_URL_SECONDS).toBe(300);
    for (const expiresInSeconds of [301, 3600, 0, -5, 1.5]) {
      await expect(storage.signedUrl(KEY, { expiresInSeconds, ...DOWNLOAD })).rejects.toThrow(
        /must expire within 1 to 300 seconds/,
      );
    }
  });

  it('works until its expiry and is refused after it', async () => {
    await storage.putFile(KEY, staged('bytes'), 'image/jpeg');
    const now = Date.now();
    // Signed 290 s ago: 10 s left. Signed 301 s ago: expired a second ago.
    vi.useFakeTimers({ toFake: ['Date'], now: now - 290_000 });
    const stillValid = await storage.signedUrl(KEY, { expiresInSeconds: 300, ...DOWNLOAD });
    vi.setSystemTime(now - 301_000);
    const expired = await storage.signedUrl(KEY, { expiresInSeconds: 300, ...DOWNLOAD });
    vi.useRealTimers();

    expect((await fetch(stillValid!)).status).toBe(200);
    const refused = await fetch(expired!);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');
  });

  it('a changed signature, expiry or file name is refused by the server, and so is an unsigned request', async () => {
    await storage.putFile(KEY, staged('secret bytes'), 'image/jpeg');
    const url = new URL((await storage.signedUrl(KEY, { expiresInSeconds: 60, ...DOWNLOAD }))!);
    const signature = url.searchParams.get('X-Amz-Signature')!;

    const tampered = new URL(url);
    tampered.searchParams.set('X-Amz-Signature', `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`);
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '3600');
    const renamed = new URL(url);
    renamed.searchParams.set('response-content-disposition', 'inline');
    const unsigned = new URL(`${url.origin}${url.pathname}`);

    for (const attempt of [tampered, longer, renamed]) {
      const response = await fetch(attempt);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('SignatureDoesNotMatch');
    }
    const anonymous = await fetch(unsigned);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).not.toContain('secret bytes');
  });
});

describe('S3 uploads', () => {
  it('a file over one part goes up in parts, streamed from disk, and comes back byte-identical', async () => {
    const big = randomBytes(FIVE_MIB + 1024 * 1024 + 123);
    const source = staged(big);
    const mark = s3.requests.length;
    await storage.putFile('media/creator-1/big.mp4', source, 'video/mp4');
    expect(fs.existsSync(source)).toBe(false);

    const sent = requestsSince(mark);
    expect(sent.filter((line) => /^POST \/[^?]+\?uploads/.test(line))).toHaveLength(1);
    expect(sent.filter((line) => /^PUT \/[^?]+\?.*partNumber=\d/.test(line))).toHaveLength(2);
    expect(sent.filter((line) => /^POST \/[^?]+\?uploadId=/.test(line))).toHaveLength(1);

    expect(await storage.stat('media/creator-1/big.mp4')).toEqual({ sizeBytes: big.length });
    const response = await fetch(
      (await storage.signedUrl('media/creator-1/big.mp4', {
        expiresInSeconds: 60,
        contentType: 'video/mp4',
        contentDisposition: 'inline',
      }))!,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(big)).toBe(true);
    const tail = Buffer.concat(
      await (await storage.read('media/creator-1/big.mp4', { start: big.length - 10, end: big.length - 1 })).toArray(),
    );
    expect(tail.equals(big.subarray(big.length - 10))).toBe(true);
  });

  it('a small file goes up in one PUT with its content type', async () => {
    const mark = s3.requests.length;
    await storage.putFile(KEY, staged('small'), 'image/jpeg');
    const sent = requestsSince(mark);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^PUT /${settings.bucket}/${KEY}`));
    const url = await storage.signedUrl(KEY, { expiresInSeconds: 60, ...DOWNLOAD });
    // The presigned answer overrides the type; the object's own type shows on a plain read.
    expect((await fetch(url!)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('a failed upload keeps the staged file and leaves no object', async () => {
    const broken = createS3Storage({ ...settings, bucket: 'kholo-no-such-bucket' });
    const source = staged('keep me');
    await expect(broken.putFile(KEY, source, 'image/jpeg')).rejects.toThrow();
    broken.destroy();
    expect(fs.readFileSync(source, 'utf8')).toBe('keep me');
    expect(await storage.stat(KEY)).toBeNull();
  });

  it('wrong credentials are refused, not mistaken for a missing object', async () => {
    const stranger = createS3Storage({ ...settings, secretAccessKey: 'not-the-secret' });
    await storage.putFile(KEY, staged('x'), 'image/jpeg');
    await expect(stranger.stat(KEY)).rejects.toThrow();
    await expect(stranger.read(KEY)).rejects.toThrow(/signature/i);
    stranger.destroy();
  });
});

describe('S3 listing', () => {
  it('walks every page (StartAfter paging) and yields each key once', async () => {
    const paged = createS3Storage(settings, { listPageSize: 2 });
    for (let index = 0; index < 7; index += 1) {
      await storage.putFile(`previews/creator-1/${index}.webp`, staged('p'.repeat(index + 1)), 'image/webp');
    }
    const mark = s3.requests.length;
    const keys: string[] = [];
    for await (const object of paged.list('previews/')) keys.push(object.key);
    paged.destroy();
    expect(keys).toEqual([0, 1, 2, 3, 4, 5, 6].map((index) => `previews/creator-1/${index}.webp`));
    expect(requestsSince(mark).filter((line) => line.startsWith('GET ') && line.includes('list-type=2'))).toHaveLength(
      4,
    );
  });
});

describe('S3 bucket that stops answering', () => {
  /**
   * A server that accepts connections and then sends nothing more than `prefix` (nothing at
   * all, or an answer's head and the start of its body), like a bucket behind a stalled link.
   */
  async function stalledServer(prefix: string): Promise<{ endpoint: string; close(): Promise<void> }> {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('data', () => {
        socket.write(prefix);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => {
            resolve();
          });
        }),
    };
  }

  const SHORT_TIMEOUTS = { connectionMs: 1000, socketIdleMs: 200 };

  it('a request the bucket never answers fails with a timeout instead of hanging', async () => {
    const silent = await stalledServer('');
    const stalled = createS3Storage({ ...settings, endpoint: silent.endpoint }, { timeouts: SHORT_TIMEOUTS });
    try {
      await expect(stalled.stat(KEY)).rejects.toThrow(/timed out after 200 ms of inactivity/);
      await expect(stalled.remove(KEY)).rejects.toThrow(/timed out/);
    } finally {
      stalled.destroy();
      await silent.close();
    }
  });

  it('a body that stops half-way ends the read with a timeout error', async () => {
    const halfBody = await stalledServer(
      'HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 100\r\n\r\nthe first bytes',
    );
    const stalled = createS3Storage({ ...settings, endpoint: halfBody.endpoint }, { timeouts: SHORT_TIMEOUTS });
    try {
      const body = await stalled.read(KEY);
      const chunks: Buffer[] = [];
      await expect(
        (async () => {
          for await (const chunk of body) chunks.push(chunk as Buffer);
        })(),
      ).rejects.toThrow(/timed out/);
      expect(Buffer.concat(chunks).toString()).toBe('the first bytes');
    } finally {
      stalled.destroy();
      await halfBody.close();
    }
  });
});

describe('s3PublicOrigin', () => {
  it.each<[string, S3Settings['endpoint'], boolean, string]>([
    ['AWS, virtual-hosted', null, false, 'https://kholo-media.s3.ap-south-1.amazonaws.com'],
    ['AWS, path style', null, true, 'https://s3.ap-south-1.amazonaws.com'],
    ['MinIO, path style', 'http://minio.internal:9000', true, 'http://minio.internal:9000'],
    ['R2-like, virtual-hosted', 'https://abc123.r2.example.com', false, 'https://kholo-media.abc123.r2.example.com'],
  ])('%s: the origin the presigned URLs really use', async (_name, endpoint, forcePathStyle, origin) => {
    const target: S3Settings = {
      endpoint,
      bucket: 'kholo-media',
      region: 'ap-south-1',
      ...LOCAL_S3_CREDENTIALS,
      forcePathStyle,
    };
    expect(s3PublicOrigin(target)).toBe(origin);
    // Presigning is computed locally; nothing is sent to these hosts.
    const offline = createS3Storage(target);
    const url = await offline.signedUrl(KEY, { expiresInSeconds: 60, ...DOWNLOAD });
    offline.destroy();
    expect(new URL(url!).origin).toBe(origin);
  });
});
