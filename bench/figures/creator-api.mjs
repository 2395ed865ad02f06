// Figure 1: the public creator page API (GET /api/creators/:username, what /u/{handle} fetches)
// for a creator with 20 items, asked by a signed-in fan who has unlocked some of them and by a
// visitor with no cookie, against a bare Fastify route answering the same JSON bytes (DESIGN §9's
// budget, and issue 25's throughput share), and, on SQLite, against a bare route that does the
// same reads by hand (what the work itself costs; ADR 015, ADR 026).
import fs from 'node:fs';
import path from 'node:path';
import { request } from '../lib/http.mjs';
import { load } from '../lib/load.mjs';
import { startBaseline } from '../lib/processes.mjs';
import { figure } from '../lib/report.mjs';

/** Throughput: as many requests as this many keep-alive connections can carry. */
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const SECONDS = 8;
/** DESIGN §9: the public profile API stays within 2× the latency of the bare route. */
const LATENCY_BUDGET_RATIO = 2;
/** Issue 25: throughput at least this share of the bare JSON route's, same run (ADR 026). */
const THROUGHPUT_SHARE = { SQLite: 0.33, PostgreSQL: 0.25 };
/** Issue 25: mean latency no more than the same reads by hand (the cache makes it faster). */
const BY_HAND_RATIO = 1;
const BARE_NAME = 'bare Fastify route, same JSON';
const READING_NAME = 'bare route, same reads by hand';

