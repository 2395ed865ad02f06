// Figure 5: automatic payouts. Creators who have been paid once withdraw; the payouts simulator
// answers at once (PAYOUTS_SIMULATOR_DELAY_MS=0), so what is measured is Kholo's own path: the
// hold, the send-payout job, the provider's create and balance calls, its webhook, the check
// job and the PAID step. One at a time for the time to PAID (p50, p95), then all at once with 1
// process and with 2 for payouts per second. Afterwards every withdrawal must be PAID exactly
// once and the ledger's invariants hold; a fast run that pays twice or loses one fails.
import { buyThroughSimulator, signUp, uploadItem } from '../lib/kholo-api.mjs';
import { inParallel, timed } from '../lib/http.mjs';
import { benchDatabaseSettings, importServerModule } from '../lib/processes.mjs';
import { figure } from '../lib/report.mjs';

/** A payout that has not reached PAID after this long counts as lost: the figure fails. */
const GIVE_UP_MS = 30_000;
const POLL_MS = 10;

async function api(base, path, { method = 'GET', cookie, json, expect = [200] } = {}) {
  const headers = { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  if (cookie !== undefined) headers.cookie = cookie;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!expect.includes(response.status)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return response.json();
}

export async function adminSession(base) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.255.1' },
    body: JSON.stringify({ email: 'admin@kholo.in', password: 'bench-admin-password', role: 'admin' }),
  });
  if (response.status !== 200) throw new Error(`admin sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function withdrawal(base, cookie, id) {
  const wallet = await api(base, '/api/wallet', { cookie });
  return wallet.history.find((entry) => entry.kind === 'withdrawal' && entry.withdrawal.id === id)?.withdrawal;
}

async function untilPaid(base, cookie, id) {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const current = await withdrawal(base, cookie, id);
    if (current?.status === 'PAID') return;
    if (current !== undefined && !['REQUESTED', 'PROCESSING'].includes(current.status)) {
      throw new Error(`payout ${id} ended ${current.status}: ${current.rejectionReason ?? ''}`);
    }
    if (Date.now() > deadline) throw new Error(`payout ${id} was not PAID after ${GIVE_UP_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function withdrawAll(base, creator) {
  const { balancePaise } = await api(base, '/api/wallet', { cookie: creator.cookie });
  const answer = await api(base, '/api/withdraw', {
    method: 'POST',
    cookie: creator.cookie,
    json: { amount: balancePaise / 100, upi: creator.upiId },
    expect: [201],
  });
  return answer.withdrawal;
}

/**
 * Creators ready for a payout with no review: a verified payout account, a first payout approved
 * and paid, and a second sale in the wallet.
 */
export async function seedPayoutCreators({ base, count, photo, email, log }) {
  log(`seeding: ${count} creators paid once, each with a second sale to withdraw`);
  const admin = await adminSession(base);
  const fan = await signUp(base, { role: 'fan', name: 'Payout Fan', email: email('payout-fan') });
  return inParallel(
    Array.from({ length: count }, (_, index) => index),
    4,
    async (index) => {
      const name = `Bench Creator ${index}`;
      const creator = await signUp(base, { role: 'creator', name, email: email(`payout-creator-${index}`) });
      // The simulated bank names `bench.creator…@okaxis` BENCH CREATOR: her legal name.
      const upiId = `bench.creator${index}@okaxis`;
      await api(base, '/api/studio/payout-account', {
        method: 'PUT',
        cookie: creator.cookie,
        json: { upiId, legalName: name, pan: 'BENCH1234B' },
      });
      const item = await uploadItem(base, creator.cookie, {
        title: `Payout item ${index}`,
        pricePaise: 99_900,
        file: photo,
        fileName: 'photo.jpg',
        type: 'image/jpeg',
      });
      const ready = { ...creator, upiId };
      await buyThroughSimulator(base, fan.cookie, item.id);
      const first = await withdrawAll(base, ready);
      await api(base, '/api/admin/withdrawals/approve', { method: 'POST', cookie: admin, json: { id: first.id } });
      await untilPaid(base, creator.cookie, first.id);
      // A second fan each time: one fan may hold one open order per item, and this one is paid.
      const buyer = await signUp(base, { role: 'fan', name: 'Second Fan', email: email(`payout-fan-${index}`) });
      await buyThroughSimulator(base, buyer.cookie, item.id);
      return ready;
    },
  );
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** The database's own account: each of these withdrawals PAID with one paid posting, and the ledger whole. */
async function checkPaidOnce({ dataDir, ids }) {
  const { connectDatabase } = await importServerModule('db/connect.js');
  const { createLedger } = await importServerModule('features/ledger/index.js');
  const database = connectDatabase(benchDatabaseSettings(dataDir), console);
  try {
    const { db } = database;
    const paid = await db
      .selectFrom('withdrawals')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'PAID')
      .execute();
    const postings = await db
      .selectFrom('ledgerTransactions')
      .select('withdrawalId')
      .where('withdrawalId', 'in', ids)
      .where('kind', '=', 'withdrawal_paid')
      .execute();
    const report = await createLedger(db).check();
    const problems = [];
    if (paid.length !== ids.length) problems.push(`${ids.length - paid.length} withdrawals not PAID`);
    if (postings.length !== ids.length) problems.push(`${postings.length} paid postings for ${ids.length} withdrawals`);
    if (
      report.ledgerTotal !== 0 ||
      report.unbalancedTransactions.length > 0 ||
      report.balanceMismatches.length > 0 ||
      report.negativeBalances.length > 0 ||
      report.inTransitMismatch !== null
    ) {
      problems.push(`ledger invariants broken: ${JSON.stringify(report)}`);
    }
    return problems;
  } finally {
    await database.close();
  }
}

/**
 * Watches the database (a connection of the bench's own, so watching adds no HTTP load to the
 * server being measured): how many of `ids` are PAID, and whether any ended otherwise.
 */
async function paidWatcher(dataDir) {
  const { connectDatabase } = await importServerModule('db/connect.js');
  const database = connectDatabase(benchDatabaseSettings(dataDir), console);
  return {
    async untilPaid(ids) {
      const deadline = Date.now() + GIVE_UP_MS;
      for (;;) {
        const rows = await database.db
          .selectFrom('withdrawals')
          .select(['id', 'status'])
          .where('id', 'in', ids)
          .execute();
        const ended = rows.filter((row) => !['REQUESTED', 'PROCESSING', 'PAID'].includes(row.status));
        if (ended.length > 0) throw new Error(`payouts ended unpaid: ${JSON.stringify(ended.slice(0, 3))}`);
        if (rows.filter((row) => row.status === 'PAID').length === ids.length) return;
        if (Date.now() > deadline) throw new Error(`payouts not PAID after ${GIVE_UP_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    close: () => database.close(),
  };
}

/** Time from POST /api/withdraw to PAID, one payout at a time. */
export async function payoutLatencyFigures({ kholo, creators, dataDir, log }) {
  log(`payouts: ${creators.length} withdrawals one at a time, POST /api/withdraw → PAID`);
  const watcher = await paidWatcher(dataDir);
  const times = [];
  const ids = [];
  try {
    for (const creator of creators) {
      const started = performance.now();
      const asked = await withdrawAll(kholo.base, creator);
      await watcher.untilPaid([asked.id]);
      times.push(performance.now() - started);
      ids.push(asked.id);
    }
  } finally {
    await watcher.close();
  }
  const problems = await checkPaidOnce({ dataDir, ids });
  if (problems.length > 0) log(`payouts FAILED: ${problems.join('; ')}`);
  const sorted = [...times].sort((a, b) => a - b);
  const details = { payouts: times.length, pollMs: POLL_MS, problems };
  return [0.5, 0.95].map((fraction) =>
    figure({
      name: `payout, POST /api/withdraw → PAID (simulator at zero delay), p${fraction * 100}`,
      value: percentile(sorted, fraction),
      unit: 'ms',
      budget: 'paid once, under a minute',
      pass: problems.length === 0 && percentile(sorted, fraction) < 60_000,
      details,
    }),
  );
}

/** Every creator withdraws at once; payouts per second until the last is PAID. */
export async function payoutThroughputFigure({ kholo, creators, dataDir, processes, baseline, log }) {
  const workers = kholo.workerCount();
  const label =
    workers === processes
      ? `${processes} process${processes === 1 ? '' : 'es'}`
      : `WEB_CONCURRENCY=${processes} but ${workers} process ran`;
  log(`payouts (${label}): ${creators.length} withdrawals at once`);
  const watcher = await paidWatcher(dataDir);
  let ids = [];
  let seconds;
  try {
    ({ seconds } = await timed(async () => {
      const asked = await inParallel(creators, creators.length, (creator) => withdrawAll(kholo.base, creator));
      ids = asked.map((entry) => entry.id);
      await watcher.untilPaid(ids);
    }));
  } finally {
    await watcher.close();
  }
  const problems = await checkPaidOnce({ dataDir, ids });
  if (problems.length > 0) log(`payouts (${label}) FAILED: ${problems.join('; ')}`);
  return figure({
    name: `payouts at once, ${label}`,
    value: creators.length / seconds,
    unit: 'payouts/s',
    baseline: baseline?.value ?? null,
    baselineName: baseline === undefined ? null : '1 process',
    budget: 'every payout paid exactly once',
    pass: problems.length === 0,
    details: { processesAsked: processes, workers, payouts: creators.length, seconds, problems },
  });
}
