import type { CreateOrderResponse, VerifyPaymentResponse } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PaymentSimulator } from '../src/providers/payments/simulator/payment-simulator.js';
import { rupeesText } from '../src/providers/payments/amounts.js';
import { signWebhook } from '../src/providers/payments/webhook-signature.js';
import { signUp } from './accounts-helpers.js';
import { uploadItem } from './content-helpers.js';

export function simulatorOf(app: FastifyInstance): PaymentSimulator {
  const { simulator } = app.payments;
  if (simulator === null) throw new Error('this app runs with Cashfree keys, not the simulator');
  return simulator;
}

/** A creator with one priced item, and a fan: the cast of most payment tests. */
export async function sellerAndFan(app: FastifyInstance, pricePaise = 14_900) {
  const creator = await signUp(app, { role: 'creator', name: 'Meera Rathore' });
  const item = await uploadItem(app, creator.cookie, { pricePaise: String(pricePaise) });
  const fan = await signUp(app, { role: 'fan', name: 'Arjun Mehta' });
  return {
    creator: { id: creator.me.account!.id, cookie: creator.cookie },
    item,
    fan: { id: fan.me.account!.id, cookie: fan.cookie, email: fan.body.email },
  };
}

export function postOrder(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/order',
    payload: payload as object,
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
  outcome: 'SUCCESS' | 'FAILED' | 'USER_DROPPED' = 'SUCCESS',
  method: 'upi' | 'card' | 'netbanking' = 'upi',
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams({ payment_session_id: sessionId, method, outcome });
  return app.inject({ method: 'GET', url: `/__simulator/checkout/complete?${query.toString()}` });
}

export function postVerify(app: FastifyInstance, cookie: string | undefined, orderId: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/verify-payment',
    payload: { order_id: orderId },
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
    `{"data":{"order":{"order_id":${JSON.stringify(options.orderId)},"order_amount":${rupeesText(options.amountPaise)},"order_currency":${currency},"order_tags":null},` +
    `"payment":{"cf_payment_id":${JSON.stringify(options.paymentId)},"payment_status":"${status}","payment_amount":${rupeesText(options.paymentAmountPaise ?? options.amountPaise)},"payment_currency":${currency},"payment_group":"upi"}},` +
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
  const report = await app.payments.checkLedger();
  expect(report).toEqual({ ledgerTotal: 0, unbalancedTransactions: [], balanceMismatches: [], negativeBalances: [] });
}
