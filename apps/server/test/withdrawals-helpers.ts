import type { AdminWithdrawal, WalletResponse, WithdrawResponse } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../src/db/connect.js';
import { freshIp, PASSWORD, sessionCookie, signIn } from './accounts-helpers.js';
import { moneySnapshot, paidOrder, walletOf } from './payments-helpers.js';
import type { TestApp } from './test-app.js';

/** ₹1,499: with the default 5% fee (₹74.95) the creator earns ₹1,424.05, above the ₹500 minimum. */
export const PRICE_PAISE = 1_499_00;
export const CREDIT_PAISE = 1_424_05;

/** Paise as the rupees the web sends: 142405 → 1424.05. */
export function rupees(paise: number): number {
  return paise / 100;
}

/**
 * A creator who has really earned a balance: a fan bought her item through the simulator's
 * checkout and the webhook settled it. No balance is ever written to the database by hand.
 */
export async function earningCreator(t: TestApp, pricePaise = PRICE_PAISE) {
  const cast = await paidOrder(t, pricePaise);
  const email = await emailOf(t.database, cast.creator.id);
  const balancePaise = await walletOf(t.database, cast.creator.id);
  return { ...cast, creator: { ...cast.creator, email }, balancePaise };
}

export async function emailOf(database: DatabaseHandle, accountId: string): Promise<string> {
  const row = await database.db
    .selectFrom('authUsers')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.email;
}

/** A second, independent session of the same account (another phone, another tab after logout). */
export async function secondSession(app: FastifyInstance, email: string): Promise<string> {
  const response = await signIn(app, { email, password: PASSWORD, role: 'creator' });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

/**
 * POST /api/withdraw, from an address of its own unless told (the route is rate-limited per IP).
 * A string payload is sent as raw JSON text, e.g. `{"amount":1e309}`, which JSON.parse reads as Infinity.
 */
export function postWithdraw(
  app: FastifyInstance,
  cookie: string | undefined,
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/withdraw',
    payload: typeof payload === 'string' ? payload : (payload as object),
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      'content-type': 'application/json',
      ...options.headers,
      ...(cookie === undefined ? {} : { cookie }),
    },
  });
}

/** Withdraws the whole balance; anything but a 201 fails the test. */
export async function withdraw(
  app: FastifyInstance,
  cookie: string,
  amountPaise: number,
  upi = '9876543210@ybl',
): Promise<WithdrawResponse> {
  const response = await postWithdraw(app, cookie, { amount: rupees(amountPaise), upi });
  if (response.statusCode !== 201) throw new Error(`withdraw failed: ${response.statusCode} ${response.body}`);
  return response.json<WithdrawResponse>();
}

export function getWallet(app: FastifyInstance, cookie: string | undefined, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url: '/api/wallet',
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });
}

export async function wallet(app: FastifyInstance, cookie: string): Promise<WalletResponse> {
  const response = await getWallet(app, cookie);
  if (response.statusCode !== 200) throw new Error(`wallet failed: ${response.statusCode} ${response.body}`);
  return response.json<WalletResponse>();
}

export function adminPost(
  app: FastifyInstance,
  cookie: string | undefined,
  action: 'payment-done' | 'reject',
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/admin/withdrawals/${action}`,
    payload: payload as object,
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });
}

export async function markPaid(app: FastifyInstance, admin: string, id: string, reference?: string) {
  const response = await adminPost(app, admin, 'payment-done', reference === undefined ? { id } : { id, reference });
  if (response.statusCode !== 200) throw new Error(`mark paid failed: ${response.statusCode} ${response.body}`);
  return response.json<AdminWithdrawal>();
}

export async function reject(app: FastifyInstance, admin: string, id: string, reason = 'The UPI ID does not exist') {
  const response = await adminPost(app, admin, 'reject', { id, reason });
  if (response.statusCode !== 200) throw new Error(`reject failed: ${response.statusCode} ${response.body}`);
  return response.json<AdminWithdrawal>();
}

/** Everything a withdrawal step can change, emails included, for "nothing happened". */
export async function withdrawalSnapshot(t: TestApp) {
  return {
    money: await moneySnapshot(t.database),
    withdrawals: await t.database.db.selectFrom('withdrawals').selectAll().orderBy('id').execute(),
    emails: (await t.sentMail()).length,
  };
}

/**
 * What payouts in transit holds: for one withdrawal (its postings' entries), or for all of them.
 * The whole account equals the REQUESTED withdrawals; expectLedgerHolds checks that after each test.
 */
export async function inTransitPaise(database: DatabaseHandle, withdrawalId?: string): Promise<number> {
  let query = database.db
    .selectFrom('ledgerEntries')
    .innerJoin('ledgerTransactions', 'ledgerTransactions.id', 'ledgerEntries.transactionId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('ledgerEntries.amountPaise'), eb.lit(0)).as('total'))
    .where('ledgerEntries.account', '=', 'payouts_in_transit');
  if (withdrawalId !== undefined) query = query.where('ledgerTransactions.withdrawalId', '=', withdrawalId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function mailsTo(t: TestApp, email: string, subjectStart: string) {
  return (await t.sentMail()).filter((message) => message.to === email && message.subject.startsWith(subjectStart));
}
