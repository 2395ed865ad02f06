import type { S3Settings } from '../../config.js';

/**
 * The origin presigned URLs point at, which the CSP must allow so `<video src>` and the Download
 * button can follow the redirect: the endpoint itself with path-style addressing, otherwise the
 * bucket as a sub-domain of the endpoint or of AWS's regional S3 host.
 */
export function s3PublicOrigin(settings: S3Settings): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  return settings.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}
