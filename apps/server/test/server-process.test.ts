import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** The real process: server.ts under tsx, as `npm run dev` runs it. */
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const running: ChildProcess[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string> = {}): Promise<Started> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-proc-'));
  tempDirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', serverEntry], {
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      resolve(code);
    });
  });
  return { child, port, output: () => output, exited };
}

async function waitForHealth({ port, child }: Started): Promise<void> {
  for (let i = 0; i < 150 && child.exitCode === null; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it.each([
    ['SIGTERM once', ['SIGTERM']],
    // Ctrl-C on `npm start`: the terminal, npm and start.mjs each deliver it.
    ['SIGINT three times', ['SIGINT', 'SIGINT', 'SIGINT']],
  ] as const)(
    'migrates, serves, and on %s finishes the request in flight before exiting 0',
    async (_label, signals) => {
      const server = await startServer();
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
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('stopped cleanly');
    },
  );

  it('refuses to start with a readable message when the configuration is wrong', async () => {
    const server = await startServer({ PORT: 'three thousand', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Kholo cannot start because the configuration is invalid:');
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('DATABASE_URL: must be a PostgreSQL URL');
  });
});
