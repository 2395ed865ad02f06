import type { Purchase, Refund } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { freshIp } from './accounts-helpers.js';
import { simulatorOf } from './payments-helpers.js';
import type { TestApp } from './test-app.js';

function post(app: FastifyInstance, url: string, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie === undefined ? {} : { cookie },
  });
}

export function postAdminRefund(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return post(app, '/api/admin/payments/refund', cookie, payload);
}

export function postCreatorRefund(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return post(app, '/api/refunds', cookie, payload);
}

/** From an address of its own unless told: reports are limited per IP (PROBLEM_REPORT_RATE_LIMIT). */
export function postReport(app: FastifyInstance, cookie: string | undefined, payload: unknown, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases/report',
    payload: payload as object,
    headers: cookie === undefined ? {} : { cookie },
    remoteAddress: ip,
  });
}

export function postRetry(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return post(app, '/api/admin/refunds/retry', cookie, payload);
}

export function postCloseReport(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return post(app, '/api/admin/problem-reports/close', cookie, payload);
}

export async function adminRefund(
  app: FastifyInstance,
  admin: string,
  orderId: string,
  reason = 'The file would not open',
): Promise<Refund> {
  const response = await postAdminRefund(app, admin, { orderId, reason });
  if (response.statusCode !== 201) throw new Error(`refund failed: ${response.statusCode} ${response.body}`);
  return response.json<{ refund: Refund }>().refund;
}

export async function purchasesOf(app: FastifyInstance, cookie: string): Promise<Purchase[]> {
  const response = await app.inject({ method: 'GET', url: '/api/purchases', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`purchases failed: ${response.statusCode} ${response.body}`);
  return response.json<{ items: Purchase[] }>().items;
}

export async function getJson<T>(app: FastifyInstance, url: string, cookie: string): Promise<T> {
  const response: LightMyRequestResponse = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`${url} failed: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/**
 * Lets the refunds world run: queued jobs (send), then `ms` of the provider's time with its
 * answers and webhooks, then the jobs those queued. Twice; every step is idempotent.
 */
export async function letRefundsRun(t: TestApp, ms = 3_000): Promise<void> {
  const simulator = simulatorOf(t.app);
  for (let round = 0; round < 2; round += 1) {
    await t.app.jobs.runDue();
    t.clock.advance(ms);
    await simulator.runDue();
    await t.app.jobs.runDue();
  }
}

export async function refundRow(t: TestApp, orderId: string) {
  return t.database.db.selectFrom('refunds').selectAll().where('orderId', '=', orderId).executeTakeFirst();
}

/** The simulator's refunds of an order: what the provider was asked to pay back. */
export async function providerRefunds(t: TestApp, orderId: string) {
  const order = await simulatorOf(t.app).store.get(orderId);
  return order?.refunds ?? [];
}

export async function ledgerKinds(t: TestApp, orderId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('ledgerTransactions')
    .select('kind')
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .orderBy('kind')
    .execute();
  return rows.map((row) => row.kind);
}
