import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../src/config.js';

/** TEST_STORAGE=s3 (set by scripts/with-s3.mjs): every test app keeps its files in S3. */
export const TEST_STORAGE_IS_S3 = process.env['TEST_STORAGE'] === 's3';

/** The S3_* variables with-s3.mjs sets, to hand to loadConfig. */
export function s3Environment(): Record<string, string | undefined> {
  const names = [
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ];
  return Object.fromEntries(names.map((name) => [name, process.env[name]]));
}

/**
 * A bucket of its own for one test app, so parallel test files never see each other's objects
 * (listing and orphan checks look at the whole bucket). drop() empties and removes it.
 */
export async function createTestBucket(base: S3Settings): Promise<{ settings: S3Settings; drop: () => Promise<void> }> {
  const settings = { ...base, bucket: `kholo-test-${randomBytes(6).toString('hex')}` };
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return {
    settings,
    drop: async () => {
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key]));
        if (keys.length === 0) break;
        for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: settings.bucket }));
      client.destroy();
    },
  };
}
