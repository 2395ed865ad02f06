import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveAuthSecret } from './auth-secret.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-secret-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when it is set and writes nothing', () => {
    const dir = tempDir();
    expect(resolveAuthSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('generates a secret once and keeps it in DATA_DIR, readable only by the owner', () => {
    const dir = path.join(tempDir(), 'data');
    const first = resolveAuthSecret(null, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(null, dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('gives processes starting together on a fresh DATA_DIR one and the same secret', async () => {
    const dir = path.join(tempDir(), 'data');
    const module = path.resolve(import.meta.dirname, 'auth-secret.ts');
    const script = `import { resolveAuthSecret } from ${JSON.stringify(module)}; process.stdout.write(resolveAuthSecret(null, ${JSON.stringify(dir)}));`;
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).then(
        (result) => result.stdout,
      );
    const secrets = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
    // No temporary file is left behind.
    expect(fs.readdirSync(dir)).toEqual(['auth-secret']);
  });

  /** A file system without hard links (some network and overlay mounts): link() always fails. */
  const noHardLinks = (code: string) => ({
    link: vi.fn(() => {
      throw Object.assign(new Error(`link failed: ${code}`), { code });
    }),
  });

  it.each(['EPERM', 'ENOTSUP', 'EXDEV'])(
    'without hard links (%s), still creates one whole secret, once, and leaves nothing else behind',
    (code) => {
      const dir = path.join(tempDir(), 'data');
      const fileSystem = noHardLinks(code);
      const first = resolveAuthSecret(null, dir, fileSystem);
      expect(fileSystem.link).toHaveBeenCalledTimes(1);
      expect(first).toMatch(/^[\w-]{43}$/);
      expect(resolveAuthSecret(null, dir, noHardLinks(code))).toBe(first);
      expect(resolveAuthSecret(null, dir)).toBe(first);
      expect(fs.readdirSync(dir)).toEqual(['auth-secret']);
      expect(fs.statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    },
  );

  it('without hard links, gives processes starting together one and the same secret', async () => {
    const dir = path.join(tempDir(), 'data');
    const module = path.resolve(import.meta.dirname, 'auth-secret.ts');
    const script = [
      `import { resolveAuthSecret } from ${JSON.stringify(module)};`,
      `const link = () => { throw Object.assign(new Error('no hard links here'), { code: 'ENOTSUP' }); };`,
      `process.stdout.write(resolveAuthSecret(null, ${JSON.stringify(dir)}, { link }));`,
    ].join('\n');
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).then(
        (result) => result.stdout,
      );
    const secrets = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(fs.readFileSync(path.join(dir, 'auth-secret'), 'utf8'));
    expect(fs.readdirSync(dir)).toEqual(['auth-secret']);
  });

  it('without hard links, names the lock to delete when its creator never finished', () => {
    const dir = tempDir();
    // What a process that died between taking the lock and renaming its secret leaves behind.
    fs.writeFileSync(path.join(dir, 'auth-secret.lock'), '');
    expect(() => resolveAuthSecret(null, dir, { ...noHardLinks('EPERM'), lockWaitMs: 100 })).toThrow(
      /did not finish within 100 ms; if no other Kholo process is starting, delete .*auth-secret\.lock/,
    );
    expect(fs.existsSync(path.join(dir, 'auth-secret'))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['auth-secret.lock']);
  });

  it('passes on a link failure that is not about missing hard links', () => {
    const dir = tempDir();
    expect(() => resolveAuthSecret(null, dir, noHardLinks('EACCES'))).toThrow(/link failed: EACCES/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a damaged secret file instead of signing with it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'auth-secret'), 'short');
    expect(() => resolveAuthSecret(null, dir)).toThrow(/no usable secret/);
  });
});
