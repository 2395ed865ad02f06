import fs from 'node:fs';
import { me, RESUMABLE_UPLOADS_PATH } from '@kholo/contracts';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freshIp, PASSWORD, uniqueEmail } from './accounts-helpers.js';
import { pngImage } from './content-helpers.js';
import {
  call,
  freePort,
  type ServerProcess,
  sessionCookieOf,
  spawnServer,
  stopServer,
  waitForHealth,
} from './server-processes.js';
import { createTestDatabase, TEST_ADMIN } from './test-app.js';

/**
 * `npm start` with WEB_CONCURRENCY=2: one primary, two workers on one port. Seen from the
 * outside, as an operator would: the processes in /proc, the log lines, the exit code.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startCluster(env: Record<string, string> = {}) {
  const testDatabase = await createTestDatabase();
  const port = await freePort();
  // No AUTH_SECRET: the primary generates the one secret every worker signs sessions with.
  const server = spawnServer('cluster', port, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_CONCURRENCY: '2',
    DATA_DIR: testDatabase.dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    TRUST_PROXY: '127.0.0.1',
    RECONCILE_INTERVAL_SECONDS: '0',
    FFMPEG_PATH: 'off',
    ...(testDatabase.settings.kind === 'postgres' ? { DATABASE_URL: testDatabase.settings.url } : {}),
    ...(testDatabase.jobsSchema === null ? {} : { JOBS_PG_SCHEMA: testDatabase.jobsSchema }),
    ...env,
  });
  cleanups.push(async () => {
    await stopServer(server);
    for (const pid of childrenOf(server.child.pid ?? 0)) killQuietly(pid);
    await testDatabase.drop();
  });
  return { server, dataDir: testDatabase.dataDir };
}

/**
 * The pids whose parent is `pid`, from /proc (Linux); with `command`, only those running it. The
 * primary under tsx may also have esbuild's service as a child (when its transform cache was
 * cold), so the workers are its `node` children.
 */
function childrenOf(pid: number, command?: string): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (command) state ppid …": the command may hold spaces, so read after its ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (parent === pid && (command === undefined || name === command)) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children.sort();
}

