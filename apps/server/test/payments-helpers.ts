import { type CreateOrderResponse, rupeesDecimalText, type VerifyPaymentResponse } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { createContentRepository, type ContentRepository } from '../src/features/content/content-repository.js';
import { createLedger, type LedgerInvariantReport } from '../src/features/ledger/index.js';
import {
  createOrdersRepository,
  createPaymentsService,
  payableOrder,
  type PaymentsService,
} from '../src/features/payments/index.js';
import { leasesOn } from '../src/lib/leases.js';
import type { PaymentGateway } from '../src/providers/payments/payment-gateway.js';
import type { PaymentSimulator } from '../src/providers/payments/simulator/payment-simulator.js';
import { defaultControls, type SimulatorControls } from '../src/providers/payments/simulator/simulator-store.js';
import { signWebhook } from '../src/providers/payments/webhook-signature.js';
import { freshIp, signUp } from './accounts-helpers.js';
import { settlementOver } from './money-fixtures.js';
import { uploadItem } from './content-helpers.js';
import type { TestApp } from './test-app.js';

export function simulatorOf(app: FastifyInstance): PaymentSimulator {
  const { simulator } = app.payments;
  if (simulator === null) throw new Error('this app runs with Cashfree keys, not the simulator');
  return simulator;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The payments service over a test app's database with a gateway of the test's own (answers the
 * simulator never gives), and optionally a contents repository that interleaves something.
 */
export function paymentsServiceOver(
  t: TestApp,
  parts: { gateway: PaymentGateway; contents?: ContentRepository },
): PaymentsService {
  return createPaymentsService({
    orders: createOrdersRepository(t.database.db),
    contents:
      parts.contents ??
      createContentRepository(t.database.db, { payableOrder: payableOrder(t.config.payments.latePaymentGraceMs) }),
    gateway: parts.gateway,
    settle: settlementOver(t.database.db, t.clock),
    clock: t.clock,
    logger: quiet,
    publicUrl: t.config.publicUrl,
    supportEmail: t.config.supportEmail,
    checkout: { mode: 'simulator', urlFor: null },
    providerName: 'simulator',
    latePaymentGraceMs: t.config.payments.latePaymentGraceMs,
    lease: leasesOn(t.database.db),
  });
}

/** A creator with one priced item, and a fan: the cast of most payment tests. */
export async function sellerAndFan(app: FastifyInstance, pricePaise = 14_900) {
  const creator = await signUp(app, { role: 'creator', name: 'Meera Rathore' });
  const item = await uploadItem(app, creator.cookie, { pricePaise: String(pricePaise), title: 'Monsoon in Kochi' });
  const fan = await newFan(app);
  return {
    creator: {
      id: creator.me.account!.id,
      cookie: creator.cookie,
      handle: creator.me.creator!.handle,
      name: creator.body.name,
    },
    item,
    fan,
  };
}

/** Another fan, for tests that need several buyers of one item. */
export async function newFan(app: FastifyInstance, name = 'Arjun Mehta') {
  const fan = await signUp(app, { role: 'fan', name });
  return { id: fan.me.account!.id, cookie: fan.cookie, email: fan.body.email };
}

/**
 * Payment routes are rate-limited per IP, so each request comes from an address of its own
 * unless told: a file's tests together would otherwise hit the limit, not any single test.
 */
export function postOrder(app: FastifyInstance, cookie: string | undefined, payload: unknown, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/order',
    payload: payload as object,
    remoteAddress: ip,
    headers: cookie === undefined ? {} : { cookie },
  });
}

/** Creates an order the way the web does; anything but a 200 fails the test. */
export async function createOrder(
  app: FastifyInstance,
  cookie: string,
  contentId: string,
): Promise<CreateOrderResponse> {
  const response = await postOrder(app, cookie, { contentId, notes: { contentId } });
  if (response.statusCode !== 200) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return response.json<CreateOrderResponse>();
}

