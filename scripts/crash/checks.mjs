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

/** The server's own ledger check (features/ledger), run on the built code against the file. */
async function ledgerProblems(databaseFile) {
  const dist = path.join(root, 'apps/server/dist');
  const { connectDatabase } = await import(pathToFileURL(path.join(dist, 'db/connect.js')).href);
  const { createLedger } = await import(pathToFileURL(path.join(dist, 'features/ledger/index.js')).href);
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

/** Which of these orders are not PAID (read-only, while the server runs). */
export function unpaidOrders(dataDir, orderIds) {
  if (orderIds.length === 0) return [];
  const db = new Database(path.join(dataDir, 'kholo.db'), { readonly: true, fileMustExist: true });
  try {
    const status = db.prepare('SELECT status FROM orders WHERE id = ?');
    return orderIds.filter((orderId) => status.get(orderId)?.status !== 'PAID');
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
  const written = new Map();
  for (const file of fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []) {
    const match = /^\d+-(.+)\.eml$/.exec(file);
    if (match !== null) written.set(match[1], (written.get(match[1]) ?? 0) + 1);
  }
  const receipts = db
    .prepare(
      `SELECT o.id AS orderId, o.status, j.id AS jobId, j.state
         FROM orders o LEFT JOIN jobs j ON j.name = 'send-email' AND j.key = 'receipt:' || o.id
        WHERE o.status = 'PAID' OR j.id IS NOT NULL`,
    )
    .all();
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

    const orderFacts = db.prepare(
      `SELECT o.status,
              (SELECT count(*) FROM unlocks u WHERE u.order_id = o.id) AS unlocks,
              (SELECT count(*) FROM ledger_transactions t WHERE t.order_id = o.id AND t.kind = 'sale') AS sales
         FROM orders o WHERE o.id = ?`,
    );
    for (const orderId of webhooksAccepted) {
      const facts = orderFacts.get(orderId);
      if (facts === undefined) problems.push(`order ${orderId} got a 2xx webhook but is not in the database`);
      else if (facts.status !== 'PAID' || facts.unlocks !== 1 || facts.sales !== 1) {
        problems.push(`order ${orderId} got a 2xx webhook but is ${JSON.stringify(facts)}`);
      }
    }
    // A success the bank confirmed after the checkout expired buys what it paid for, once.
    for (const orderId of lateSuccesses.keys()) {
      const facts = orderFacts.get(orderId);
      if (facts === undefined || facts.status !== 'PAID' || facts.unlocks !== 1 || facts.sales !== 1) {
        problems.push(`late success ${orderId} is ${JSON.stringify(facts ?? 'not in the database')}`);
      }
    }

    const receipts = receiptProblems(db, path.join(dataDir, 'outbox'));
    problems.push(...receipts.problems);
    const payouts = payoutProblems(db, { settled: false });
    problems.push(...payouts.problems);

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
    return { problems, files: stored.size, liveItems, receipts: receipts.receipts, payouts: payouts.counts };
  } finally {
    db.close();
  }
}