/** The primary's worker processes. */
function workersOf(primaryPid: number): number[] {
  return childrenOf(primaryPid, 'node');
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Polls `probe` until it answers. A minute, because every process here compiles the server under
 * tsx, and `npm test` runs this file beside lint, type checks and two other test workers on a
 * 2-core machine: there two workers took over 20 s to listen. What is tested is that it happens.
 */
async function waitFor<T>(
  what: string,
  probe: () => T | undefined,
  timeoutMs = 60_000,
  server?: ServerProcess,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      // What the processes said is the only clue to why one never got there.
      const said = server === undefined ? '' : `; the cluster's last lines:\n${server.output().slice(-4000)}`;
      throw new Error(`timed out waiting for ${what}${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pino lines a process wrote, parsed. */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Which worker pids answered the requests with these ids, once all their log lines are in. */
async function pidsThatServed(server: ServerProcess, requestIds: Set<string>): Promise<number[]> {
  const lines = await waitFor('the log lines of the requests', () => {
    const completed = logLines(server).filter(
      (line) => line['msg'] === 'request completed' && requestIds.has(String(line['reqId'])),
    );
    return completed.length === requestIds.size ? completed : undefined;
  });
  for (const line of lines) expect(line['worker']).toEqual(expect.any(Number));
  return [...new Set(lines.map((line) => Number(line['pid'])))].sort();
}

/** `n` requests for /api/me, each on a connection of its own; answers the request ids. */
async function askWhoAmI(server: ServerProcess, cookie: string, n: number, expectedEmail: string) {
  const ids = new Set<string>();
  for (let i = 0; i < n; i++) {
    const answer = await call(server, 'GET', '/api/me', { cookie });
    expect(answer.status).toBe(200);
    expect(me.parse(answer.json()).account?.email).toBe(expectedEmail);
    ids.add(String(answer.headers['x-request-id']));
  }
  return ids;
}

// Real processes starting under tsx on a busy machine take seconds each.
describe('WEB_CONCURRENCY=2', { timeout: 180_000 }, () => {
  it('serves from two workers with one secret, replaces a killed worker, and stops cleanly on SIGTERM', async () => {
    const { server, dataDir } = await startCluster();
    await waitForHealth(server);
    const primaryPid = server.child.pid!;
    // Each worker compiles the server under tsx: on a busy CI machine that alone takes many seconds.
    // Both must be listening, not merely forked (the second waits its turn to check the admin
    // account), or every request lands on the first.
    const workers = await waitFor(
      'two listening workers',
      () => {
        const pids = workersOf(primaryPid);
        const listening = new Set(
          logLines(server)
            .filter((line) => String(line['msg']).startsWith('Kholo is running at'))
            .map((line) => Number(line['pid'])),
        );
        return pids.length === 2 && pids.every((pid) => listening.has(pid)) ? pids : undefined;
      },
      60_000,
      server,
    );

    // Migrated once, by the primary, before the workers started; one secret, no leftovers.
    const primaryLines = logLines(server).filter((line) => line['pid'] === primaryPid);
    expect(primaryLines.map((line) => line['msg'])).toContain('starting workers');
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('auth-secret'))).toEqual(['auth-secret']);

    // A session made on one worker is good on both: they sign with the same secret.
    const email = uniqueEmail('cluster');
    const signedUp = await call(server, 'POST', '/api/auth/sign-up/email', {
      body: { role: 'fan', name: 'Cluster Fan', email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(signedUp.status).toBe(200);
    const cookie = sessionCookieOf(signedUp);
    expect(await pidsThatServed(server, await askWhoAmI(server, cookie, 8, email))).toEqual(workers);
    // A resumable upload whose requests land on both workers (ADR 029): its state is files in the
    // shared DATA_DIR, so a PATCH continues where the other worker's stopped, and the item is made.
    const creator = await call(server, 'POST', '/api/auth/sign-up/email', {
      body: { role: 'creator', name: 'Cluster Creator', email: uniqueEmail('cluster'), password: PASSWORD },
      ip: freshIp(),
    });
    const creatorCookie = sessionCookieOf(creator);
    const png = await pngImage(640, 480);
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await call(server, 'POST', RESUMABLE_UPLOADS_PATH, {
      cookie: creatorCookie,
      headers: { ...tus, 'upload-length': String(png.length) },
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const tusRequests = new Set<string>();
    const pieces = 6;
    for (let piece = 0; piece < pieces; piece += 1) {
      const start = Math.floor((png.length * piece) / pieces);
      const end = Math.floor((png.length * (piece + 1)) / pieces);
      const head = await call(server, 'HEAD', location, { cookie: creatorCookie, headers: tus });
      expect(head.headers['upload-offset']).toBe(String(start));
      const patched = await call(server, 'PATCH', location, {
        cookie: creatorCookie,
        body: png.subarray(start, end),
        headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(start) },
      });
      expect(patched.status).toBe(204);
      tusRequests.add(String(head.headers['x-request-id'])).add(String(patched.headers['x-request-id']));
    }
    expect(await pidsThatServed(server, tusRequests)).toEqual(workers);
    const item = await call(server, 'POST', '/api/studio/contents', {
      cookie: creatorCookie,
      body: { uploadId: location.split('/').pop(), title: 'Across workers', pricePaise: 4900, attested: true },
    });
    expect(item.status).toBe(201);

    // A fresh start is quiet: the workers take turns creating the admin, so none logs a failed insert.
    expect(logLines(server).filter((line) => Number(line['level']) >= 50)).toEqual([]);

    // A worker that dies is logged and replaced, and the service goes on.
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    const replacement = await waitFor('a replacement worker', () => {
      const pids = workersOf(primaryPid);
      return pids.length === 2 && !pids.includes(victim) ? pids.find((pid) => pid !== survivor) : undefined;
    });
    await waitFor('the replacement to listen', () =>
      logLines(server).some(
        (line) => line['pid'] === replacement && String(line['msg']).startsWith('Kholo is running at'),
      )
        ? true
        : undefined,
    );
    const died = logLines(server).find((line) => line['msg'] === 'worker died unexpectedly');
    expect(died).toMatchObject({ workerPid: victim, signal: 'SIGKILL' });
    expect(await pidsThatServed(server, await askWhoAmI(server, cookie, 8, email))).toEqual(
      [replacement, survivor].sort(),
    );

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(logLines(server).map((line) => line['msg'])).toContain('all workers stopped cleanly');
    expect(isRunning(survivor) || isRunning(replacement)).toBe(false);
  });

  it('stops cleanly, exit code 0, when told to while its workers are still starting', async () => {
    const { server } = await startCluster();
    await waitFor('the workers to be forked', () => (workersOf(server.child.pid!).length === 2 ? true : undefined));

    server.child.kill('SIGTERM');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(logLines(server).map((line) => line['msg'])).toContain('all workers stopped cleanly');
  });

  it('gives up with exit code 1 when its workers cannot start (the port is taken)', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) => {
      blocker.listen(0, '127.0.0.1', () => {
        resolve((blocker.address() as net.AddressInfo).port);
      });
    });
    cleanups.push(
      () =>
        new Promise((resolve) => {
          blocker.close(() => {
            resolve();
          });
        }),
    );
    const { server } = await startCluster({ PORT: String(port) });

    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(logLines(server).map((line) => line['msg'])).toContain('worker died unexpectedly');
    expect(server.output()).toContain('the first workers failed to start');
  });
});
