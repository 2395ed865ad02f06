// npm run bench: every figure of issue 7 against its baseline and its DESIGN §9 budget, in one
// run. Starts the built server on a fresh data folder, seeds it through its own HTTP API,
// measures, prints the table, writes bench/results.json and the table in README.md, and exits
// non-zero when a budget is broken. See bench/README.md.
//   node bench/run.mjs [--only creator-api,download,upload,settlement,pages]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { root } from '../scripts/lib.mjs';
import { creatorApiFigures } from './figures/creator-api.mjs';
import { imageUploadFigures } from './figures/image-uploads.mjs';
import { mediaFigures } from './figures/media.mjs';
import { payoutLatencyFigures, payoutThroughputFigure, seedPayoutCreators } from './figures/payouts.mjs';
import { openOrders, settlementFigure } from './figures/settlement.mjs';
import { chromePath, webPageFigures } from './figures/web-pages.mjs';
import { buyThroughSimulator, signUp, simulatorWebhookSecret, uploadItem } from './lib/kholo-api.mjs';
import { inParallel } from './lib/http.mjs';
import { BENCH_AUTH_SECRET, benchDatabaseUrl, MB, measureMemoryDuring, startKholo, tail } from './lib/processes.mjs';
import { machine, markdownTable, updateReadme, writeResults } from './lib/report.mjs';
import { findFfmpeg, makePhotos, makeVideo } from './lib/test-media.mjs';

const GROUPS = ['creator-api', 'download', 'upload', 'image-upload', 'settlement', 'payouts', 'pages'];
const PAGE_ITEMS = 20;
/** Of the page's items, the fan has unlocked this many, so the page mixes locked and unlocked cards. */
const FAN_UNLOCKS = 5;
const VIDEO_BYTES = 50 * MB;
/** Creators timed one payout at a time, and creators paid all at once per process count. */
const PAYOUT_LATENCY_CREATORS = 20;
const PAYOUT_BURST_CREATORS = 40;
/** Orders per settlement run; each run gets its own, so the 2-process run settles fresh ones. */
const SETTLEMENT_ORDERS = 500;

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = new Set(values.only === undefined ? GROUPS : values.only.split(',').map((group) => group.trim()));
const unknown = [...only].filter((group) => !GROUPS.includes(group));
if (unknown.length > 0) {
  console.error(`Unknown figure group ${unknown.join(', ')}; choose from ${GROUPS.join(', ')}.`);
  process.exit(2);
}
const fullRun = GROUPS.every((group) => only.has(group));
if (only.has('pages') && !fs.existsSync(chromePath())) {
  console.error(`The page figures need Chromium at ${chromePath()} (apt-get install -y chromium, or set CHROME_PATH).`);
  process.exit(1);
}

