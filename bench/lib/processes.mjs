// Child processes for the benchmark: the built Kholo server and the bare baseline servers, and
// their memory read from /proc (from outside, so measuring never changes what is measured).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, root } from '../../scripts/lib.mjs';

const MB = 1024 * 1024;

/** Fixed, so the bench can sign simulator webhooks with the key app.ts derives from it. */
export const BENCH_AUTH_SECRET = 'kholo-bench-auth-secret-not-for-production-use';

/**
 * The PostgreSQL database the bench's server uses, or null for SQLite in the data folder.
 * TEST_DATABASE_URL counts too, so `node scripts/with-postgres.mjs npm run bench` runs the bench
 * on a throwaway cluster.
 */
export function benchDatabaseUrl() {
  return process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

/** How the database is reached, as the server's connectDatabase takes it. */
export function benchDatabaseSettings(dataDir) {
  const url = benchDatabaseUrl();
  return url === null ? { kind: 'sqlite', file: path.join(dataDir, 'kholo.db') } : { kind: 'postgres', url };
}

/**
 * A package as the server resolves it, so the bench uses the server's own Fastify, sharp and
 * database drivers (the same versions), without the root package declaring them again.
 */
export async function importFromServer(name) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const module = await import(pathToFileURL(require.resolve(name)).href);
  return module.default ?? module;
}

/** A module of the built server (apps/server/dist), e.g. 'db/connect.js'. */
export function importServerModule(relative) {
  return import(pathToFileURL(path.join(root, 'apps/server/dist', relative)).href);
}

function exePath(pid) {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null; // exited meanwhile
  }
}

function childrenOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Clock ticks per second in /proc/<pid>/stat; 100 on every Linux the bench runs on. */
const CLOCK_TICKS = 100;
/** Children younger than this are not workers (see nodeProcessesOf). */
const MIN_WORKER_AGE_SECONDS = 2;

function ageSeconds(pid) {
  try {
    // Field 22 is the start time; the command name in parentheses may hold spaces, so count after it.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const uptime = Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    return uptime - Number(fields[19]) / CLOCK_TICKS;
  } catch {
    return 0; // exited meanwhile
  }
}

/**
 * The Node processes of a server: the process itself and, when clustered, its workers. ffmpeg
 * and ffprobe children are left out: their memory is not the server's. So is a child that has
 * just been forked and not yet become ffmpeg: for that moment it is a copy of Node with tens of
 * MB resident, and counting it made an upload look 120 MB bigger than it was.
 */
export function nodeProcessesOf(pid) {
  const node = exePath(process.pid);
  const found = [pid];
  const visit = (parent) => {
    for (const child of childrenOf(parent)) {
      if (exePath(child) !== node || ageSeconds(child) < MIN_WORKER_AGE_SECONDS) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function rssMbOf(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return kb / 1024;
}

/** Resident memory of a server (all its Node processes), in MB. */
export function rssMb(pid) {
  return rssMbOf(nodeProcessesOf(pid));
}

/**
 * Runs `work` while sampling the server's RSS every 50 ms. Growth is the peak minus the RSS
 * just before the work started.
 */
export async function measureMemoryDuring(pid, work) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = performance.now();
  let result;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(pid));
  return { result, seconds, beforeMb: before, peakMb: peak, growthMb: peak - before };
}

async function waitForHealth(base, child, logFile) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${base} did not start; its log:\n${tail(logFile)}`);
}

export function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the built server (apps/server/dist/server.js) on a free port with its own data folder.
 * NODE_ENV=development because production refuses the payment simulator; the reconciler is off
 * so only the bench's webhooks settle orders; X-Forwarded-For from loopback is trusted so seeding
 * can act as many clients without tripping the per-address limits (measured requests send none).
 */
export async function startKholo({ dataDir, logFile, processes = 1, ffmpeg }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: BENCH_AUTH_SECRET,
      ADMIN_PASSWORD: 'bench-admin-password',
      RECONCILE_INTERVAL_SECONDS: '0',
      // The payouts figure measures Kholo's path, not a simulated bank's wait.
      PAYOUTS_SIMULATOR_DELAY_MS: '0',
      TRUST_PROXY: '127.0.0.1',
      FFMPEG_PATH: ffmpeg ?? 'off',
      WEB_CONCURRENCY: String(processes),
      ...(benchDatabaseUrl() === null ? {} : { DATABASE_URL: benchDatabaseUrl() }),
    },
  });
  fs.closeSync(log);
  try {
    await waitForHealth(base, child, logFile);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  /** How many Node processes serve requests: 1, or the workers when clustered. */
  const workerCount = () => {
    const all = nodeProcessesOf(child.pid).length;
    return all === 1 ? 1 : all - 1;
  };
  // The health check passes once one worker listens; a clustered run must not start before all
  // of them do. A server that ignores WEB_CONCURRENCY stays at 1, which the figure then says.
  for (let waited = 0; processes > 1 && workerCount() < processes && waited < 15_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, pid: child.pid, workerCount, stop: () => stopChild(child) };
}

/** Starts one of the bare baseline servers in bench/baselines; it prints its port when ready. */
export async function startBaseline(script, args) {
  const child = spawn(process.execPath, [path.join(root, 'bench/baselines', script), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child, 5000) };
}

export { MB };
