import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'auth-secret';
/** link() errors of a file system that has no hard links (some network and overlay mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS']);
/** How long a starting process waits for another one that is creating the secret without links. */
const LOCK_WAIT_MS = 10_000;
const LOCK_POLL_MS = 20;

export interface SecretFileOptions {
  /** fs.linkSync; tests replace it to act as a file system without hard links. */
  link?: (existingPath: string, newPath: string) => void;
  /** How long to wait for another process holding the creation lock. */
  lockWaitMs?: number;
}

/**
 * AUTH_SECRET signs session cookies. Production must set it (config.ts refuses to start
 * without it); elsewhere one is generated on first start and kept in DATA_DIR, so sessions
 * survive restarts without anyone having to invent a secret.
 */
export function resolveAuthSecret(configured: string | null, dataDir: string, options: SecretFileOptions = {}): string {
  if (configured !== null) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) createSecretFile(file, options);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to have a new one generated`);
  return secret;
}

/**
 * Several processes may start at once (WEB_CONCURRENCY, or two servers on one DATA_DIR). The
 * secret is written whole to a file of this process's own, then linked into place: link()
 * fails if the name exists, so exactly one secret wins and nobody ever reads a half-written
 * file. Everyone else then reads the winner's. Returns once the file exists.
 */
function createSecretFile(file: string, options: SecretFileOptions): void {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeDurably(temporary, randomBytes(32).toString('base64url'));
  try {
    (options.link ?? fs.linkSync)(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_HARD_LINKS.has(code)) renameIntoPlaceUnderLock(temporary, file, options.lockWaitMs ?? LOCK_WAIT_MS);
    else if (code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Without hard links: a lock file created exclusively ('wx') elects one process, which renames
 * its whole temporary file into place (a rename is atomic, so the secret appears complete or
 * not at all) unless an earlier winner already did; the others wait for the file to appear.
 * rename() alone would not do: it replaces, so two processes could each keep their own secret.
 */
function renameIntoPlaceUnderLock(temporary: string, file: string, lockWaitMs: number): void {
  const lock = `${file}.lock`;
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    let lockFd: number;
    try {
      lockFd = fs.openSync(lock, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (fs.existsSync(file)) return;
      if (Date.now() >= deadline) {
        throw new Error(
          `${file} is being created by another process that did not finish within ${lockWaitMs} ms; ` +
            `if no other Kholo process is starting, delete ${lock} and start again`,
        );
      }
      sleepSync(LOCK_POLL_MS);
      continue;
    }
    fs.closeSync(lockFd);
    try {
      if (!fs.existsSync(file)) fs.renameSync(temporary, file);
    } finally {
      fs.rmSync(lock, { force: true });
    }
    return;
  }
}

/** Written and flushed to disk before it can be linked or renamed into place. */
function writeDurably(file: string, contents: string): void {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.writeSync(fd, contents);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Start-up is synchronous here (buildApp reads the secret before anything else runs). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
