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
  if (!fs.existsSync(file)) createSecretFile(file);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to have a new one generated`);
  return secret;
}

/**
 * Several processes may start at once (WEB_CONCURRENCY, or two servers on one DATA_DIR). The
 * secret is written whole to a file of this process's own, then linked into place: link()
 * fails if the name exists, so exactly one secret wins and nobody ever reads a half-written
 * file. Everyone else then reads the winner's.
 */
function createSecretFile(file: string): void {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
