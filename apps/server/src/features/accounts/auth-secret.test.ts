import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('refuses a damaged secret file instead of signing with it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'auth-secret'), 'short');
    expect(() => resolveAuthSecret(null, dir)).toThrow(/no usable secret/);
  });
});