/** What the fan's browser does on the simulator's checkout page: choose a method and an outcome. */
export function payInSimulator(
  app: FastifyInstance,
  sessionId: string,
  outcome: 'SUCCESS' | 'FAILED' | 'USER_DROPPED' | 'SUCCESS_LATE' = 'SUCCESS',
  method: 'upi' | 'card' | 'netbanking' = 'upi',
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams({ payment_session_id: sessionId, method, outcome });
  // From an address of its own: the checkout route is rate-limited per IP.
  return app.inject({
    method: 'GET',
    url: `/__simulator/checkout/complete?${query.toString()}`,
    remoteAddress: freshIp(),
  });
}

export function postVerify(app: FastifyInstance, cookie: string | undefined, orderId: unknown, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/verify-payment',
    payload: { order_id: orderId },
    remoteAddress: ip,
    headers: cookie === undefined ? {} : { cookie },
  });
}

export async function verify(app: FastifyInstance, cookie: string, orderId: string): Promise<VerifyPaymentResponse> {
  const response = await postVerify(app, cookie, orderId);
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  return response.json<VerifyPaymentResponse>();
}

/** A Cashfree-shaped payment webhook body, written with 2-decimal amounts as Cashfree does. */
export function webhookBody(options: {
  orderId: string;
  amountPaise: number;
  paymentId: string;
  status?: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
  paymentAmountPaise?: number;
  currency?: string;
}): string {
  const status = options.status ?? 'SUCCESS';
  const type = {
    SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
    FAILED: 'PAYMENT_FAILED_WEBHOOK',
    USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
  }[status];
  const currency = JSON.stringify(options.currency ?? 'INR');
  return (
    `{"data":{"order":{"order_id":${JSON.stringify(options.orderId)},"order_amount":${rupeesDecimalText(options.amountPaise)},"order_currency":${currency},"order_tags":null},` +
    `"payment":{"cf_payment_id":${JSON.stringify(options.paymentId)},"payment_status":"${status}","payment_amount":${rupeesDecimalText(options.paymentAmountPaise ?? options.amountPaise)},"payment_currency":${currency},"payment_group":"upi"}},` +
    `"event_time":"2026-11-21T11:30:00+05:30","type":"${type}"}`
  );
}

/** Posts a webhook signed with `secret`, stamped `now` (the test app's clock time). */
export function postWebhook(
  app: FastifyInstance,
  body: string,
  options: { secret: string; now: number; signature?: string; timestamp?: string },
) {
  const timestamp = options.timestamp ?? String(options.now);
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': options.signature ?? signWebhook(options.secret, timestamp, body),
      'x-webhook-version': '2025-01-01',
    },
  });
}

/** DESIGN §3's promises; call after every test that moves money. */
export async function expectLedgerHolds(app: FastifyInstance): Promise<void> {
  expectCleanLedger(await app.payments.checkLedger());
}

/** The same check straight on a database (one shared by server processes, say). */
export async function expectLedgerHoldsIn(database: DatabaseHandle): Promise<void> {
  expectCleanLedger(await createLedger(database.db).check());
}

function expectCleanLedger(report: LedgerInvariantReport): void {
  expect(report).toEqual({
    ledgerTotal: 0,
    unbalancedTransactions: [],
    balanceMismatches: [],
    negativeBalances: [],
    inTransitMismatch: null,
    refundsMismatch: null,
    heldMismatch: null,
  });
}

/**
 * The simulator's switches back to normal, except that a refused webhook is not retried: a
 * retry runs on a real timer and would land in whatever test runs next.
 */
export function resetSimulator(app: FastifyInstance): void {
  simulatorOf(app).controls = { ...defaultControls(), webhookRetryDelaysMs: [] };
}

/**
 * For files that share one app across tests whose due work and reconciler tallies span every
 * order: a day and a half later, with everything the earlier tests left in flight done (attempts
 * the bank answers later, webhook retries) and every order past the point of being asked about.
 */
