// npm run crash-test [-- --rounds N] [-- --keep]: crash safety on the embedded defaults (SQLite
// and media under a temp DATA_DIR). Each round drives uploads, deletes, avatar changes,
// payments (simulator checkout and signed webhooks, some duplicated), withdrawals, the
// admin's payouts and refunds (admin, some double-clicked, and creators') at once, kills the
// server with SIGKILL at a random moment, starts it again and checks: the ledger's invariants,
// PRAGMA integrity_check and foreign_key_check, that every webhook answered 2xx left a PAID order
// with its unlock and sale or a payment that bought nothing closed and refunded, that no stored
// file lacks a live row and no row lacks its file, that staging is empty, that every payment the
// bank confirmed only after its checkout expired (some after Kholo had marked the order EXPIRED)
// settled exactly once, that every paid order has exactly one receipt, sent (one file in the
// outbox) or still queued, never lost to the kill, and that every refund is posted once and given
// back at most once at the provider, in agreement with it. After the last round every payout and
// refund in flight must settle. See scripts/crash/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from './build-if-needed.mjs';
import {
  checkRound,
  debrisAfterKill,
  ordersSettledAfterExpiry,
  payoutsInFlight,
  refundAnswersUnheard,
  refundsInFlight,
  settledPayoutProblems,
  settledRefundProblems,
  unsettledOrders,
} from './crash/checks.mjs';
import { createHttpClient, simulatorWebhookSecret } from './crash/http-client.mjs';
import {
  armLateSuccess,
  createCast,
  makeImages,
  postRefundWebhook,
  postSuccessWebhook,
  startLoad,
} from './crash/load.mjs';
import { killServer, startServer, stopServer } from './crash/server-process.mjs';

const { values: options } = parseArgs({
  options: { rounds: { type: 'string', default: '20' }, keep: { type: 'boolean', default: false } },
});
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('crash-test: --rounds must be a whole number of at least 1');
  process.exit(2);
}
/** The kill comes this long after the load starts: early, mid-upload, or well into it. */
const KILL_AFTER_MS = { min: 200, max: 3000 };
/**
 * How long the last server gets to settle payouts and refunds a kill left sending (the payouts
 * reconciler runs every 30 s; a send-refund job the kill cut off is tried again 15–30 s later).
 */
const SETTLE_MS = 75_000;
/** A refund the simulator answered this long ago whose webhook Kholo never acted on was lost to a kill. */
const REFUND_WEBHOOK_LOST_AFTER_MS = 2000;
/** How long after a restart the simulator gets to deliver late successes by itself. */
const LATE_SUCCESS_WAIT_MS = 4000;

await buildIfNeeded({ only: ['packages/contracts', 'apps/server'] });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-crash-'));
const logFile = path.join(dataDir, 'server.log');
const AUTH_SECRET = 'crash-test-auth-secret-0123456789abcdef';
const admin = { email: 'admin@crash.test', password: 'crash-test-admin-password' };
// Only what this test sets: a DATABASE_URL or S3_* from the shell must not point it elsewhere.
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  AUTH_SECRET,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  FFMPEG_PATH: 'off',
  LOG_LEVEL: 'warn',
  // Each request of the load names its own client address, as if from many phones.
  TRUST_PROXY: 'true',
  // Two creators upload without pause for the whole test; the hourly cap is not what is tested.
  UPLOADS_PER_CREATOR_PER_HOUR: '1000000',
};

let server = null;
process.on('exit', () => server?.child.kill('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server?.child.kill('SIGKILL');
    process.exit(130);
  });
}

function fail(message) {
  console.error(`crash-test: FAILED ${message}`);
  console.error(`crash-test: DATA_DIR and server log kept in ${dataDir}`);
  server?.child.kill('SIGKILL');
  process.exit(1);
}

const totals = {
  kills: 0,
  payments: 0,
  expiredSeen: 0,
  lateRetried: 0,
  uploads: 0,
  withdrawals: 0,
  webhooks2xx: 0,
  deletes: 0,
  avatars: 0,
  refunds: 0,
  creatorRefunds: 0,
  doubleClicks: 0,
  refundRetries: 0,
  pendingKeysLeft: 0,
  stagedLeft: 0,
};
const webhooksAccepted = new Set();
/** Orders paid with a success the bank confirmed after the checkout expired: each must end PAID once. */
const lateSuccesses = new Map();
const images = await makeImages();
const webhookSecret = simulatorWebhookSecret(AUTH_SECRET);

try {
  server = await startServer({ env, logFile });
} catch (error) {
  fail(`the server would not start: ${error.message} (log: ${logFile})`);
}
const cast = await createCast(createHttpClient(server.baseUrl), { admin });
await armLateSuccess(createHttpClient(server.baseUrl), cast);

