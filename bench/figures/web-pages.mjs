// Figure 5: the landing page and a creator page (20 items) as a first-time visitor's phone gets
// them: the JavaScript loaded on first load, gzipped, Lighthouse 12's performance score and its
// LCP, TBT and CLS with its default (mobile) settings in Debian's Chromium, and whether the first
// response's HTML alone holds the creator's name and first three titles (ADR 027).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root } from '../../scripts/lib.mjs';
import { figure } from '../lib/report.mjs';

const DIST = path.join(root, 'apps/web/dist');
/** Issue 25's targets (DESIGN §9 asked 150 kB and 95 of the landing page before it). */
const BUDGETS = {
  landing: { jsKb: 60, score: 98 },
  creator: { jsKb: 90, score: 97, lcpMs: 1800, tbtMs: 100, cls: 0.02 },
};
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
  const medianOf = (id) => median(metrics.map((run) => run[id]));
  return {
    score: median(scores),
    scores,
    metrics,
    lcp: medianOf('largest-contentful-paint'),
    tbt: medianOf('total-blocking-time'),
    cls: medianOf('cumulative-layout-shift'),
    scripts: [...scripts],
  };
}

/**
 * Whether the page's first response, before any script runs, holds the creator's name and the
 * titles of the first three cards a visitor sees (asked of the API, which orders them).
 */
async function firstResponseHolds(kholo, handle) {
  const answer = await (await fetch(`${kholo.base}/api/creators/${encodeURIComponent(handle)}`)).json();
  const expected = [answer.creator.name, ...answer.items.slice(0, 3).map((item) => item.title)];
  const html = await (await fetch(`${kholo.base}/u/${encodeURIComponent(handle)}`)).text();
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const missing = expected.filter((text) => !html.includes(escape(text)));
  return { expected, missing };
}

export async function webPageFigures({ kholo, page, log }) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
  try {
    const entry = entryScripts();
    const pages = [
      { name: 'landing page', url: `${kholo.base}/`, budget: BUDGETS.landing },
      {
        name: `creator page (${page.itemCount} items)`,
        url: `${kholo.base}/u/${encodeURIComponent(page.handle)}`,
        budget: BUDGETS.creator,
      },
    ];
    const held = await firstResponseHolds(kholo, page.handle);
    const figures = [
      figure({
        name: 'creator page: name and first three titles in the first response (no script run)',
        value: held.expected.length - held.missing.length,
        unit: `of ${held.expected.length}`,
        budget: `${held.expected.length} of ${held.expected.length}`,
        pass: held.missing.length === 0,
        details: held,
      }),
    ];
    for (const target of pages) {
      log(`lighthouse: ${target.name}, ${LIGHTHOUSE_RUNS} runs`);
      const result = await audit(chrome.port, target.url, kholo.base, log);
      const scripts = [...new Set([...entry, ...result.scripts])].sort();
      const kilobytes = scripts.reduce((sum, script) => sum + gzippedBytes(script), 0) / 1000;
      const { budget } = target;
      const metric = (label, value, unit, limit, details = {}) =>
        figure({
          name: `${target.name}: ${label}`,
          value,
          unit,
          budget:
            limit === undefined
              ? null
              : `${label.startsWith('Lighthouse') ? '≥' : '≤'} ${limit}${unit === '/ 100' || unit === '' ? '' : ` ${unit}`}`,
          pass: limit === undefined ? null : label.startsWith('Lighthouse') ? value >= limit : value <= limit,
          details,
        });
      figures.push(
        metric('JS on first load, gzipped', kilobytes, 'kB', budget.jsKb, { scripts }),
        metric('Lighthouse performance (mobile)', result.score, '/ 100', budget.score, {
          url: target.url,
          runs: result.scores,
          metrics: result.metrics,
        }),
        metric('largest contentful paint (median)', Math.round(result.lcp), 'ms', budget.lcpMs),
        metric('total blocking time (median)', Math.round(result.tbt), 'ms', budget.tbtMs),
        metric('cumulative layout shift (median)', Math.round(result.cls * 1000) / 1000, '', budget.cls),
      );
    }
    return figures;
  } finally {
    await chrome.kill();
  }
}
