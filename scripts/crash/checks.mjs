// What must hold after every crash and restart (issue 7 item 5), read straight from DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { referencedKeys } from '../backup.mjs';
import { root } from '../lib.mjs';

const STORAGE_FOLDERS = ['media', 'previews', 'displays', 'avatars'];

function filesUnder(folder) {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** A module of the built server (apps/server/dist). */
function builtModule(relative) {
  return import(pathToFileURL(path.join(root, 'apps/server/dist', relative)).href);
}

/** The server's own ledger check (features/ledger), run on the built code against the file. */
async function ledgerProblems(databaseFile) {
  const { connectDatabase } = await builtModule('db/connect.js');
  const { createLedger } = await builtModule('features/ledger/index.js');
  const handle = connectDatabase({ kind: 'sqlite', file: databaseFile }, { error: () => undefined });
  try {
    const report = await createLedger(handle.db).check();
    const problems = [];
    if (report.ledgerTotal !== 0) problems.push(`ledger entries sum to ${report.ledgerTotal}, not 0`);
    if (report.unbalancedTransactions.length > 0) {
      problems.push(`unbalanced ledger transactions: ${report.unbalancedTransactions.join(', ')}`);
    }
    for (const mismatch of report.balanceMismatches) {
      problems.push(
        `${mismatch.account ?? 'wallet'} of ${mismatch.creatorId}: cached ${mismatch.cached}, ledger says ${mismatch.derived}`,
      );
    }
    if (report.negativeBalances.length > 0) problems.push(`negative balances: ${report.negativeBalances.join(', ')}`);
    if (report.inTransitMismatch !== null) {
      problems.push(
        `payouts in transit ${JSON.stringify(report.inTransitMismatch)} do not match requested withdrawals`,
      );
    }
    if (report.refundsMismatch !== null) {
      problems.push(`refunds in transit ${JSON.stringify(report.refundsMismatch)} do not match refunds owed to fans`);
    }
    if (report.heldMismatch !== null) {
      problems.push(`funds held ${JSON.stringify(report.heldMismatch)} do not match what open disputes hold`);
    }
    return problems;
  } finally {
    await handle.close();
  }
}

/**
 * What the killed server left for the next start to clean up: keys in the storage journal, files
 * in staging, and jobs (receipts among them) not yet done. Read-only, so the restart still finds the database exactly as the kill left
 * it. Null counts when the database cannot be read without recovery.
 */
export function debrisAfterKill(dataDir) {
  const staged = filesUnder(path.join(dataDir, 'staging')).length;
  try {
    const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
    try {
      return {
        pendingKeys: db.prepare('SELECT count(*) AS count FROM storage_pending').get().count,
        staged,
        unsentJobs: db.prepare(`SELECT count(*) AS count FROM jobs WHERE state IN ('queued', 'retry', 'running')`).get()
          .count,
      };
    } finally {
      db.close();
    }
  } catch {
    return { pendingKeys: null, staged, unsentJobs: null };
  }
}

/** A provider's transfer that pays, will pay, or has paid (and may since have come back). */
const LIVE_TRANSFER = new Set(['RECEIVED', 'PENDING', 'SUCCESS', 'REVERSED']);

/**
 * Each withdrawal is paid exactly once at the provider or its money is back in the wallet (the
 * ledger check covers the wallet side), never both: a PAID withdrawal has exactly one successful
 * transfer; one never sent, failed, rejected or cancelled has no live transfer; no withdrawal has
 * two live transfers. `settled` also refuses PROCESSING, once the reconciler has had its time:
 * never neither.
 */
export function payoutProblems(db, { settled }) {
  const problems = [];
  const counts = {};
  const transfers = new Map();
  for (const row of db.prepare('SELECT transfer_id, state FROM simulator_payout_transfers').all()) {
    const withdrawalId = /^(wd_[A-Za-z0-9]{24})/.exec(row.transfer_id)?.[1];
    if (withdrawalId === undefined) continue;
    const list = transfers.get(withdrawalId) ?? [];
    list.push({ transferId: row.transfer_id, status: JSON.parse(row.state).status });
    transfers.set(withdrawalId, list);
  }
  const withdrawals = db.prepare('SELECT id, status, transfer_attempt AS attempt FROM withdrawals').all();
  for (const withdrawal of withdrawals) {
    counts[withdrawal.status] = (counts[withdrawal.status] ?? 0) + 1;
    const live = (transfers.get(withdrawal.id) ?? []).filter((transfer) => LIVE_TRANSFER.has(transfer.status));
    const paid = live.filter((transfer) => transfer.status === 'SUCCESS' || transfer.status === 'REVERSED');
    const describe = () =>
      `${withdrawal.id} is ${withdrawal.status} with transfers ${JSON.stringify(transfers.get(withdrawal.id) ?? [])}`;
    if (live.length > 1) problems.push(`two live transfers for one withdrawal: ${describe()}`);
    switch (withdrawal.status) {
      case 'PAID':
        if (paid.length !== 1 || paid[0].status !== 'SUCCESS')
          problems.push(`paid without one successful transfer: ${describe()}`);
        break;
      case 'REVERSED':
        if (paid.length > 1 || (paid.length === 1 && paid[0].status !== 'REVERSED')) {
          problems.push(`returned, but the provider still counts it paid: ${describe()}`);
        }
        break;
      case 'PROCESSING':
        if (settled) problems.push(`still sending after the reconciler's time: ${describe()}`);
        break;
      default:
        // REQUESTED, REVIEW, FAILED, REJECTED, CANCELLED: nothing may be on its way or paid.
        if (live.length > 0) problems.push(`money back (or not yet sent) but the provider has it: ${describe()}`);
    }
  }
  return { problems, counts };
}

/** Withdrawals still being sent (read-only, while the server runs). */
export function payoutsInFlight(dataDir) {
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT count(*) AS count FROM withdrawals WHERE status = 'PROCESSING'`).get().count;
  } finally {
    db.close();
  }
}

/** The final word on payouts, once every transfer had time to settle. */
export function settledPayoutProblems(dataDir) {
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    return payoutProblems(db, { settled: true });
  } finally {
    db.close();
  }
}

/** The id the provider knows a refund's live attempt by (features/refunds): ours, then `_2`, `_3` … after a retry. */
function liveAttemptId(refund) {
  return refund.attempt <= 1 ? refund.id : `${refund.id}_${refund.attempt}`;
}

const PROVIDER_REFUND_ID = /^(rf_[A-Za-z0-9]{24})(?:_(\d{1,3}))?$/;

/** A refund the provider gave up on; every other one gives money back, or will. */
const DEAD_AT_PROVIDER = new Set(['CANCELLED', 'FAILED']);

/**
 * The payment simulator's orders (the provider's side) as it would report them now: its rows
 * hold what was last written, and the bank's answers that came due since are applied on read,
 * by the simulator's own orderAt.
 */
function providerOrders(db, orderAt, now) {
  const orders = new Map();
  for (const row of db.prepare('SELECT order_id, session_id, created_at, state FROM simulator_orders').all()) {
    const stored = { refunds: [], disputes: [], ...JSON.parse(row.state) };
    const { order } = orderAt(
      { ...stored, orderId: row.order_id, sessionId: row.session_id, createdAt: row.created_at },
      now,
    );
    orders.set(row.order_id, order);
  }
  return orders;
}

const REFUND_FACTS = `SELECT r.id, r.order_id AS orderId, r.status, r.via_bank AS viaBank, r.attempt,
         r.amount_paise AS amountPaise, r.created_at AS createdAt,
         (SELECT count(*) FROM ledger_transactions t WHERE t.refund_id = r.id AND t.kind = 'refund') AS refundPostings,
         (SELECT count(*) FROM ledger_transactions t WHERE t.refund_id = r.id AND t.kind = 'refund_paid') AS paidPostings,
         (SELECT count(*) FROM ledger_transactions t WHERE t.order_id = r.order_id AND t.kind = 'dispute_lost') AS lostPostings,
         (SELECT count(*) FROM unlocks u WHERE u.order_id = r.order_id AND u.expires_at > r.created_at) AS runningUnlocks
    FROM refunds r`;

/**
 * Each refund is given back exactly once, and Kholo and the provider agree on it: one `refund`
 * posting (a lost dispute: one `dispute_lost` instead, and nothing sent), one `refund_paid` once
 * SUCCESS and none before; the fan's access ended when it was issued; the provider holds at most
 * one live refund per order, each named by a refund of that order, a live one by its live attempt;
 * SUCCESS here is SUCCESS there; PROCESSING was taken there; FAILED is nothing live there, and
 * (the crash test's simulator refunds every refund it takes) only for a payment it never saw: the
 * load's signed webhooks pay orders the simulator knows nothing of. `settled` also refuses
 * PENDING and PROCESSING, once the jobs, webhooks and the reconciler have had their time.
 * Reads one snapshot, so a refund moving on meanwhile is seen before or after, never half.
 */
function refundProblems(db, orderAt, { settled }) {
  const problems = [];
  const counts = {};
  const rows = db.prepare(REFUND_FACTS).all();
  // After the snapshot's first read: an answer Kholo acted on in it was due by then.
  const provider = providerOrders(db, orderAt, Date.now());
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows) {
    const key = row.viaBank === 1 ? 'VIA_BANK' : row.status;
    counts[key] = (counts[key] ?? 0) + 1;
    const atProvider = provider.get(row.orderId);
    const theirs = atProvider?.refunds ?? [];
    const live = theirs.find((refund) => refund.refundId === liveAttemptId(row));
    const describe = () =>
      `refund ${row.id} of ${row.orderId} is ${row.status} (attempt ${row.attempt}) and the provider has ` +
      JSON.stringify(theirs.map(({ refundId, status, amountPaise }) => ({ refundId, status, amountPaise })));
    const postings = { refund: row.viaBank === 1 ? 0 : 1, paid: row.viaBank === 0 && row.status === 'SUCCESS' ? 1 : 0 };
    if (row.refundPostings !== postings.refund) {
      problems.push(
        `refund ${row.id} of ${row.orderId} has ${row.refundPostings} refund postings, not ${postings.refund}`,
      );
    }
    if (row.paidPostings !== postings.paid) {
      problems.push(
        `refund ${row.id} of ${row.orderId} is ${row.status} with ${row.paidPostings} refund_paid postings, not ${postings.paid}`,
      );
    }
    if (row.runningUnlocks > 0) {
      problems.push(`refunded order ${row.orderId} (refund ${row.id}) still unlocks its item`);
    }
    if (row.viaBank === 1) {
      if (row.lostPostings !== 1) {
        problems.push(
          `refund ${row.id} of ${row.orderId} by the bank has ${row.lostPostings} dispute_lost postings, not 1`,
        );
      }
      if (theirs.length > 0) problems.push(`taken back by the bank, yet also sent: ${describe()}`);
      continue;
    }
    switch (row.status) {
      case 'SUCCESS':
        if (live?.status !== 'SUCCESS' || live.amountPaise !== row.amountPaise) {
          problems.push(`paid back without the provider's success: ${describe()}`);
        }
        break;
      case 'FAILED': {
        if (live !== undefined && !DEAD_AT_PROVIDER.has(live.status)) {
          problems.push(`failed, but the provider is giving it back: ${describe()}`);
        }
        const paidThere = atProvider?.payments.some((payment) => payment.status === 'SUCCESS') ?? false;
        if (paidThere && live?.status !== 'CANCELLED') {
          problems.push(`failed, though the provider holds the payment and refunds all it takes: ${describe()}`);
        }
        break;
      }
      case 'PROCESSING':
        if (live === undefined) problems.push(`sent, but the provider has no such refund: ${describe()}`);
        if (settled) problems.push(`still sending after the reconciler's time: ${describe()}`);
        break;
      default:
        if (settled) problems.push(`still waiting to be sent after the jobs' retries: ${describe()}`);
    }
  }
  for (const [orderId, order] of provider) {
    const live = order.refunds.filter((refund) => !DEAD_AT_PROVIDER.has(refund.status));
    if (live.length > 1) {
      problems.push(
        `the provider gives ${orderId} back ${live.length} times: ${live.map((refund) => refund.refundId).join(', ')}`,
      );
    }
    for (const refund of order.refunds) {
      const match = PROVIDER_REFUND_ID.exec(refund.refundId);
      const row = match === null ? undefined : byId.get(match[1]);
      const attempt = match?.[2] === undefined ? 1 : Number(match[2]);
      if (row === undefined || row.orderId !== orderId || attempt > row.attempt) {
        problems.push(
          `the provider has refund ${refund.refundId} (${refund.status}) of ${orderId} that Kholo never made`,
        );
      } else if (!DEAD_AT_PROVIDER.has(refund.status) && refund.refundId !== liveAttemptId(row)) {
        problems.push(`the provider gives back ${refund.refundId}, not the live attempt of ${row.id} (${row.attempt})`);
      }
    }
  }
  return { problems, counts };
}

