import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/** Why the Redis tests did not run, or null when redis-server is installed. */
export function redisUnavailable(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status === 0) return null;
  const reason = 'redis-server is not installed (on Debian: apt-get install -y redis-server)';
  if (process.env['REQUIRE_REDIS'] === '1') throw new Error(`REQUIRE_REDIS=1 but ${reason}`);
  console.warn(`\n${'─'.repeat(72)}\n  SKIPPED redis: ${reason}\n${'─'.repeat(72)}`);
  return reason;
}

/** A throwaway redis-server on a free port (or `port`, to start one again), keeping nothing on disk. */
export async function startRedis(options: { port?: number } = {}): Promise<PrivateRedis> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await untilListening(port, child);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

async function untilListening(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => {
        resolve(false);
      });
    });
    if (open) return;
    await sleep(25);
  }
  throw new Error(`redis-server did not listen on port ${port} within 5 seconds`);
}
