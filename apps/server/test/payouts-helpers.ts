import type { AdminWithdrawal, PayoutAccount } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type {
  PayoutsSimulator,
  PayoutsSimulatorControls,
} from '../src/providers/payouts/simulator/payouts-simulator.js';
import { freshIp } from './accounts-helpers.js';
import { createOrder, newFan, payInSimulator } from './payments-helpers.js';
import type { TestApp } from './test-app.js';

/** The creator's legal name in sellerAndFan, and a UPI ID the simulated bank names her at. */
export const LEGAL_NAME = 'Meera Rathore';
export const HER_UPI = 'meera.rathore@okaxis';
export const PAN = 'ABCDE1234F';

export function payoutsSimulatorOf(app: FastifyInstance): PayoutsSimulator {
  const simulator = app.payouts.simulator;
  if (simulator === null) throw new Error('this app has no payouts simulator');
  return simulator;
}

export function setPayoutControls(app: FastifyInstance, changes: Partial<PayoutsSimulatorControls>): void {
  const simulator = payoutsSimulatorOf(app);
  simulator.controls = { ...simulator.controls, ...changes };
}

export function putPayoutAccount(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/studio/payout-account',
    payload: payload as object,
    remoteAddress: freshIp(),
    headers: cookie === undefined ? {} : { cookie },
  });
}

/** Saves her verified payout account (the holder's name resembles hers); anything but 200 fails. */
export async function savePayoutAccount(
  app: FastifyInstance,
  cookie: string,
  account: { upiId?: string; legalName?: string; pan?: string; accountIsMine?: boolean } = {},
): Promise<PayoutAccount> {
  const response = await putPayoutAccount(app, cookie, {
    upiId: account.upiId ?? HER_UPI,
    legalName: account.legalName ?? LEGAL_NAME,
    pan: account.pan ?? PAN,
    ...(account.accountIsMine === undefined ? {} : { accountIsMine: account.accountIsMine }),
  });
  if (response.statusCode !== 200)
    throw new Error(`saving the payout account failed: ${response.statusCode} ${response.body}`);
  return response.json<PayoutAccount>();
}

export function adminApprove(
  app: FastifyInstance,
  cookie: string | undefined,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/admin/withdrawals/approve',
    payload: payload as object,
    headers: cookie === undefined ? {} : { cookie },
  });
}

export async function approve(app: FastifyInstance, admin: string, id: string): Promise<AdminWithdrawal> {
  const response = await adminApprove(app, admin, { id });
  if (response.statusCode !== 200) throw new Error(`approve failed: ${response.statusCode} ${response.body}`);
  return response.json<AdminWithdrawal>();
}

export function postCancel(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/withdrawals/cancel',
    payload: payload as object,
    headers: cookie === undefined ? {} : { cookie },
  });
}

/**
 * Lets the payouts world run: the queued jobs (send, check), then `ms` of the bank's time with its
 * answers and webhooks, then the jobs those webhooks queued. Twice, for a check that follows a
 * check; each step is idempotent, so running more than needed changes nothing.
 */
export async function letPayoutsRun(t: TestApp, ms = 2_000): Promise<void> {
  const simulator = payoutsSimulatorOf(t.app);
  for (let round = 0; round < 2; round += 1) {
    await t.app.jobs.runDue();
    t.clock.advance(ms);
    await simulator.runDue();
    await t.app.jobs.runDue();
  }
}

export async function withdrawalRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** One more fan buys the creator's item through the simulator's checkout. */
export async function anotherSale(t: TestApp, itemId: string): Promise<void> {
  const fan = await newFan(t.app, 'Kabir Singh');
  const order = await createOrder(t.app, fan.cookie, itemId);
  const paid = await payInSimulator(t.app, order.payment_session_id);
  if (paid.statusCode !== 303) throw new Error(`checkout failed: ${paid.statusCode} ${paid.body}`);
}
