// Small helpers shared by the project scripts (plain Node, no dependencies, run before any build).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves to its exit code. Signals to us are passed on. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + 15 : 1));
    });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
  });
}

export function runSync(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', cwd: root, ...options });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

export function which(binary) {
  const result = runSync('sh', ['-c', `command -v ${binary}`]);
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Newest modification time of any file under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

export function banner(text) {
  const line = '─'.repeat(Math.min(72, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

/**
 * Debian's Chromium for the browser tests, installed with apt-get when missing and we are root
 * on Debian; otherwise says how to get it. Resolves to whether it is there.
 */
export async function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return true;
  if (isRoot() && which('apt-get')) {
    console.log('Chromium is missing; installing Debian’s chromium package…');
    const code =
      (await run('apt-get', ['update', '-qq'])) || (await run('apt-get', ['install', '-y', '-qq', 'chromium']));
    if (code === 0 && fs.existsSync(chromium)) return true;
    console.error('Installing Chromium with apt-get failed. Install it by hand: apt-get install -y chromium');
    return false;
  }
  console.error(
    `The browser tests need Chromium at ${chromium}.\n` +
      'On Debian or Ubuntu: sudo apt-get install -y chromium\n' +
      'Elsewhere, install Chromium and set CHROMIUM_PATH to its executable.',
  );
  return false;
}