export async function creatorApiFigures({ kholo, page, workDir, databaseFile, database, authSecret, log }) {
  const pathname = `/api/creators/${encodeURIComponent(page.handle)}`;
  const viewers = [
    { label: 'signed-in fan', headers: { cookie: page.fanCookie } },
    { label: 'visitor', headers: {} },
  ];
  for (const viewer of viewers) {
    const real = await request(`${kholo.base}${pathname}`, { headers: viewer.headers });
    if (real.status !== 200) throw new Error(`${pathname} answered ${real.status} to the ${viewer.label}`);
    viewer.body = real.body;
    viewer.page = JSON.parse(real.body.toString('utf8'));
  }
  const [fan, visitor] = viewers;
  const unlocked = fan.page.items.filter((item) => item.access.kind === 'unlocked').length;
  if (fan.page.items.length !== page.itemCount || unlocked !== page.unlockedCount) {
    throw new Error(
      `${pathname} shows ${fan.page.items.length} items, ${unlocked} unlocked; the seed made ${page.itemCount}, ${page.unlockedCount} unlocked`,
    );
  }
  if (visitor.page.totalCount !== page.itemCount || visitor.page.items.length >= page.itemCount) {
    throw new Error(`${pathname} shows a visitor ${visitor.page.items.length} of ${visitor.page.totalCount} items`);
  }
  const fanFile = path.join(workDir, 'creator-page.json');
  const visitorFile = path.join(workDir, 'creator-page-visitor.json');
  fs.writeFileSync(fanFile, fan.body);
  fs.writeFileSync(visitorFile, visitor.body);

  const bare = await startBaseline('bare-json-server.mjs', [fanFile, visitorFile]);
  const reading = databaseFile === null ? null : await startBaseline('bare-db-server.mjs', [databaseFile, authSecret]);
  try {
    for (const [name, baseline] of [
      [BARE_NAME, bare],
      [READING_NAME, reading],
    ]) {
      if (baseline === null) continue;
      for (const viewer of viewers) {
        const copy = await request(`${baseline.base}${pathname}`, { headers: viewer.headers });
        if (!copy.body.equals(viewer.body)) {
          throw new Error(
            `the ${name} does not answer the ${viewer.label} the same bytes:\n${copy.body}\nKholo:\n${viewer.body}`,
          );
        }
      }
    }

    const figures = [];
    const share = THROUGHPUT_SHARE[database] ?? THROUGHPUT_SHARE.SQLite;
    for (const viewer of viewers) {
      const { label, headers } = viewer;
      const run = (base, options) => load({ url: `${base}${pathname}`, headers, connections: CONNECTIONS, ...options });
      log(`creator API, ${label}: ${viewer.body.length} bytes, ${viewer.page.items.length} items; warming up`);
      await run(kholo.base, { seconds: WARM_UP_SECONDS });
      await run(bare.base, { seconds: WARM_UP_SECONDS });

      log(`creator API, ${label}: as fast as ${CONNECTIONS} connections go, ${SECONDS} s each side`);
      const kholoFull = await run(kholo.base, { seconds: SECONDS });
      const bareFull = await run(bare.base, { seconds: SECONDS });
      // Latency is compared one request at a time, so it is what a request costs and not how long
      // it queued behind others in the slower server (the throughput figure shows that). The
      // baseline goes first this time.
      log(`creator API, ${label}: one request at a time, ${SECONDS} s each side`);
      const bareAlone = await run(bare.base, { seconds: SECONDS, connections: 1 });
      const kholoAlone = await run(kholo.base, { seconds: SECONDS, connections: 1 });
      if (reading !== null) await run(reading.base, { seconds: WARM_UP_SECONDS, connections: 1 });
      const readingAlone = reading === null ? null : await run(reading.base, { seconds: SECONDS, connections: 1 });

      const details = { viewer: label, bytes: viewer.body.length, items: viewer.page.items.length, unlocked };
      const full = { ...details, connections: CONNECTIONS, kholo: kholoFull, bare: bareFull };
      const alone = { ...details, connections: 1, kholo: kholoAlone, bare: bareAlone };
      figures.push(
        figure({
          name: `creator API throughput, ${label} (${CONNECTIONS} connections)`,
          value: kholoFull.requestsPerSecond,
          unit: 'req/s',
          baseline: bareFull.requestsPerSecond,
          baselineName: BARE_NAME,
          budget: `≥ ${share.toFixed(2)}× baseline`,
          pass: kholoFull.requestsPerSecond >= share * bareFull.requestsPerSecond,
          details: full,
        }),
        figure({
          name: `creator API p99 latency at full load, ${label} (${CONNECTIONS} connections)`,
          value: kholoFull.p99Ms,
          unit: 'ms',
          baseline: bareFull.p99Ms,
          baselineName: BARE_NAME,
          details: full,
        }),
        figure({
          name: `creator API p99 latency, ${label}, one request at a time`,
          value: kholoAlone.p99Ms,
          unit: 'ms',
          baseline: bareAlone.p99Ms,
          baselineName: BARE_NAME,
          budget: `p99 ≤ ${LATENCY_BUDGET_RATIO}× baseline`,
          pass: kholoAlone.p99Ms <= LATENCY_BUDGET_RATIO * bareAlone.p99Ms,
          details: alone,
        }),
        figure({
          name: `creator API mean latency, ${label}, one request at a time`,
          value: kholoAlone.meanMs,
          unit: 'ms',
          baseline: bareAlone.meanMs,
          baselineName: BARE_NAME,
          budget: `mean ≤ ${LATENCY_BUDGET_RATIO}× baseline`,
          pass: kholoAlone.meanMs <= LATENCY_BUDGET_RATIO * bareAlone.meanMs,
          details: alone,
        }),
      );
      if (readingAlone !== null) {
        figures.push(
          figure({
            name: `creator API mean latency, ${label}, one request at a time, against the same reads by hand`,
            value: kholoAlone.meanMs,
            unit: 'ms',
            baseline: readingAlone.meanMs,
            baselineName: READING_NAME,
            budget: `mean ≤ ${BY_HAND_RATIO.toFixed(1)}× baseline`,
            pass: kholoAlone.meanMs <= BY_HAND_RATIO * readingAlone.meanMs,
            details: { ...alone, bare: readingAlone },
          }),
        );
      }
    }
    return figures;
  } finally {
    await bare.stop();
    await reading?.stop();
  }
}
