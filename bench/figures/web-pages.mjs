// Figure 5: the landing page and a creator page (20 items) as a first-time visitor's phone gets
// them: the JavaScript loaded on first load, gzipped, and Lighthouse 12's performance score with
// its default (mobile) settings in Debian's Chromium.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root } from '../../scripts/lib.mjs';
import { figure } from '../lib/report.mjs';

const DIST = path.join(root, 'apps/web/dist');
/** DESIGN §9, for the landing page. */
const LANDING_JS_BUDGET_KB = 150;
const LIGHTHOUSE_BUDGET = 95;
/** Lighthouse varies from run to run; the median of these many counts. */
const LIGHTHOUSE_RUNS = 3;

/** The flags Chromium needs as root in a container, plus headless. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromePath() {
  return process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** The scripts index.html loads before anything runs: the entry module and its modulepreloads. */
function entryScripts() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
  return [...scripts, ...preloads];
}

/** Bytes of a built asset gzipped: the .gz the build wrote beside it, or gzip -9 of it (small files get none). */
function gzippedBytes(urlPath) {
  const file = path.join(DIST, decodeURIComponent(urlPath.replace(/^\//, '')));
  if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file)) throw new Error(`${urlPath} is not in ${DIST}`);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The metrics Lighthouse 12's performance score weighs (ms, except the layout shift). */
const SCORED_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One Lighthouse run. Lighthouse itself says to run it again after a failed trace (NO_NAVSTART,
 * NO_FCP on a busy machine), so a run that reports a runtime error is tried up to 3 times.
 */
async function lighthouseRun(port, url, log) {
  let lastError;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const { lhr } = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] });
    if (lhr.runtimeError === undefined) return lhr;
    lastError = lhr.runtimeError;
    log(`lighthouse ${url}: attempt ${attempt} failed (${lastError.code}), trying again`);
  }
  throw new Error(`Lighthouse on ${url}: ${lastError.message}`);
}

/** Lighthouse's runs of one page: the median performance score, and every script the page fetched. */
async function audit(port, url, base, log) {
  const scores = [];
  const metrics = [];
  const scripts = new Set();
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const lhr = await lighthouseRun(port, url, log);
    const score = lhr.categories.performance.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave ${url} no performance score`);
    scores.push(Math.round(score * 100));
    // What the score is made of, to see which metric costs points.
    metrics.push(
      Object.fromEntries(SCORED_METRICS.map((id) => [id, Math.round(lhr.audits[id].numericValue * 1000) / 1000])),
    );
    for (const item of lhr.audits['network-requests'].details.items) {
      if (item.resourceType === 'Script' && item.url.startsWith(`${base}/`)) scripts.add(new URL(item.url).pathname);
    }
  }
  log(`lighthouse ${url}: ${scores.join(', ')}`);
  return { score: median(scores), scores, metrics, scripts: [...scripts] };
}

export async function webPageFigures({ kholo, page, log }) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
  try {
    const entry = entryScripts();
    const pages = [
      { name: 'landing page', url: `${kholo.base}/`, jsBudget: LANDING_JS_BUDGET_KB, scoreBudget: LIGHTHOUSE_BUDGET },
      // DESIGN §9 budgets the landing page; the creator page is measured to watch it, not held to it.
      { name: `creator page (${page.itemCount} items)`, url: `${kholo.base}/u/${encodeURIComponent(page.handle)}` },
    ];
    const figures = [];
    for (const target of pages) {
      log(`lighthouse: ${target.name}, ${LIGHTHOUSE_RUNS} runs`);
      const result = await audit(chrome.port, target.url, kholo.base, log);
      const scripts = [...new Set([...entry, ...result.scripts])].sort();
      const kilobytes = scripts.reduce((sum, script) => sum + gzippedBytes(script), 0) / 1000;
      figures.push(
        figure({
          name: `${target.name}: JS on first load, gzipped`,
          value: kilobytes,
          unit: 'kB',
          budget: target.jsBudget === undefined ? null : `≤ ${target.jsBudget} kB`,
          pass: target.jsBudget === undefined ? null : kilobytes <= target.jsBudget,
          details: { scripts },
        }),
        figure({
          name: `${target.name}: Lighthouse performance (mobile)`,
          value: result.score,
          unit: '/ 100',
          budget: target.scoreBudget === undefined ? null : `≥ ${target.scoreBudget}`,
          pass: target.scoreBudget === undefined ? null : result.score >= target.scoreBudget,
          details: { url: target.url, runs: result.scores, metrics: result.metrics },
        }),
      );
    }
    return figures;
  } finally {
    await chrome.kill();
  }
}