export async function settleEverythingBefore(t: TestApp): Promise<void> {
  resetSimulator(t.app);
  t.clock.advance(36 * 60 * 60_000);
  await simulatorOf(t.app).runDue();
  while ((await t.app.payments.service.reconcileOnce(1000)).checked > 0) {
    await simulatorOf(t.app).runDue();
  }
}

export function setControls(app: FastifyInstance, changes: Partial<SimulatorControls>): void {
  const simulator = simulatorOf(app);
  simulator.controls = { ...simulator.controls, ...changes };
}

/** A webhook signed with the simulator's key at the test clock's time (override to forge it). */
export function sendWebhook(
  t: TestApp,
  body: string,
  options: { secret?: string; now?: number; signature?: string; timestamp?: string } = {},
) {
  return postWebhook(t.app, body, { secret: simulatorOf(t.app).secret, now: t.clock.now(), ...options });
}

/** The fan's successful payment as the simulator recorded it (its cf_payment_id). */
export async function simulatorPayment(app: FastifyInstance, orderId: string) {
  const order = await simulatorOf(app).store.get(orderId);
  const payment = order?.payments.find((one) => one.status === 'SUCCESS');
  if (payment === undefined) throw new Error(`the simulator has no successful payment for ${orderId}`);
  return payment;
}

/** A seller, a fan and an order the fan has paid through the simulator's checkout (webhook delivered). */
export async function paidOrder(t: TestApp, pricePaise = 14_900) {
  const cast = await sellerAndFan(t.app, pricePaise);
  const order = await createOrder(t.app, cast.fan.cookie, cast.item.id);
  const paid = await payInSimulator(t.app, order.payment_session_id);
  if (paid.statusCode !== 303) throw new Error(`checkout failed: ${paid.statusCode} ${paid.body}`);
  return { ...cast, order };
}

export async function orderRow(database: DatabaseHandle, orderId: string) {
  return database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** What one order has produced: its status, unlocks, sale postings and recorded events. */
export async function orderEffects(database: DatabaseHandle, orderId: string) {
  const { db } = database;
  const order = await orderRow(database, orderId);
  const unlocks = await db.selectFrom('unlocks').selectAll().where('orderId', '=', orderId).execute();
  const sales = await db
    .selectFrom('ledgerTransactions')
    .selectAll()
    .where('orderId', '=', orderId)
    .where('kind', '=', 'sale')
    .execute();
  const events = await db
    .selectFrom('paymentEvents')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .orderBy('dedupeKey')
    .execute();
  return { status: order.status, order, unlocks, sales, events };
}

/** Everything a payment or an adjustment can change, for "the database is unchanged". */
export async function moneySnapshot(database: DatabaseHandle) {
  const { db } = database;
  return {
    orders: await db.selectFrom('orders').select(['id', 'status', 'updatedAt', 'paidAt']).orderBy('id').execute(),
    unlocks: await db.selectFrom('unlocks').select(['id', 'orderId', 'expiresAt']).orderBy('id').execute(),
    transactions: await db.selectFrom('ledgerTransactions').select(['id', 'reference']).orderBy('id').execute(),
    entries: await db.selectFrom('ledgerEntries').select(['id', 'amountPaise']).orderBy('id').execute(),
    events: await db.selectFrom('paymentEvents').select(['id', 'deliveries', 'outcome']).orderBy('id').execute(),
    audit: await db.selectFrom('auditLog').select(['id']).orderBy('id').execute(),
    wallets: await db.selectFrom('creators').select(['userId', 'walletBalancePaise']).orderBy('userId').execute(),
    counters: await db.selectFrom('contents').select(['id', 'unlocks', 'earningsPaise']).orderBy('id').execute(),
  };
}

export async function walletOf(database: DatabaseHandle, creatorId: string): Promise<number> {
  const row = await database.db
    .selectFrom('creators')
    .select('walletBalancePaise')
    .where('userId', '=', creatorId)
    .executeTakeFirstOrThrow();
  return row.walletBalancePaise;
}
