import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'auth-secret';

/**
 * AUTH_SECRET signs session cookies. Production must set it (config.ts refuses to start
 * without it); elsewhere one is generated on first start and kept in DATA_DIR, so sessions
 * survive restarts without anyone having to invent a secret.
 */
export function resolveAuthSecret(configured: string | null, dataDir: string): string {
  if (configured !== null) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting together cannot overwrite each other's secret.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to have a new one generated`);
  return secret;
}
