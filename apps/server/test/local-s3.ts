// A local S3-compatible server for tests and scripts/with-s3.mjs: s3rver (npm) behind a
// Signature V4 check.
//
// s3rver 3.7 accepts any V4 signature ("Signature version 4 calculation is unimplemented") and
// serves unsigned requests too, so on its own it could not show that a tampered or expired
// presigned URL is refused. checkSignature recomputes every request's V4 signature (header or
// query form) with the known secret and refuses a mismatch, an expired URL or an unsigned request
// with S3's own 403 error before s3rver sees it. The payload hash is taken as signed (S3 also
// compares it with the body; nothing here depends on that). Listings paged with start-after are
// served through s3rver's V1 listing (see asListObjectsV1).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const LOCAL_S3_REGION = 'ap-south-1';

const SECRETS = new Map<string, string>([[LOCAL_S3_CREDENTIALS.accessKeyId, LOCAL_S3_CREDENTIALS.secretAccessKey]]);
/** S3's own ceiling for X-Amz-Expires (7 days). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export interface LocalS3 {
  endpoint: string;
  /** Every request that passed the signature check, in order (method and URL). */
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

export interface LocalS3Bucket {
  name: string;
  /** CORSConfiguration XML documents for the bucket. */
  configs?: string[];
}

/** Starts the server on a free port of 127.0.0.1, keeping objects under `directory`. */
export async function startLocalS3(options: { directory: string; buckets?: LocalS3Bucket[] }): Promise<LocalS3> {
  const s3rver = new S3rver({
    silent: true,
    directory: options.directory,
    configureBuckets: (options.buckets ?? []).map((bucket) => ({ name: bucket.name, configs: bucket.configs ?? [] })),
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: LocalS3['requests'] = [];
  const server = http.createServer((request, response) => {
    const refusal = checkSignature(request, Date.now());
    if (refusal !== null) {
      request.resume();
      response.writeHead(403, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`,
      );
      return;
    }
    requests.push({ method: request.method ?? '', url: request.url ?? '' });
    const listing = asListObjectsV1(request.url ?? '/');
    if (listing === null) {
      response.writeHead(501, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NotImplemented</Code><Message>Page with start-after; continuation tokens need DES, which OpenSSL 3 lacks.</Message></Error>',
      );
      return;
    }
    request.url = listing;
    handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

/**
 * s3rver answers a truncated ListObjectsV2 page with a continuation token it encrypts with DES,
 * which Node 20's OpenSSL 3 no longer has, so the request fails with InternalError. Its V1
 * listing (marker) pages the same way as V2's start-after and the answer carries the same
 * Contents and IsTruncated, so a V2 request paged with start-after is served as V1. Only
 * continuation tokens cannot be served (null). Other requests pass through unchanged.
 */
function asListObjectsV1(rawUrl: string): string | null {
  const [pathname = '/', query = ''] = rawUrl.split('?', 2);
  const params = new URLSearchParams(query);
  if (params.get('list-type') !== '2') return rawUrl;
  if (params.has('continuation-token')) return null;
  params.delete('list-type');
  const startAfter = params.get('start-after');
  params.delete('start-after');
  if (startAfter !== null) params.set('marker', startAfter);
  const rewritten = params.toString();
  return rewritten === '' ? pathname : `${pathname}?${rewritten}`;
}

interface SignatureParts {
  credential: string;
  signedHeaders: string;
  signature: string;
  amzDate: string;
  payloadHash: string;
}

/** Null when the request is signed correctly and in time; otherwise S3's error code and message. */
export function checkSignature(request: IncomingMessage, now: number): { code: string; message: string } | null {
  // CORS preflights carry no credentials on S3 either.
  if (request.method === 'OPTIONS') return null;
  const rawUrl = request.url ?? '/';
  const url = new URL(rawUrl, 'http://local');
  const authorization = request.headers.authorization;
  let parts: SignatureParts;
  if (authorization !== undefined) {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization.trim(),
    );
    if (match === null)
      return { code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
    parts = {
      credential: match[1] ?? '',
      signedHeaders: match[2] ?? '',
      signature: match[3] ?? '',
      amzDate: headerValue(request.headers['x-amz-date']),
      payloadHash: headerValue(request.headers['x-amz-content-sha256']),
    };
  } else if (url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    parts = {
      credential: url.searchParams.get('X-Amz-Credential') ?? '',
      signedHeaders: url.searchParams.get('X-Amz-SignedHeaders') ?? '',
      signature: url.searchParams.get('X-Amz-Signature') ?? '',
      amzDate: url.searchParams.get('X-Amz-Date') ?? '',
      payloadHash: url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    };
    const signedAt = parseAmzDate(parts.amzDate);
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    if (signedAt === null || !Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS) {
      return { code: 'AuthorizationQueryParametersError', message: 'X-Amz-Date or X-Amz-Expires is invalid.' };
    }
    if (now > signedAt + expires * 1000) return { code: 'AccessDenied', message: 'Request has expired' };
  } else {
    return { code: 'AccessDenied', message: 'Access Denied' };
  }

  const [accessKeyId = '', date = '', region = '', service = '', terminator = ''] = parts.credential.split('/');
  const secret = SECRETS.get(accessKeyId);
  if (secret === undefined) {
    return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  if (
    date === '' ||
    region === '' ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    !parts.amzDate.startsWith(date)
  ) {
    return { code: 'AuthorizationHeaderMalformed', message: 'The credential scope is malformed.' };
  }

  const canonicalHeaders = parts.signedHeaders
    .split(';')
    .map((name) => `${name}:${headerValue(request.headers[name])}\n`)
    .join('');
  const canonicalQuery = [...url.searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [strictEncode(name), strictEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  // S3 signs the path exactly as sent (escaped once by the client), not re-encoded.
  const rawPath = rawUrl.split('?')[0] ?? '/';
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    parts.signedHeaders,
    parts.payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', parts.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${secret}`, date);
  for (const piece of [region, service, 'aws4_request']) key = hmac(key, piece);
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'), 'utf8');
  const given = Buffer.from(parts.signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  return null;
}

function parseAmzDate(text: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

function headerValue(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return text.trim().replace(/\s+/g, ' ');
}

/** RFC 3986 encoding, as SigV4 wants: encodeURIComponent leaves !'()* alone. */
function strictEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}