/** Refunds still on their way to the provider or waiting for its answer (read-only, while the server runs). */
export function refundsInFlight(dataDir) {
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT count(*) AS count FROM refunds WHERE status IN ('PENDING', 'PROCESSING')`).get().count;
  } finally {
    db.close();
  }
}

/**
 * Refunds Kholo still waits on that the provider answered (and recorded, which is when it sent
 * the webhook) at least `olderThanMs` ago: their webhook died with a killed server, whose
 * simulator kept its retries in memory. Answers the provider's refund with its order id.
 */
export function refundAnswersUnheard(dataDir, olderThanMs) {
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    const waiting = db
      .prepare(
        `SELECT id, order_id AS orderId, attempt FROM refunds WHERE status IN ('PENDING', 'PROCESSING') AND via_bank = 0`,
      )
      .all();
    const stateOf = db.prepare('SELECT state FROM simulator_orders WHERE order_id = ?');
    const answered = [];
    for (const row of waiting) {
      const state = stateOf.get(row.orderId);
      if (state === undefined) continue;
      const refund = (JSON.parse(state.state).refunds ?? []).find((one) => one.refundId === liveAttemptId(row));
      if (refund !== undefined && refund.settledAt !== null && refund.settledAt <= Date.now() - olderThanMs) {
        answered.push({ orderId: row.orderId, refund });
      }
    }
    return answered;
  } finally {
    db.close();
  }
}

/** The final word on refunds, once every one had time to settle. */
export async function settledRefundProblems(dataDir) {
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    return await refundProblemsNow(db, { settled: true });
  } finally {
    db.close();
  }
}

/** refundProblems on one snapshot of the file: Kholo's rows and the provider's, read together. */
async function refundProblemsNow(db, options) {
  const { orderAt } = await builtModule('providers/payments/simulator/simulator-store.js');
  return db.transaction(() => refundProblems(db, orderAt, options))();
}

/**
 * Order failure reasons of money that arrived but bought nothing (features/refunds
 * RETURNED_PAYMENT_REASONS): such an order is closed, never PAID, and refunded in the same commit.
 */
const RETURNED_PAYMENT_REASONS = ['paid_for_removed_item', 'already_unlocked', 'late_payment'];

const ORDER_FACTS = `SELECT o.id, o.status, o.failure_reason AS failureReason,
         (SELECT count(*) FROM unlocks u WHERE u.order_id = o.id) AS unlocks,
         (SELECT count(*) FROM ledger_transactions t WHERE t.order_id = o.id AND t.kind = 'sale') AS sales,
         (SELECT count(*) FROM refunds r WHERE r.order_id = o.id) AS refunds
    FROM orders o`;

/**
 * Money that arrived was dealt with exactly once: the order is PAID with one unlock and one sale
 * (refunded since or not), or it bought nothing (the item was gone, the fan already held it, or
 * the success came too late) and is closed with its reason, no unlock, no sale and one refund.
 */
function settledOnce(facts) {
  if (facts.status === 'PAID') return facts.unlocks === 1 && facts.sales === 1;
  return (
    RETURNED_PAYMENT_REASONS.includes(facts.failureReason) &&
    facts.unlocks === 0 &&
    facts.sales === 0 &&
    facts.refunds === 1
  );
}

function factsText(facts) {
  const { id: _id, ...rest } = facts;
  return JSON.stringify(rest);
}

/** Which of these orders are not yet dealt with as settledOnce says (read-only, while the server runs). */
export function unsettledOrders(dataDir, orderIds) {
  if (orderIds.length === 0) return [];
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    const factsOf = db.prepare(`${ORDER_FACTS} WHERE o.id = ?`);
    return orderIds.filter((orderId) => {
      const facts = factsOf.get(orderId);
      return facts === undefined || !settledOnce(facts);
    });
  } finally {
    db.close();
  }
}

/** How many of these orders are PAID after Kholo had marked them EXPIRED (a payment event says so). */
export function ordersSettledAfterExpiry(dataDir, orderIds) {
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    const expiredThenPaid = db.prepare(
      `SELECT 1 FROM orders o WHERE o.id = ? AND o.status = 'PAID'
         AND EXISTS (SELECT 1 FROM payment_events e WHERE e.order_id = o.id AND e.outcome = 'marked_expired')`,
    );
    return orderIds.filter((orderId) => expiredThenPaid.get(orderId) !== undefined).length;
  } finally {
    db.close();
  }
}

/**
 * Every paid order has exactly one receipt, sent or on its way: one `send-email` job keyed by the
 * order (queued in the settlement's transaction), never failed, and once completed exactly one
 * file in the outbox named by the job. No unpaid order has one.
 */
function receiptProblems(db, outboxDir) {
  const problems = [];
  const receipts = db
    .prepare(
      `SELECT o.id AS orderId, o.status, j.id AS jobId, j.state
         FROM orders o LEFT JOIN jobs j ON j.name = 'send-email' AND j.key = 'receipt:' || o.id
        WHERE o.status = 'PAID' OR j.id IS NOT NULL`,
    )
    .all();
  // The outbox after the database: the restarted server may be settling a late success right now,
  // and a job it marks sent has its file written first, so a file listed after the row is there
  // (listed before, a receipt written in between looked lost).
  const written = new Map();
  for (const file of fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []) {
    const match = /^\d+-(.+)\.eml$/.exec(file);
    if (match !== null) written.set(match[1], (written.get(match[1]) ?? 0) + 1);
  }
  const byOrder = new Map();
  for (const row of receipts) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  for (const [orderId, rows] of byOrder) {
    const jobs = rows.filter((row) => row.jobId !== null);
    if (rows[0].status !== 'PAID') problems.push(`order ${orderId} is ${rows[0].status} but has a receipt job`);
    else if (jobs.length !== 1) problems.push(`paid order ${orderId} has ${jobs.length} receipt jobs, not 1`);
    for (const job of jobs) {
      if (job.state === 'failed') problems.push(`the receipt for ${orderId} failed`);
      if (job.state === 'completed' && written.get(job.jobId) !== 1) {
        problems.push(
          `the receipt for ${orderId} is marked sent but the outbox has ${written.get(job.jobId) ?? 0} copies`,
        );
      }
    }
  }
  return { problems, receipts: byOrder.size };
}

/**
 * Every check of one round; answers the problems found (none: an empty list) and a few counts.
 * Runs while the restarted server is up and idle: its start has swept staging and the storage
 * journal, and nothing is in flight.
 */
export async function checkRound({ dataDir, webhooksAccepted, lateSuccesses }) {
  const databaseFile = path.join(dataDir, 'kholo.db');
  const problems = [];
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`PRAGMA integrity_check: ${integrity}`);
    const foreignKeys = db.pragma('foreign_key_check');
    if (foreignKeys.length > 0) problems.push(`PRAGMA foreign_key_check: ${JSON.stringify(foreignKeys.slice(0, 5))}`);

    const orderFacts = db.prepare(`${ORDER_FACTS} WHERE o.id = ?`);
    for (const orderId of webhooksAccepted) {
      const facts = orderFacts.get(orderId);
      if (facts === undefined) problems.push(`order ${orderId} got a 2xx webhook but is not in the database`);
      else if (!settledOnce(facts)) problems.push(`order ${orderId} got a 2xx webhook but is ${factsText(facts)}`);
    }
    // A success the bank confirmed after the checkout expired buys what it paid for, once, or
    // (the item removed or repriced meanwhile, or the fan bought it again meanwhile) goes back.
    for (const orderId of lateSuccesses.keys()) {
      const facts = orderFacts.get(orderId);
      if (facts === undefined || !settledOnce(facts)) {
        problems.push(`late success ${orderId} is ${facts === undefined ? 'not in the database' : factsText(facts)}`);
      }
    }
    // Whoever's news closed it (webhook, verify, reconciler), money that bought nothing goes back.
    const returned = db
      .prepare(`${ORDER_FACTS} WHERE o.failure_reason IN (${RETURNED_PAYMENT_REASONS.map(() => '?').join(', ')})`)
      .all(...RETURNED_PAYMENT_REASONS);
    for (const facts of returned) {
      if (!settledOnce(facts)) problems.push(`order ${facts.id} bought nothing but is ${factsText(facts)}`);
    }

    const receipts = receiptProblems(db, path.join(dataDir, 'outbox'));
    problems.push(...receipts.problems);
    const payouts = payoutProblems(db, { settled: false });
    problems.push(...payouts.problems);
    const refunds = await refundProblemsNow(db, { settled: false });
    problems.push(...refunds.problems);

    const pending = db.prepare('SELECT key FROM storage_pending').all();
    if (pending.length > 0) {
      problems.push(`storage_pending still holds ${pending.length} key(s) after the start's sweep`);
    }

    const referenced = new Set(referencedKeys(db));
    const { liveItems } = db.prepare('SELECT count(*) AS liveItems FROM contents WHERE files_removed_at IS NULL').get();
    const storageRoot = path.join(dataDir, 'storage');
    const stored = new Set(filesUnder(storageRoot));
    const orphans = [...stored].filter((key) => !referenced.has(key));
    const missing = [...referenced].filter((key) => !stored.has(key));
    if (orphans.length > 0) {
      problems.push(`${orphans.length} orphan file(s) no live row names: ${orphans.slice(0, 5).join(', ')}`);
    }
    if (missing.length > 0) {
      problems.push(`${missing.length} file(s) rows name are missing: ${missing.slice(0, 5).join(', ')}`);
    }
    const unexpectedFolders = fs.existsSync(storageRoot)
      ? fs.readdirSync(storageRoot).filter((name) => !STORAGE_FOLDERS.includes(name))
      : [];
    if (unexpectedFolders.length > 0) problems.push(`unexpected entries in storage: ${unexpectedFolders.join(', ')}`);

    const staged = filesUnder(path.join(dataDir, 'staging'));
    if (staged.length > 0) problems.push(`staging is not empty after start: ${staged.slice(0, 5).join(', ')}`);

    problems.push(...(await ledgerProblems(databaseFile)));
    return {
      problems,
      files: stored.size,
      liveItems,
      receipts: receipts.receipts,
      payouts: payouts.counts,
      refunds: refunds.counts,
    };
  } finally {
    db.close();
  }
}
