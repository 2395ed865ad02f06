import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { simulatorSecretFor } from '../src/providers/payments/simulator/payment-simulator.js';
import { createTestDatabase, TEST_ADMIN, testLogger } from './test-app.js';

/**
 * Real server processes for tests: src/server.ts under tsx, as `npm run dev` runs it (so
 * nothing has to be built first), each on a port of its own. A cluster primary passes the
 * same tsx flags on to its workers (node:cluster forks with the parent's execArgv).
 */
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

export const PROCESS_AUTH_SECRET = 'process-test-secret-process-test-secret-0123';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  readonly name: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A web build of the processes' own: just a shell, no server renderer. Left to find the real
 * build, a process started while `npm test` rebuilds it loaded a half-written one and failed.
 */
let shellDist: string | undefined;
function processShellDist(): string {
  if (shellDist === undefined) {
    shellDist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-proc-web-')), 'dist');
    fs.mkdirSync(shellDist);
    fs.writeFileSync(
      path.join(shellDist, 'index.html'),
      '<!doctype html><html lang="en-IN"><head><meta name="description" content="Kholo" />' +
        '<meta name="kholo-config" content="{}" /></head><body><div id="root"></div></body></html>',
    );
  }
  return shellDist;
}

/** Starts `server.ts` with exactly this environment (plus PATH and a web shell); does not wait for it. */
export function spawnServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', serverEntry], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: processShellDist(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // Resolved once its output is all read too: 'exit' can come before the last lines it wrote
  // (a cluster primary's "all workers stopped cleanly" was missed so). A process that left a
  // child holding the pipe open gets 2 s, then the answer comes anyway.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      const drained = setTimeout(() => {
        resolve({ code, signal });
      }, 2000);
      child.on('close', () => {
        clearTimeout(drained);
        resolve({ code, signal });
      });
    });
  });
  return { name, port, child, output: () => output, exited };
}

// A minute: processes start under tsx, on a machine `npm test` keeps busy with other steps.
export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && server.child.exitCode === null && server.child.signalCode === null) {
    try {
      if ((await call(server, 'GET', '/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.name} did not become healthy:\n${server.output()}`);
}

/** SIGTERM, then the exit; SIGKILL if it does not come in time. */
export async function stopServer(
  server: ServerProcess,
  timeoutMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

export interface ServerGroup {
  servers: ServerProcess[];
  /** The database every process uses, opened by the test too, for checks in SQL. */
  database: DatabaseHandle;
  dataDir: string;
  /** What the processes' payment simulator signs webhooks with (app.ts derives it from AUTH_SECRET). */
  webhookSecret: string;
  stop(): Promise<void>;
}

/**
 * `count` server processes on one fresh database (a PostgreSQL schema of its own when
 * TEST_DATABASE_URL is set, else one SQLite file) and one DATA_DIR, as several machines behind
 * a load balancer would share them. They trust X-Forwarded-For from 127.0.0.1, so a test can
 * speak for many clients (per-IP limits), and share one PUBLIC_URL. Started together, so they
 * also migrate at the same moment.
 */
export async function startServerProcesses(count: number, env: Record<string, string> = {}): Promise<ServerGroup> {
  const testDatabase = await createTestDatabase();
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const shared: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: testDatabase.dataDir,
    AUTH_SECRET: PROCESS_AUTH_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    PUBLIC_URL: `http://localhost:${ports[0]}`,
    TRUST_PROXY: '127.0.0.1',
    RECONCILE_INTERVAL_SECONDS: '0',
    FFMPEG_PATH: 'off',
    ...(testDatabase.settings.kind === 'postgres' ? { DATABASE_URL: testDatabase.settings.url } : {}),
    ...(testDatabase.jobsSchema === null ? {} : { JOBS_PG_SCHEMA: testDatabase.jobsSchema }),
    ...env,
  };
  const servers = ports.map((port, i) => spawnServer(String.fromCharCode(65 + i), port, shared));
  const database = connectDatabase(testDatabase.settings, testLogger);
  const stop = async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database.close();
    await testDatabase.drop();
  };
  try {
    await Promise.all(servers.map((server) => waitForHealth(server)));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    servers,
    database,
    dataDir: testDatabase.dataDir,
    webhookSecret: simulatorSecretFor(shared['AUTH_SECRET'] ?? PROCESS_AUTH_SECRET),
    stop,
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON; check it with the route's response schema. */
  json(): unknown;
}

/**
 * One HTTP request on a connection of its own (no keep-alive), so a cluster spreads a test's
 * requests over its workers the way it spreads separate clients.
 */
export function call(
  server: { port: number },
  method: 'GET' | 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: string | Buffer | object; headers?: Record<string, string>; cookie?: string; ip?: string } = {},
): Promise<Answer> {
  const { body } = options;
  const payload = body === undefined || typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    ...(body !== undefined && !(typeof body === 'string' || Buffer.isBuffer(body))
      ? { 'content-type': 'application/json' }
      : {}),
    ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
    ...(options.ip === undefined ? {} : { 'x-forwarded-for': options.ip }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: server.port, method, path: url, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: () => JSON.parse(text) as unknown,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The "name=value" of the session cookie an answer sets. */
export function sessionCookieOf(answer: Answer): string {
  const cookie = (answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.split('=')[0]?.endsWith('kholo.session_token') === true && !pair.endsWith('='));
  if (cookie === undefined) throw new Error(`no session cookie in ${JSON.stringify(answer.headers['set-cookie'])}`);
  return cookie;
}
