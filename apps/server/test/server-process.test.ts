import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from './server-processes.js';

const running: ServerProcess[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-proc-'));
  tempDirs.push(dataDir);
  const server = spawnServer('server', await freePort(), {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ...env,
  });
  running.push(server);
  return server;
}

// Real processes starting under tsx on a busy machine take seconds each (a cluster three of them).
describe('the server process', { timeout: 120_000 }, () => {
  it.each([
    ['SIGTERM once', ['SIGTERM'], {}],
    // Ctrl-C on `npm start`: the terminal, npm and start.mjs each deliver it.
    ['SIGINT three times', ['SIGINT', 'SIGINT', 'SIGINT'], {}],
    // The primary passes the signal on to its workers, and the worker holding the request finishes it.
    ['SIGTERM to the primary of two workers', ['SIGTERM'], { WEB_CONCURRENCY: '2' }],
    ['SIGINT three times to the primary of two workers', ['SIGINT', 'SIGINT', 'SIGINT'], { WEB_CONCURRENCY: '2' }],
  ] as const)(
    'migrates, serves, and on %s finishes the request in flight before exiting 0',
    async (_label, signals, env) => {
      const server = await startServer(env);
      await waitForHealth(server);

      // Send the headers and half the body, then ask the server to stop.
      const body = JSON.stringify({
        name: 'Meera',
        email: 'meera@example.in',
        message: 'Sent while the server was stopping.',
      });
      const half = Math.floor(body.length / 2);
      const response = new Promise<{ status: number; text: string; connection: string | undefined }>(
        (resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port: server.port,
              path: '/api/contact',
              method: 'POST',
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => {
                text += chunk.toString();
              });
              res.on('end', () => {
                resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection });
              });
            },
          );
          request.on('error', reject);
          request.write(body.slice(0, half));
          setTimeout(() => {
            for (const signal of signals) server.child.kill(signal);
            setTimeout(() => request.end(body.slice(half)), 300);
          }, 200);
        },
      );

      const finished = await response;

      expect(finished.status).toBe(201);
      // Without this a keep-alive client holds the process open until the grace period ends.
      expect(finished.connection).toBe('close');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('stopped cleanly');
    },
  );

  it('refuses to start with a readable message when the configuration is wrong', async () => {
    const server = await startServer({ PORT: 'three thousand', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('Kholo cannot start because the configuration is invalid:');
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('DATABASE_URL: must be a PostgreSQL URL');
  });
});
