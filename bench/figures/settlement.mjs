// Figure 4: settlement. Signed PAYMENT_SUCCESS webhooks, each order's delivered several times at
// once as Cashfree may do, with 1 process and then 2 (WEB_CONCURRENCY=2). After each run the
// database must show every order settled exactly once: one PAID order, one unlock, one sale in
// the ledger, and the ledger's invariants intact. A fast run that loses or doubles money fails.
import { createOrder, paymentSuccessBody, signWebhook } from '../lib/kholo-api.mjs';
import { inParallel, keepAliveAgent, request, timed } from '../lib/http.mjs';
import { benchDatabaseSettings, importServerModule } from '../lib/processes.mjs';
import { figure } from '../lib/report.mjs';

export const DELIVERIES_PER_ORDER = 3;
/** Orders whose deliveries are in flight at once (each with all its copies). */
const ORDERS_IN_FLIGHT = 16;

/** Open orders, one per (fan, item) pair: a fan can hold one open order per item. */
export async function openOrders({ base, fans, itemIds, count }) {
  const pairs = fans.flatMap((fan) => itemIds.map((itemId) => ({ fan, itemId }))).slice(0, count);
  if (pairs.length < count) throw new Error(`${count} orders need more fans than the ${fans.length} seeded`);
  return inParallel(pairs, 4, async ({ fan, itemId }) => {
    const order = await createOrder(base, fan.cookie, itemId);
    return { orderId: order.order_id, amountPaise: order.amountPaise };
  });
}

/** Delivers every order's webhook DELIVERIES_PER_ORDER times concurrently; resolves with the timing and statuses. */
async function deliverWebhooks({ base, orders, secret }) {
  const agent = keepAliveAgent(ORDERS_IN_FLIGHT * DELIVERIES_PER_ORDER);
  const statuses = {};
  const { seconds } = await timed(() =>
    inParallel(orders, ORDERS_IN_FLIGHT, async (order, index) => {
      const body = paymentSuccessBody(order.orderId, order.amountPaise, String(7_000_000_000 + index));
      const timestamp = String(Date.now());
      const headers = {
        'content-type': 'application/json',
        'x-webhook-version': '2025-01-01',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(secret, timestamp, body),
      };
      const answers = await Promise.all(
        Array.from({ length: DELIVERIES_PER_ORDER }, () =>
          request(`${base}/api/payment/webhook`, { method: 'POST', headers, body, agent }),
        ),
      );
      for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }),
  );
  agent.destroy();
  return { seconds, statuses };
}

/** The database's own account of the orders, through the built server's repositories. */
async function checkSettled({ dataDir, orderIds }) {
  const { connectDatabase } = await importServerModule('db/connect.js');
  const { createLedger } = await importServerModule('features/ledger/index.js');
  const database = connectDatabase(benchDatabaseSettings(dataDir), console);
  try {
    const { db } = database;
    const countBy = async (table, extra) => {
      let query = db
        .selectFrom(table)
        .select(['orderId', (eb) => eb.fn.countAll().as('count')])
        .where('orderId', 'in', orderIds)
        .groupBy('orderId');
      if (extra !== undefined) query = extra(query);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.orderId, Number(row.count)]));
    };
    const sales = await countBy('ledgerTransactions', (query) => query.where('kind', '=', 'sale'));
    const unlocks = await countBy('unlocks');
    const paid = await db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', orderIds)
      .where('status', '=', 'PAID')
      .execute();
    const invariants = await createLedger(db).check();
    const once = (counts) => orderIds.filter((id) => counts.get(id) === 1).length;
    const problems = [];
    if (paid.length !== orderIds.length) problems.push(`${orderIds.length - paid.length} orders not PAID`);
    if (once(sales) !== orderIds.length)
      problems.push(`${orderIds.length - once(sales)} orders without exactly one sale`);
    if (once(unlocks) !== orderIds.length) {
      problems.push(`${orderIds.length - once(unlocks)} orders without exactly one unlock`);
    }
    const ledgerBroken =
      invariants.ledgerTotal !== 0 ||
      invariants.unbalancedTransactions.length > 0 ||
      invariants.balanceMismatches.length > 0 ||
      invariants.negativeBalances.length > 0 ||
      invariants.inTransitMismatch !== null;
    if (ledgerBroken) problems.push(`ledger invariants broken: ${JSON.stringify(invariants)}`);
    return { orders: orderIds.length, paid: paid.length, oneSale: once(sales), oneUnlock: once(unlocks), problems };
  } finally {
    await database.close();
  }
}

/**
 * One settlement run against a started server. `baseline` is the 1-process figure when this is
 * the 2-process run, so the ratio is the scaling.
 */
export async function settlementFigure({ kholo, orders, secret, dataDir, processes, baseline, log }) {
  const workers = kholo.workerCount();
  const label =
    workers === processes
      ? `${processes} process${processes === 1 ? '' : 'es'}`
      : `WEB_CONCURRENCY=${processes} but ${workers} process ran`;
  log(`settlement (${label}): ${orders.length} orders × ${DELIVERIES_PER_ORDER} webhooks`);
  const { seconds, statuses } = await deliverWebhooks({ base: kholo.base, orders, secret });
  const check = await checkSettled({ dataDir, orderIds: orders.map((order) => order.orderId) });
  const refused = Object.entries(statuses)
    .filter(([status]) => status !== '200')
    .map(([status, count]) => `${count}× ${status}`);
  if (refused.length > 0) check.problems.push(`webhooks not answered 200: ${refused.join(', ')}`);
  if (check.problems.length > 0) log(`settlement (${label}) FAILED: ${check.problems.join('; ')}`);
  const deliveries = orders.length * DELIVERIES_PER_ORDER;
  return figure({
    name: `settlement webhooks, ${DELIVERIES_PER_ORDER} copies per order, ${label}`,
    value: deliveries / seconds,
    unit: 'webhooks/s',
    baseline: baseline?.value ?? null,
    baselineName: baseline === undefined ? null : '1 process',
    budget: 'every order settled exactly once',
    pass: check.problems.length === 0,
    details: { processesAsked: processes, workers, deliveries, seconds, statuses, inFlight: ORDERS_IN_FLIGHT, check },
  });
}
