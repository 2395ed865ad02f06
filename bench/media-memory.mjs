// Memory growth of the server while a 50 MB file goes in and out (DESIGN §9: at most 64 MB).
// Starts the built server with its own data folder, samples its RSS from /proc every 20 ms,
// uploads a 50 MB video as the Upload tab does, then downloads it once and 10 times at once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort, root } from '../scripts/lib.mjs';

const MB = 1024 * 1024;
const FILE_BYTES = 50 * MB;
const BUDGET_MB = 64;
const CONCURRENT_DOWNLOADS = 10;

await buildIfNeeded({ only: ['packages/contracts', 'apps/server'] });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
    // The file below is an MP4 header and padding: a real decoder would refuse it, and the
    // server's memory is what is measured here, not ffmpeg's.
    FFMPEG_PATH: 'off',
  },
});

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** Peak RSS while `work` runs, sampled every 20 ms. */
async function peakDuring(work) {
  let peak = rssMb(server.pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { peak: Math.max(peak, rssMb(server.pid)), seconds: (performance.now() - started) / 1000 };
}

function fakeMp4(file) {
  const header = Buffer.alloc(64 * 1024);
  header.writeUInt32BE(24, 0);
  header.write('ftypisom', 4, 'latin1');
  header.write('isomiso2', 16, 'latin1');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, header);
  const filler = Buffer.alloc(MB, 7);
  for (let written = header.length; written < FILE_BYTES; written += filler.length) {
    fs.writeSync(fd, filler, 0, Math.min(filler.length, FILE_BYTES - written));
  }
  fs.closeSync(fd);
}

async function drain(response) {
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return bytes;
}

try {
  await waitForHealth();
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      role: 'creator',
      name: 'Bench Creator',
      email: 'bench@example.com',
      password: 'bench password 2026',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

  const file = path.join(dataDir, 'bench-50mb.mp4');
  fakeMp4(file);

  // Let start-up garbage settle before taking the baseline.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baseline = rssMb(server.pid);

  let contentId;
  const upload = await peakDuring(async () => {
    const form = new FormData();
    form.append('title', 'Benchmark video');
    form.append('description', 'Fifty megabytes of nothing');
    form.append('pricePaise', '49900');
    form.append('isAdultContent', 'false');
    form.append('file', await fs.openAsBlob(file, { type: 'video/mp4' }), 'bench.mp4');
    const response = await fetch(`${base}/api/studio/contents`, { method: 'POST', headers: { cookie }, body: form });
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    contentId = (await response.json()).id;
  });

  const download = await peakDuring(async () => {
    const response = await fetch(`${base}/api/contents/${contentId}/download`, { headers: { cookie } });
    if ((await drain(response)) !== FILE_BYTES) throw new Error('download was short');
  });

  const downloads = await peakDuring(async () => {
    await Promise.all(
      Array.from({ length: CONCURRENT_DOWNLOADS }, async () => {
        const response = await fetch(`${base}/api/contents/${contentId}/download`, { headers: { cookie } });
        if ((await drain(response)) !== FILE_BYTES) throw new Error('download was short');
      }),
    );
  });

  const rows = [
    ['upload 50 MB', upload],
    ['download 50 MB', download],
    [`${CONCURRENT_DOWNLOADS} downloads at once`, downloads],
  ].map(([name, { peak, seconds }]) => {
    const growth = peak - baseline;
    const megabytes = name.startsWith(String(CONCURRENT_DOWNLOADS)) ? 50 * CONCURRENT_DOWNLOADS : 50;
    return {
      measurement: name,
      'baseline RSS (MB)': baseline.toFixed(1),
      'peak RSS (MB)': peak.toFixed(1),
      'growth (MB)': growth.toFixed(1),
      'budget (MB)': BUDGET_MB,
      'MB/s': (megabytes / seconds).toFixed(0),
      verdict: growth <= BUDGET_MB ? 'ok' : 'OVER BUDGET',
    };
  });
  console.table(rows);
  process.exitCode = rows.every((row) => row.verdict === 'ok') ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