const startedAt = performance.now();
// Before anything runs: the load average then says how busy the machine was with other work.
const machineInfo = machine();
const log = (message) =>
  console.log(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${message}`);

await buildIfNeeded(only.has('pages') ? {} : { only: ['packages/contracts', 'apps/server'] });

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-bench-'));
const dataDir = path.join(workDir, 'data');
const filesDir = path.join(workDir, 'files');
fs.mkdirSync(filesDir);
const logFile = path.join(workDir, 'server.log');
const ffmpeg = findFfmpeg();
const setup = {
  database: benchDatabaseUrl() === null ? 'SQLite' : 'PostgreSQL',
  storage: 'local disk',
  videoTools: ffmpeg === null ? 'off (FFMPEG_PATH=off)' : 'ffmpeg',
};
const runId = Date.now().toString(36);
const email = (who) => `bench-${who}-${runId}@example.com`;

/** The creator page's creator and items, and a fan who unlocked some of them. */
async function seedCreatorPage(base) {
  log(`seeding: a creator with ${PAGE_ITEMS} photos, a fan who unlocks ${FAN_UNLOCKS}`);
  const creator = await signUp(base, { role: 'creator', name: 'Priya Bench', email: email('creator') });
  const photos = await makePhotos(filesDir, PAGE_ITEMS);
  const items = await inParallel(photos, 2, (file, index) =>
    uploadItem(base, creator.cookie, {
      title: `Photo ${index + 1}`,
      pricePaise: 9900 + index * 1000,
      file,
      fileName: path.basename(file),
      type: 'image/jpeg',
    }),
  );
  const fan = await signUp(base, { role: 'fan', name: 'Arjun Bench', email: email('fan') });
  for (const item of items.slice(0, FAN_UNLOCKS)) await buyThroughSimulator(base, fan.cookie, item.id);
  return {
    handle: creator.handle,
    itemIds: items.map((item) => item.id),
    itemCount: PAGE_ITEMS,
    unlockedCount: FAN_UNLOCKS,
    fan,
  };
}

/**
 * A second creator's 50 MB video, uploaded first thing on the fresh server: the first upload
 * pays for everything done once (parsers, ffmpeg, sharp), so its memory growth is the worst
 * case and counts in the upload's memory figure.
 */
async function seedVideo(kholo) {
  log(`seeding: a ${VIDEO_BYTES / MB} MB video (${ffmpeg === null ? 'MP4 header and filler' : 'real MP4, padded'})`);
  const creator = await signUp(kholo.base, { role: 'creator', name: 'Kabir Bench', email: email('video-creator') });
  const file = makeVideo(filesDir, VIDEO_BYTES, ffmpeg);
  const firstUpload = await measureMemoryDuring(kholo.pid, () =>
    uploadItem(kholo.base, creator.cookie, {
      title: 'Benchmark video',
      pricePaise: 49900,
      file,
      fileName: 'video.mp4',
      type: 'video/mp4',
    }),
  );
  return { id: firstUpload.result.id, file, bytes: VIDEO_BYTES, creatorCookie: creator.cookie, firstUpload };
}

/** Fans enough for two runs of open orders on the page's items, and the orders. */
async function seedOrders(base, itemIds) {
  const fansNeeded = Math.ceil((2 * SETTLEMENT_ORDERS) / itemIds.length);
  log(`seeding: ${fansNeeded} fans and ${2 * SETTLEMENT_ORDERS} open orders for the settlement runs`);
  const fans = await inParallel(
    Array.from({ length: fansNeeded }, (_, index) => index),
    2,
    (index) => signUp(base, { role: 'fan', name: `Fan ${index + 1}`, email: email(`settlement-fan-${index + 1}`) }),
  );
  const orders = await openOrders({ base, fans, itemIds, count: 2 * SETTLEMENT_ORDERS });
  return { oneProcess: orders.slice(0, SETTLEMENT_ORDERS), twoProcesses: orders.slice(SETTLEMENT_ORDERS) };
}

const figures = [];
let failed = false;
try {
  let kholo = await startKholo({ dataDir, logFile, processes: 1, ffmpeg });
  let settlementOrders;
  let payoutCreators;
  try {
    log(`server up at ${kholo.base}: ${setup.database}, ${setup.storage} storage, video tools ${setup.videoTools}`);
    const needsPage = only.has('creator-api') || only.has('pages') || only.has('settlement');
    const needsVideo = only.has('download') || only.has('upload');
    const video = needsVideo ? await seedVideo(kholo) : null;
    const page = needsPage || needsVideo ? await seedCreatorPage(kholo.base) : null;
    if (video !== null) {
      await buyThroughSimulator(kholo.base, page.fan.cookie, video.id);
      video.fanCookie = page.fan.cookie;
    }
    if (only.has('settlement')) settlementOrders = await seedOrders(kholo.base, page.itemIds);
    if (only.has('payouts')) {
      const [photo] = await makePhotos(filesDir, 1);
      const seeded = await seedPayoutCreators({
        base: kholo.base,
        count: PAYOUT_LATENCY_CREATORS + 2 * PAYOUT_BURST_CREATORS,
        photo,
        email,
        log,
      });
      payoutCreators = {
        oneAtATime: seeded.slice(0, PAYOUT_LATENCY_CREATORS),
        burstOneProcess: seeded.slice(PAYOUT_LATENCY_CREATORS, PAYOUT_LATENCY_CREATORS + PAYOUT_BURST_CREATORS),
        burstTwoProcesses: seeded.slice(PAYOUT_LATENCY_CREATORS + PAYOUT_BURST_CREATORS),
      };
    }

    if (only.has('creator-api')) {
      figures.push(
        ...(await creatorApiFigures({
          kholo,
          page: { ...page, fanCookie: page.fan.cookie },
          workDir,
          // The by-hand baseline reads SQLite; on PostgreSQL it is left out.
          databaseFile: setup.database === 'SQLite' ? path.join(dataDir, 'kholo.db') : null,
          database: setup.database,
          authSecret: BENCH_AUTH_SECRET,
          log,
        })),
      );
    }
    if (needsVideo) {
      const uploadsDir = path.join(workDir, 'bare-uploads');
      fs.mkdirSync(uploadsDir);
      figures.push(...(await mediaFigures({ kholo, video, uploadsDir, log, only })));
    }
    if (only.has('image-upload')) figures.push(...(await imageUploadFigures({ kholo, filesDir, email, log })));
    if (only.has('pages')) figures.push(...(await webPageFigures({ kholo, page, log })));
    if (only.has('settlement')) {
      figures.push(
        await settlementFigure({
          kholo,
          orders: settlementOrders.oneProcess,
          secret: simulatorWebhookSecret(BENCH_AUTH_SECRET),
          dataDir,
          processes: 1,
          log,
        }),
      );
    }
    if (only.has('payouts')) {
      figures.push(
        ...(await payoutLatencyFigures({ kholo, creators: payoutCreators.oneAtATime, dataDir, log })),
        await payoutThroughputFigure({
          kholo,
          creators: payoutCreators.burstOneProcess,
          dataDir,
          processes: 1,
          log,
        }),
      );
    }
  } finally {
    await kholo.stop();
  }

  if (only.has('settlement') || only.has('payouts')) {
    kholo = await startKholo({ dataDir, logFile, processes: 2, ffmpeg });
    try {
      log(`server up again with WEB_CONCURRENCY=2: ${kholo.workerCount()} worker process(es)`);
      if (only.has('settlement')) {
        figures.push(
          await settlementFigure({
            kholo,
            orders: settlementOrders.twoProcesses,
            secret: simulatorWebhookSecret(BENCH_AUTH_SECRET),
            dataDir,
            processes: 2,
            baseline: figures.find(
              (entry) => entry.name.startsWith('settlement') && entry.details.processesAsked === 1,
            ),
            log,
          }),
        );
      }
      if (only.has('payouts')) {
        figures.push(
          await payoutThroughputFigure({
            kholo,
            creators: payoutCreators.burstTwoProcesses,
            dataDir,
            processes: 2,
            baseline: figures.find(
              (entry) => entry.name.startsWith('payouts at once') && entry.details.processesAsked === 1,
            ),
            log,
          }),
        );
      }
    } finally {
      await kholo.stop();
    }
  }
} catch (error) {
  failed = true;
  console.error(`\nThe benchmark stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  console.error(`\nServer log (last lines):\n${tail(logFile)}`);
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}

const seconds = Math.round((performance.now() - startedAt) / 1000);
const table = markdownTable(figures);
console.log(`\n${table}\n`);
if (failed) process.exit(1);

const date = new Date().toISOString();
if (fullRun) {
  writeResults(path.join(root, 'bench/results.json'), { date, machineInfo, setup, figures, seconds });
  const updated = updateReadme(path.join(root, 'README.md'), { date, machineInfo, setup, table });
  console.log(
    `Wrote bench/results.json${updated ? ' and the table in README.md' : '; README.md has no bench markers, so it was left alone'} (${seconds} s).`,
  );
} else {
  console.log(`A partial run (--only ${[...only].join(',')}): bench/results.json and README.md were left alone.`);
}

const broken = figures.filter((entry) => entry.pass === false);
if (broken.length > 0) {
  console.error(`Over budget: ${broken.map((entry) => `${entry.name} (${entry.budget})`).join('; ')}`);
  process.exit(1);
}
