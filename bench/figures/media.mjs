// Figures 2 and 3: a 50 MB video downloaded by a fan who unlocked it (GET
// /api/contents/:id/download, local storage) and uploaded by its creator (the Upload tab's
// multipart POST), against a bare node:http server streaming the same bytes from or to disk.
// The server's memory is read from /proc while it happens (DESIGN §9: growth ≤ 64 MB).
import { download, uploadForm } from '../lib/http.mjs';
import fs from 'node:fs';
import { MB, measureMemoryDuring, nodeProcessesOf, startBaseline } from '../lib/processes.mjs';
import { figure } from '../lib/report.mjs';

const MEMORY_BUDGET_MB = 64;
/** Issue 25: a download as close to the bare fs server as the access check allows. */
const DOWNLOAD_SHARE = 0.8;
const CONCURRENT_DOWNLOADS = 20;
/** Each measurement is repeated, Kholo and baseline taking turns; the median round counts. */
const ROUNDS = 3;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** CPU seconds (user and system) a server's Node processes have used so far. */
function cpuSeconds(pid) {
  let ticks = 0;
  for (const each of nodeProcessesOf(pid)) {
    try {
      // Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
      const fields = fs.readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks / USER_HZ;
}

/** Runs `kholoRound` and `baselineRound` in turns, `ROUNDS` times each. */
async function inTurns(kholoRound, baselineRound) {
  const kholo = [];
  const baseline = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    kholo.push(await kholoRound());
    baseline.push(await baselineRound());
  }
  return { kholo, baseline };
}

export async function mediaFigures({ kholo, video, uploadsDir, log, only }) {
  const bare = await startBaseline('bare-file-server.mjs', [video.file, uploadsDir]);
  const figures = [];
  try {
    if (only.has('download')) figures.push(...(await downloadFigures({ kholo, bare, video, log })));
    if (only.has('upload')) figures.push(...(await uploadFigures({ kholo, bare, video, log })));
  } finally {
    await bare.stop();
  }
  return figures;
}

async function downloadFigures({ kholo, bare, video, log }) {
  const kholoUrl = `${kholo.base}/api/contents/${video.id}/download`;
  const headers = { cookie: video.fanCookie };
  // A new connection per download: its cost is nothing next to 50 MB, and a kept-alive socket
  // would race the baseline's 5 s idle timeout between rounds.
  const agent = false;
  // The server's CPU time per byte sent is measured too: unlike MB/s it barely moves when other
  // work shares the machine's cores, so it shows what the server's own path costs.
  const downloads = async (server, url, count) => {
    const cpuBefore = cpuSeconds(server.pid);
    const round = await measureMemoryDuring(server.pid, async () => {
      const sizes = await Promise.all(Array.from({ length: count }, () => download(url, { headers, agent })));
      if (sizes.some((bytes) => bytes !== video.bytes)) throw new Error(`a download of ${url} came back short`);
    });
    return { ...round, cpuSeconds: cpuSeconds(server.pid) - cpuBefore };
  };
  const megabytes = video.bytes / MB;

  log(`download: one ${megabytes} MB download at a time, ${ROUNDS} rounds`);
  const single = await inTurns(
    () => downloads(kholo, kholoUrl, 1),
    () => downloads(bare, bare.base, 1),
  );
  log(`download: ${CONCURRENT_DOWNLOADS} at once, ${ROUNDS} rounds`);
  const many = await inTurns(
    () => downloads(kholo, kholoUrl, CONCURRENT_DOWNLOADS),
    () => downloads(bare, bare.base, CONCURRENT_DOWNLOADS),
  );

  const speed = (rounds, count) => median(rounds.map((round) => (megabytes * count) / round.seconds));
  const growth = (rounds) => Math.max(...rounds.map((round) => round.growthMb));
  const gigabytes = (video.bytes * CONCURRENT_DOWNLOADS) / 1024 ** 3;
  const cpuPerGb = (rounds) => median(rounds.map((round) => (round.cpuSeconds * 1000) / gigabytes));
  const peakRound = many.kholo.reduce((worst, round) => (round.growthMb > worst.growthMb ? round : worst));
  return [
    figure({
      name: `download ${megabytes} MB, one at a time`,
      value: speed(single.kholo, 1),
      unit: 'MB/s',
      baseline: speed(single.baseline, 1),
      baselineName: 'fs.createReadStream server',
      budget: `≥ ${DOWNLOAD_SHARE.toFixed(2)}× baseline`,
      pass: speed(single.kholo, 1) >= DOWNLOAD_SHARE * speed(single.baseline, 1),
      details: { rounds: single },
    }),
    figure({
      name: `download ${megabytes} MB, ${CONCURRENT_DOWNLOADS} at once (total)`,
      value: speed(many.kholo, CONCURRENT_DOWNLOADS),
      unit: 'MB/s',
      baseline: speed(many.baseline, CONCURRENT_DOWNLOADS),
      baselineName: 'fs.createReadStream server',
      details: { rounds: many },
    }),
    figure({
      name: `server CPU per GB sent, ${CONCURRENT_DOWNLOADS} downloads at once`,
      value: cpuPerGb(many.kholo),
      unit: 'ms/GB',
      baseline: cpuPerGb(many.baseline),
      baselineName: 'fs.createReadStream server',
    }),
    figure({
      name: `server memory growth, ${CONCURRENT_DOWNLOADS} downloads at once`,
      value: growth(many.kholo),
      unit: 'MB',
      baseline: growth(many.baseline),
      baselineName: 'fs.createReadStream server',
      withRatio: false,
      budget: `≤ ${MEMORY_BUDGET_MB} MB`,
      pass: growth(many.kholo) <= MEMORY_BUDGET_MB,
      details: { rssBeforeMb: peakRound.beforeMb, rssPeakMb: peakRound.peakMb, rounds: many.kholo },
    }),
  ];
}

async function uploadFigures({ kholo, bare, video, log }) {
  const fields = {
    title: 'Benchmark upload',
    description: 'Fifty megabytes',
    pricePaise: '49900',
    isAdultContent: 'false',
    attested: 'true',
  };
  const upload = async (server, url, headers, expectStatus) =>
    measureMemoryDuring(server.pid, async () => {
      const body = await uploadForm(fields, video.file, 'bench.mp4', 'video/mp4');
      const response = await fetch(url, { method: 'POST', headers, body });
      if (response.status !== expectStatus) {
        throw new Error(`upload to ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      }
      await response.arrayBuffer();
    });
  const megabytes = video.bytes / MB;

  log(`upload: ${megabytes} MB, ${ROUNDS} rounds`);
  const rounds = await inTurns(
    () => upload(kholo, `${kholo.base}/api/studio/contents`, { cookie: video.creatorCookie }, 201),
    () => upload(bare, `${bare.base}/upload`, {}, 201),
  );
  const speed = (list) => median(list.map((round) => megabytes / round.seconds));
  // The worst of the measured rounds and the server's very first upload (made while seeding).
  const kholoUploads = [video.firstUpload, ...rounds.kholo];
  const worst = kholoUploads.reduce((most, round) => (round.growthMb > most.growthMb ? round : most));
  const baselineGrowth = Math.max(...rounds.baseline.map((round) => round.growthMb));
  return [
    figure({
      name: `upload ${megabytes} MB video`,
      value: speed(rounds.kholo),
      unit: 'MB/s',
      baseline: speed(rounds.baseline),
      baselineName: 'request body piped to a file',
      details: { rounds },
    }),
    figure({
      name: `server memory growth, ${megabytes} MB upload`,
      value: worst.growthMb,
      unit: 'MB',
      baseline: baselineGrowth,
      baselineName: 'request body piped to a file',
      withRatio: false,
      budget: `≤ ${MEMORY_BUDGET_MB} MB`,
      pass: worst.growthMb <= MEMORY_BUDGET_MB,
      details: {
        worst: worst === video.firstUpload ? 'first upload on a fresh server' : 'a measured round',
        rssBeforeMb: worst.beforeMb,
        rssPeakMb: worst.peakMb,
        firstUpload: { seconds: video.firstUpload.seconds, growthMb: video.firstUpload.growthMb },
        rounds: rounds.kholo,
      },
    }),
  ];
}
