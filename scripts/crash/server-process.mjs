// Starting, killing and stopping the built server (apps/server/dist/server.js) for the crash test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, root } from '../lib.mjs';

const HEALTH_TIMEOUT_MS = 30_000;

/**
 * One server process on a free port. Its output goes to `logFile` (appended, one file for the
 * whole run) so a failing round can be read afterwards.
 */
export async function startServer({ env, logFile }) {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  fs.writeSync(log, `\n===== start on port ${port} at ${new Date().toISOString()} =====\n`);
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const server = { child, port, baseUrl: `http://127.0.0.1:${port}`, exited };
  await waitForHealth(server);
  return server;
}

async function waitForHealth(server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exit = null;
  void server.exited.then((result) => {
    exit = result;
  });
  while (Date.now() < deadline) {
    if (exit !== null) throw new Error(`the server exited while starting (${JSON.stringify(exit)})`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${HEALTH_TIMEOUT_MS} ms`);
}

/** SIGKILL: no shutdown hook runs, nothing is flushed but what the kernel already has. */
export async function killServer(server) {
  server.child.kill('SIGKILL');
  return server.exited;
}

/** SIGTERM and wait; a clean shutdown exits 0 after finishing what is in flight. */
/** Graceful stop; one that hangs is a finding, and must not hang `npm test` with it. */
const STOP_TIMEOUT_MS = 15_000;

export async function stopServer(server) {
  server.child.kill('SIGTERM');
  let timer;
  const hung = new Promise((resolve) => {
    timer = setTimeout(() => resolve('hung'), STOP_TIMEOUT_MS);
  });
  const outcome = await Promise.race([server.exited, hung]);
  clearTimeout(timer);
  if (outcome !== 'hung') return outcome;
  server.child.kill('SIGKILL');
  await server.exited;
  throw new Error(`the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
}
