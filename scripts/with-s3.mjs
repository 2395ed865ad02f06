// Runs a command against a private, throwaway S3-compatible server:
//   node scripts/with-s3.mjs <command> [args…]
// The server is s3rver (npm) behind a Signature V4 check (apps/server/test/local-s3.ts), on a free
// port with its objects in a temp folder that is removed afterwards. The command sees S3_* for
// one bucket (CORS open for GET/HEAD, as a real deployment needs for the Download button) and
// TEST_STORAGE=s3, which makes every server test app keep its files there. Chainable:
//   node scripts/with-postgres.mjs node scripts/with-s3.mjs npx vitest run --project server
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { banner, run } from './lib.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-s3.mjs <command> [args…]');
  process.exit(2);
}

const BUCKET = 'kholo-media';
// The web's Download button fetches /download and follows the redirect to the bucket, so the
// bucket must let any origin GET it and read the headers that name the file.
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>Content-Disposition</ExposeHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>Content-Type</ExposeHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

// A signal during set-up must still reach the clean-up in `finally` below (while the command
// runs, run() passes signals on to it).
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-s3-'));
let server = null;

// s3rver 3.7 leaves a write stream's error unhandled: an upload still arriving when a test drops
// its bucket (its app closing) fails with ENOENT in the removed folder, and would kill this process
// and with it the storage of every test after. That one request fails; the server goes on.
process.on('uncaughtException', (error) => {
  if (error?.code === 'ENOENT' && typeof error.path === 'string' && error.path.startsWith(dir)) {
    console.error(`local S3: a write into a bucket already dropped failed (${error.path}); going on`);
    return;
  }
  console.error(error);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
let exitCode = 1;
try {
  const { startLocalS3, LOCAL_S3_CREDENTIALS, LOCAL_S3_REGION } = await tsImport(
    '../apps/server/test/local-s3.ts',
    import.meta.url,
  );
  server = await startLocalS3({ directory: dir, buckets: [{ name: BUCKET, configs: [CORS] }] });
  if (interrupted) throw new Error('interrupted');
  banner(`S3: s3rver on ${server.endpoint}, bucket ${BUCKET} (private, in ${dir})`);
  exitCode = await run(command, args, {
    env: {
      ...process.env,
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: LOCAL_S3_REGION,
      S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      TEST_STORAGE: 's3',
      // The SDK warns once per process that its 2027 releases need Node 22; here that is noise.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
} catch (error) {
  if (interrupted) exitCode = 130;
  else console.error(`Could not start the private S3 server (${error.message}).`);
} finally {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