/**
 * After a restart, every late success settles: the restarted simulator confirms the attempts
 * that came due while the server was down and sends their webhooks. One whose webhook the kill
 * swallowed (recorded, not yet sent) gets it again, as Cashfree retries a delivery that failed.
 * Answers how many needed that retry.
 */
async function settleLateSuccesses() {
  const request = createHttpClient(server.baseUrl);
  // The fan's page asks again, as it does after a reload.
  for (const orderId of unsettledOrders(dataDir, [...lateSuccesses.keys()])) {
    const { cookie } = lateSuccesses.get(orderId);
    await request('POST', '/api/payment/verify-payment', { cookie, json: { order_id: orderId } });
  }
  const deadline = Date.now() + LATE_SUCCESS_WAIT_MS;
  let unpaid = unsettledOrders(dataDir, [...lateSuccesses.keys()]);
  while (unpaid.length > 0 && Date.now() < deadline) {
    // What came due while the server was down, now rather than at the simulator's next tick.
    await request('POST', '/__simulator/run-due', { cookie: cast.admin.cookie });
    await new Promise((resolve) => setTimeout(resolve, 100));
    unpaid = unsettledOrders(dataDir, [...lateSuccesses.keys()]);
  }
  for (const orderId of unpaid) {
    const { order } = lateSuccesses.get(orderId);
    const answer = await postSuccessWebhook(request, webhookSecret, order, `late-${orderId}`);
    if (answer.status !== 200) fail(`the retried webhook of late success ${orderId} got ${answer.status}`);
  }
  return unpaid.length;
}

for (let round = 1; round <= rounds; round += 1) {
  const started = Date.now();
  const stats = {
    payments: 0,
    uploads: 0,
    withdrawals: 0,
    webhooks2xx: 0,
    deletes: 0,
    avatars: 0,
    expiredSeen: 0,
    refunds: 0,
    creatorRefunds: 0,
    doubleClicks: 0,
    refundRetries: 0,
  };
  const load = startLoad({
    request: createHttpClient(server.baseUrl),
    cast,
    images,
    webhookSecret,
    stats,
    webhooksAccepted,
    lateSuccesses,
  });
  const killAfter = KILL_AFTER_MS.min + Math.floor(Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
  await new Promise((resolve) => setTimeout(resolve, killAfter));
  load.markKilled();
  const death = await killServer(server);
  await load.stop();
  if (death.signal !== 'SIGKILL') fail(`round ${round}: the server had already exited: ${JSON.stringify(death)}`);
  totals.kills += 1;
  for (const key of Object.keys(stats)) totals[key] += stats[key];
  const debris = debrisAfterKill(dataDir);
  totals.pendingKeysLeft += debris.pendingKeys ?? 0;
  totals.stagedLeft += debris.staged;

  try {
    server = await startServer({ env, logFile });
  } catch (error) {
    fail(`round ${round}: the server would not start again after the kill: ${error.message} (log: ${logFile})`);
  }
  await armLateSuccess(createHttpClient(server.baseUrl), cast);
  const lateRetried = await settleLateSuccesses();
  totals.lateRetried += lateRetried;
  const { problems, files, liveItems, receipts, payouts, refunds } = await checkRound({
    dataDir,
    webhooksAccepted,
    lateSuccesses,
  });
  problems.unshift(...load.unexpected.map((line) => `before the kill: ${line}`));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `round ${String(round).padStart(2)}/${rounds}: killed after ${String(killAfter).padStart(4)} ms; ` +
      `uploads ${stats.uploads}, deletes ${stats.deletes}, avatars ${stats.avatars}, payments ${stats.payments}, ` +
      `webhooks 2xx ${stats.webhooks2xx}, withdrawals ${stats.withdrawals}, ` +
      `refunds ${stats.refunds} by the admin (${stats.doubleClicks} double-clicked, ${stats.refundRetries} sent again) ` +
      `and ${stats.creatorRefunds} by creators, ` +
      `late successes ${lateSuccesses.size} so far (${stats.expiredSeen} seen EXPIRED by the fan, ${lateRetried} retried); ` +
      `left by the kill: ${debris.pendingKeys ?? '?'} pending keys, ${debris.staged} staged files, ` +
      `${debris.unsentJobs ?? '?'} unfinished jobs; ` +
      `after restart: ${liveItems} live items, ${files} files, ${receipts} receipts, withdrawals ${JSON.stringify(payouts)}, ` +
      `refunds ${JSON.stringify(refunds)}; ` +
      `${problems.length === 0 ? 'ok' : 'FAILED'} (${seconds} s)`,
  );
  if (problems.length > 0) fail(`round ${round}:\n  ${problems.join('\n  ')}`);
}

