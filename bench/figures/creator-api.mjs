// Figure 1: the public creator page API (GET /api/creators/:username, what /u/{handle} fetches)
// for a creator with 20 items, asked by a signed-in fan who has unlocked some of them, against a
// bare Fastify route answering the same JSON bytes (DESIGN §9's budget), and, on SQLite, against
// a bare route that does the same reads by hand (what the work itself costs; ADR 015).
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
const BARE_NAME = 'bare Fastify route, same JSON';
const READING_NAME = 'bare route, same reads by hand';

export async function creatorApiFigures({ kholo, page, workDir, databaseFile, authSecret, log }) {
  const pathname = `/api/creators/${encodeURIComponent(page.handle)}`;
  const headers = { cookie: page.fanCookie };
  const real = await request(`${kholo.base}${pathname}`, { headers });
  if (real.status !== 200) throw new Error(`${pathname} answered ${real.status}`);
  const body = JSON.parse(real.body.toString('utf8'));
  const unlocked = body.items.filter((item) => item.access.kind === 'unlocked').length;
  if (body.items.length !== page.itemCount || unlocked !== page.unlockedCount) {
    throw new Error(
      `${pathname} shows ${body.items.length} items, ${unlocked} unlocked; the seed made ${page.itemCount}, ${page.unlockedCount} unlocked`,
    );
  }
  const jsonFile = path.join(workDir, 'creator-page.json');
  fs.writeFileSync(jsonFile, real.body);

  const bare = await startBaseline('bare-json-server.mjs', [jsonFile]);
  const reading = databaseFile === null ? null : await startBaseline('bare-db-server.mjs', [databaseFile, authSecret]);
  try {
    for (const [name, baseline] of [
      [BARE_NAME, bare],
      [READING_NAME, reading],
    ]) {
      if (baseline === null) continue;
      const copy = await request(`${baseline.base}${pathname}`, { headers });
      if (!copy.body.equals(real.body)) {
        throw new Error(`the ${name} does not answer the same bytes:\n${copy.body}\nKholo:\n${real.body}`);
      }
    }

    const run = (base, options) => load({ url: `${base}${pathname}`, headers, connections: CONNECTIONS, ...options });
    log(`creator API: ${real.body.length} bytes, ${body.items.length} items (${unlocked} unlocked); warming up`);
    await run(kholo.base, { seconds: WARM_UP_SECONDS });
    await run(bare.base, { seconds: WARM_UP_SECONDS });

    log(`creator API: as fast as ${CONNECTIONS} connections go, ${SECONDS} s each side`);
    const kholoFull = await run(kholo.base, { seconds: SECONDS });
    const bareFull = await run(bare.base, { seconds: SECONDS });
    // Latency is compared one request at a time, so it is what a request costs and not how long
    // it queued behind others in the slower server (the throughput figure shows that). The
    // baseline goes first this time.
    log(`creator API: one request at a time, ${SECONDS} s each side`);
    const bareAlone = await run(bare.base, { seconds: SECONDS, connections: 1 });
    const kholoAlone = await run(kholo.base, { seconds: SECONDS, connections: 1 });
    if (reading !== null) await run(reading.base, { seconds: WARM_UP_SECONDS, connections: 1 });
    const readingAlone = reading === null ? null : await run(reading.base, { seconds: SECONDS, connections: 1 });

    const details = { bytes: real.body.length, items: body.items.length, unlocked, connections: CONNECTIONS };
    const baselineName = BARE_NAME;
    return [
      figure({
        name: `creator API throughput (${CONNECTIONS} connections)`,
        value: kholoFull.requestsPerSecond,
        unit: 'req/s',
        baseline: bareFull.requestsPerSecond,
        baselineName,
        details: { ...details, kholo: kholoFull, bare: bareFull },
      }),
      figure({
        name: `creator API p99 latency at full load (${CONNECTIONS} connections)`,
        value: kholoFull.p99Ms,
        unit: 'ms',
        baseline: bareFull.p99Ms,
        baselineName,
        details: { ...details, kholo: kholoFull, bare: bareFull },
      }),
      figure({
        name: 'creator API p99 latency, one request at a time',
        value: kholoAlone.p99Ms,
        unit: 'ms',
        baseline: bareAlone.p99Ms,
        baselineName,
        budget: `p99 ≤ ${LATENCY_BUDGET_RATIO}× baseline`,
        pass: kholoAlone.p99Ms <= LATENCY_BUDGET_RATIO * bareAlone.p99Ms,
        details: { ...details, connections: 1, kholo: kholoAlone, bare: bareAlone },
      }),
      figure({
        name: 'creator API mean latency, one request at a time',
        value: kholoAlone.meanMs,
        unit: 'ms',
        baseline: bareAlone.meanMs,
        baselineName,
        budget: `mean ≤ ${LATENCY_BUDGET_RATIO}× baseline`,
        pass: kholoAlone.meanMs <= LATENCY_BUDGET_RATIO * bareAlone.meanMs,
        details: { ...details, connections: 1, kholo: kholoAlone, bare: bareAlone },
      }),
      ...(readingAlone === null
        ? []
        : [
            figure({
              name: 'creator API mean latency, one request at a time, against the same reads by hand',
              value: kholoAlone.meanMs,
              unit: 'ms',
              baseline: readingAlone.meanMs,
              baselineName: READING_NAME,
              details: { ...details, connections: 1, kholo: kholoAlone, bare: readingAlone },
            }),
          ]),
    ];
  } finally {
    await bare.stop();
    await reading?.stop();
  }
}