// Never neither: every payout sent before a kill ends paid or back in the wallet, by its webhook or
// by the reconciler (every 30 s), and every refund issued ends given back (or refused by the
// provider), by its job, its webhook or the refunds reconciler, however the kills fell.
const settleStarted = Date.now();
const settleDeadline = settleStarted + SETTLE_MS;
/** Refunds whose answer from the provider was delivered again (once each). */
const refundWebhooksRetried = new Set();
/** How long each took to settle, for the summary (the time npm test spends here). */
const settledAfterMs = { payouts: null, refunds: null };
for (;;) {
  const inFlight = { payouts: payoutsInFlight(dataDir), refunds: refundsInFlight(dataDir) };
  for (const kind of Object.keys(inFlight)) {
    if (inFlight[kind] === 0) settledAfterMs[kind] ??= Date.now() - settleStarted;
  }
  if ((inFlight.payouts === 0 && inFlight.refunds === 0) || Date.now() >= settleDeadline) break;
  const request = createHttpClient(server.baseUrl);
  await request('POST', '/__simulator/payouts/run-due', { cookie: cast.admin.cookie });
  await request('POST', '/__simulator/run-due', { cookie: cast.admin.cookie });
  // The simulator keeps a webhook's retries in memory, so a kill loses them: they come again, as
  // Cashfree retries a delivery that failed.
  for (const { orderId, refund } of refundAnswersUnheard(dataDir, REFUND_WEBHOOK_LOST_AFTER_MS)) {
    if (refundWebhooksRetried.has(refund.refundId)) continue;
    refundWebhooksRetried.add(refund.refundId);
    const answer = await postRefundWebhook(request, webhookSecret, orderId, refund);
    if (answer.status !== 200) fail(`the retried webhook of refund ${refund.refundId} got ${answer.status}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const payoutsSettled = settledPayoutProblems(dataDir);
if (payoutsSettled.problems.length > 0) fail(`after the last round:\n  ${payoutsSettled.problems.join('\n  ')}`);
if (rounds >= 10 && (payoutsSettled.counts.PAID ?? 0) === 0) {
  fail('no withdrawal was paid automatically: the payouts path was never exercised');
}
const refundsSettled = await settledRefundProblems(dataDir);
if (refundsSettled.problems.length > 0) fail(`after the last round:\n  ${refundsSettled.problems.join('\n  ')}`);
if (rounds >= 10 && (refundsSettled.counts.SUCCESS ?? 0) === 0) {
  fail('no refund was given back at the provider: the refunds path was never exercised');
}

// The path this round of checks is for: orders Kholo had marked EXPIRED, then settled.
const settledAfterExpiry = ordersSettledAfterExpiry(dataDir, [...lateSuccesses.keys()]);
if (rounds >= 10 && settledAfterExpiry === 0) {
  fail('no late success settled an order Kholo had already marked EXPIRED: the path was never exercised');
}

const stopped = await stopServer(server);
server = null;
if (stopped.code !== 0) fail(`the last server did not stop cleanly on SIGTERM: ${JSON.stringify(stopped)}`);
if (options.keep) console.log(`crash-test: DATA_DIR kept in ${dataDir}`);
else fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `crash-test: ${rounds}/${rounds} rounds passed (kills: ${totals.kills}, payments: ${totals.payments}, ` +
    `uploads: ${totals.uploads}, withdrawals: ${totals.withdrawals} (${JSON.stringify(payoutsSettled.counts)}), webhooks 2xx: ${totals.webhooks2xx}, ` +
    `refunds: ${totals.refunds} by the admin (${totals.doubleClicks} double-clicked, ${totals.refundRetries} sent again), ` +
    `${totals.creatorRefunds} by creators, all ${JSON.stringify(refundsSettled.counts)} ` +
    `(${refundWebhooksRetried.size} needing a retried webhook), ` +
    `deletes: ${totals.deletes}, avatar changes: ${totals.avatars}, late successes: ${lateSuccesses.size} ` +
    `(${settledAfterExpiry} settled after Kholo had marked them EXPIRED, ${totals.lateRetried} needing a retried webhook); ` +
    `payouts and refunds in flight settled after the last round in ` +
    `${(settledAfterMs.payouts / 1000).toFixed(1)} s and ${(settledAfterMs.refunds / 1000).toFixed(1)} s; ` +
    `cleaned up after kills: ` +
    `${totals.pendingKeysLeft} pending storage keys, ${totals.stagedLeft} staged files)`,
);
