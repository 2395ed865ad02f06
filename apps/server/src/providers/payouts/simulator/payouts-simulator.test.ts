import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, FakeClock } from '../../../../test/test-app.js';
import type { DatabaseHandle } from '../../../db/connect.js';
import type { Transport } from '../../payments/cashfree-gateway.js';
import { selfTransport } from '../../payments/self-transport.js';
import { checkWebhookSignature } from '../../payments/webhook-signature.js';
import { CASHFREE_PAYOUT_API_VERSION, createCashfreePayouts, parsePayoutWebhook } from '../cashfree-payouts.js';
import type { PayoutWebhookEvent, TransferRequest } from '../payout-gateway.js';
import {
  createPayoutsSimulator,
  DEFAULT_DELAY_MS,
  FORCED_FAILURES,
  PAYOUTS_SIMULATOR_BASE,
  PAYOUTS_SIMULATOR_V2_BASE,
  type PayoutsSimulator,
} from './payouts-simulator.js';
import { OUT_OF_ORDER_HOLD_MS, PAYOUT_WEBHOOK_RETRY_DELAYS_MS } from './simulator-payout-webhooks.js';

const KEYS = { clientId: 'payouts-sim', clientSecret: 'payouts-sim-secret' };
const WEBHOOK_PATH = '/api/payouts/webhook';
const ADMIN = { 'x-test-admin': 'yes' };
const V2_HEADERS = {
  'x-client-id': KEYS.clientId,
  'x-client-secret': KEYS.clientSecret,
  'x-api-version': CASHFREE_PAYOUT_API_VERSION,
};

let database: DatabaseHandle;
let closeDatabase: () => Promise<void>;
const opened: { app: FastifyInstance; simulator: PayoutsSimulator }[] = [];

beforeAll(async () => {
  ({ database, close: closeDatabase } = await createMigratedTestDatabase());
});
afterAll(() => closeDatabase());
beforeEach(async () => {
  // One database for the file; each test starts with an account nobody has paid from.
  await database.db.deleteFrom('simulatorPayoutTransfers').execute();
});
afterEach(async () => {
  for (const { app, simulator } of opened.splice(0)) {
    simulator.close();
    await app.close();
  }
});

interface Delivery {
  headers: Record<string, string>;
  raw: string;
  event: PayoutWebhookEvent | null;
}

/**
 * One server process: the simulator on its own Fastify app, the real adapter talking to it over
 * selfTransport, and our webhook route standing in as a recorder answering `webhookStatuses`
 * (200 once they run out).
 */
async function openProcess(
  options: { clock?: FakeClock; webhookStatuses?: number[]; now?: () => number; followClockEveryMs?: number } = {},
) {
  const clock = options.clock ?? new FakeClock();
  const now = options.now ?? (() => clock.now());
  const deliveries: Delivery[] = [];
  const statuses = options.webhookStatuses ?? [];
  const webhookTransport: Transport = (url, init) => {
    expect(url).toBe(WEBHOOK_PATH);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const raw = typeof init.body === 'string' ? init.body : '';
    deliveries.push({ headers, raw, event: parsePayoutWebhook(JSON.parse(raw)) });
    return Promise.resolve(new Response(null, { status: statuses.shift() ?? 200 }));
  };
  const simulator = createPayoutsSimulator({
    db: database.db,
    ...KEYS,
    now,
    transport: webhookTransport,
    webhookPath: WEBHOOK_PATH,
    logger: { warn: () => undefined },
    authorizeControls: async (request) => {
      if (request.headers['x-test-admin'] !== 'yes') {
        throw Object.assign(new Error('Only an admin may change the simulator'), { statusCode: 403 });
      }
    },
    followClockEveryMs: options.followClockEveryMs ?? 0,
  });
  const app = Fastify();
  simulator.register(app);
  await app.ready();
  opened.push({ app, simulator });
  const payouts = createCashfreePayouts({
    v1BaseUrl: PAYOUTS_SIMULATOR_BASE,
    v2BaseUrl: PAYOUTS_SIMULATOR_V2_BASE,
    ...KEYS,
    transport: selfTransport(app),
    now,
  });
  return {
    app,
    simulator,
    payouts,
    clock,
    deliveries,
    /** Each webhook as `TYPE transfer_id`, in the order they arrived. */
    events: () => deliveries.map(({ event }) => `${event?.type ?? '?'} ${event?.transfer?.transferId ?? '-'}`),
    /** Time passes, then the simulator does what is due. */
    pass: (ms: number) => {
      clock.advance(ms);
      return simulator.runDue();
    },
  };
}

let sequence = 0;
function transfer(changes: Partial<TransferRequest> = {}): TransferRequest {
  sequence += 1;
  return {
    transferId: `wd_test_${String(sequence)}`,
    amountPaise: 14_950,
    vpa: 'asha.rao@okaxis',
    beneficiaryName: 'Asha Rao',
    remarks: 'Kholo creator payout',
    ...changes,
  };
}

const RUPEES_1_CRORE = 1_000_000_000;

describe('a transfer the bank pays', () => {
  it('is RECEIVED, then after the delay SUCCESS with a UTR, and a webhook signed with the Payouts secret says so', async () => {
    const p = await openProcess();
    const request = transfer();
    const created = await p.payouts.createTransfer(request);
    expect(created).toMatchObject({
      transferId: request.transferId,
      status: 'RECEIVED',
      utr: null,
      amountPaise: 14_950,
    });
    expect(created.providerTransferId).toMatch(/^\d+$/);
    expect(await p.payouts.getBalance()).toEqual({
      balancePaise: RUPEES_1_CRORE,
      availablePaise: RUPEES_1_CRORE - 14_950,
    });

    expect(await p.pass(DEFAULT_DELAY_MS - 1)).toEqual({ transfersSettled: 0, webhooksSent: 0 });
    expect(await p.pass(1)).toEqual({ transfersSettled: 1, webhooksSent: 1 });

    const paid = await p.payouts.getTransfer(request.transferId);
    expect(paid).toMatchObject({ status: 'SUCCESS', statusCode: 'COMPLETED', amountPaise: 14_950 });
    expect(paid?.utr).toMatch(/^\d{12}$/);
    expect(paid?.providerTransferId).toBe(created.providerTransferId);

    const [delivery] = p.deliveries;
    expect(p.deliveries).toHaveLength(1);
    expect(delivery?.event).toEqual({ type: 'TRANSFER_SUCCESS', transfer: paid });
    expect(delivery?.headers['x-webhook-version']).toBe('2024-01-01');
    expect(delivery?.headers['x-webhook-timestamp']).toBe(String(p.clock.now()));
    const signed = {
      timestamp: delivery?.headers['x-webhook-timestamp'],
      signature: delivery?.headers['x-webhook-signature'],
    };
    const raw = Buffer.from(delivery?.raw ?? '');
    expect(checkWebhookSignature(KEYS.clientSecret, signed, raw, p.clock.now())).toBeNull();
    expect(checkWebhookSignature('the-pg-secret', signed, raw, p.clock.now())).toBe('mismatch');
    // Amounts as Cashfree writes them, two decimals in the raw text the signature covers.
    expect(delivery?.raw).toContain('"transfer_amount":149.50,');

    expect(await p.payouts.getBalance()).toEqual({
      balancePaise: RUPEES_1_CRORE - 14_950,
      availablePaise: RUPEES_1_CRORE - 14_950,
    });
    // Nothing more happens to it.
    expect(await p.pass(24 * 60 * 60_000)).toEqual({ transfersSettled: 0, webhooksSent: 0 });
  });

  it('a poll of a transfer that is due settles it first, and its webhook goes out once', async () => {
    const p = await openProcess();
    const request = transfer();
    await p.payouts.createTransfer(request);
    p.clock.advance(DEFAULT_DELAY_MS);
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'SUCCESS' });
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'SUCCESS' });
    expect(await p.simulator.runDue()).toEqual({ transfersSettled: 0, webhooksSent: 0 });
    expect(p.events()).toEqual([`TRANSFER_SUCCESS ${request.transferId}`]);
  });

  it('the same transfer_id twice is one transfer: the second create answers with the first', async () => {
    const p = await openProcess();
    const request = transfer();
    const first = await p.payouts.createTransfer(request);
    // Even with another amount: Cashfree refuses the id with 409, and the adapter reads what exists.
    expect(await p.payouts.createTransfer({ ...request, amountPaise: 99_900 })).toEqual(first);
    await p.pass(DEFAULT_DELAY_MS);
    const paid = await p.payouts.getTransfer(request.transferId);
    expect(await p.payouts.createTransfer(request)).toEqual(paid);
    const rows = await database.db.selectFrom('simulatorPayoutTransfers').select('transferId').execute();
    expect(rows).toEqual([{ transferId: request.transferId }]);
    expect(p.events()).toEqual([`TRANSFER_SUCCESS ${request.transferId}`]);
  });

  it('an unknown transfer is null', async () => {
    const p = await openProcess();
    expect(await p.payouts.getTransfer('wd_never_sent')).toBeNull();
  });
});

describe('transfers the bank does not pay', () => {
  it.each([
    ['a UPI ID with no account', 'unknown@ybl'],
    ['a typo of a handle', 'asha.rao@okaxsi'],
    ['an ID the bank calls invalid', 'invalid@upi'],
  ])('%s fails with INVALID_BENE_VPA, and its money is available again', async (_name, vpa) => {
    const p = await openProcess();
    const request = transfer({ vpa });
    expect(await p.payouts.createTransfer(request)).toMatchObject({ status: 'RECEIVED' });
    await p.pass(DEFAULT_DELAY_MS);
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({
      status: 'FAILED',
      statusCode: 'INVALID_BENE_VPA',
      utr: null,
    });
    expect(p.deliveries.map(({ event }) => event?.transfer?.statusCode)).toEqual(['INVALID_BENE_VPA']);
    expect(p.events()).toEqual([`TRANSFER_FAILED ${request.transferId}`]);
    expect(await p.payouts.getBalance()).toEqual({ balancePaise: RUPEES_1_CRORE, availablePaise: RUPEES_1_CRORE });
  });

  it.each(FORCED_FAILURES)('failWith %s fails every new transfer with that code', async (code) => {
    const p = await openProcess();
    p.simulator.controls.failWith = code;
    const request = transfer();
    await p.payouts.createTransfer(request);
    await p.pass(DEFAULT_DELAY_MS);
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'FAILED', statusCode: code });
    expect(p.deliveries[0]?.event).toMatchObject({ type: 'TRANSFER_FAILED', transfer: { statusCode: code } });
  });

  it('reject@… is REJECTED by Cashfree, with a TRANSFER_REJECTED webhook', async () => {
    const p = await openProcess();
    const request = transfer({ vpa: 'reject@upi' });
    await p.payouts.createTransfer(request);
    await p.pass(DEFAULT_DELAY_MS);
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'REJECTED' });
    expect(p.events()).toEqual([`TRANSFER_REJECTED ${request.transferId}`]);
  });

  it('more than the available balance fails with INSUFFICIENT_BALANCE; after a top-up a new transfer is paid', async () => {
    const p = await openProcess();
    p.simulator.controls.balancePaise = 20_000;
    const first = transfer({ amountPaise: 15_000 });
    await p.payouts.createTransfer(first);
    // The first is in flight: only ₹50 is available, though the ledger still shows ₹200.
    expect(await p.payouts.getBalance()).toEqual({ balancePaise: 20_000, availablePaise: 5_000 });
    const second = transfer({ amountPaise: 10_000 });
    await p.payouts.createTransfer(second);
    expect(await p.payouts.getBalance()).toEqual({ balancePaise: 20_000, availablePaise: 5_000 });
    await p.pass(DEFAULT_DELAY_MS);
    expect(await p.payouts.getTransfer(first.transferId)).toMatchObject({ status: 'SUCCESS' });
    expect(await p.payouts.getTransfer(second.transferId)).toMatchObject({
      status: 'FAILED',
      statusCode: 'INSUFFICIENT_BALANCE',
    });
    expect(await p.payouts.getBalance()).toEqual({ balancePaise: 5_000, availablePaise: 5_000 });

    // The admin tops the account up through the controls; the failed id stays failed.
    const topUp = await p.app.inject({
      method: 'POST',
      url: `${PAYOUTS_SIMULATOR_BASE}/controls`,
      headers: ADMIN,
      payload: { balancePaise: 120_000 },
    });
    expect(topUp.statusCode).toBe(200);
    expect(await p.payouts.getBalance()).toEqual({ balancePaise: 105_000, availablePaise: 105_000 });
    expect(await p.payouts.createTransfer(second)).toMatchObject({ status: 'FAILED' });
    const retry = transfer({ amountPaise: 10_000 });
    await p.payouts.createTransfer(retry);
    await p.pass(DEFAULT_DELAY_MS);
    expect(await p.payouts.getTransfer(retry.transferId)).toMatchObject({ status: 'SUCCESS' });
    expect(await p.payouts.getBalance()).toEqual({ balancePaise: 95_000, availablePaise: 95_000 });
  });
});

describe('slow banks and reversals', () => {
  it('longPending keeps new transfers PENDING, however long, until it is turned off', async () => {
    const p = await openProcess();
    p.simulator.controls.longPending = true;
    const request = transfer();
    expect(await p.payouts.createTransfer(request)).toMatchObject({ status: 'PENDING' });
    expect(await p.pass(6 * 60 * 60_000)).toEqual({ transfersSettled: 0, webhooksSent: 0 });
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'PENDING', utr: null });
    expect(await p.payouts.getBalance()).toMatchObject({ availablePaise: RUPEES_1_CRORE - 14_950 });

    p.simulator.controls.longPending = false;
    expect(await p.simulator.runDue()).toEqual({ transfersSettled: 1, webhooksSent: 1 });
    const paid = await p.payouts.getTransfer(request.transferId);
    expect(paid).toMatchObject({ status: 'SUCCESS', statusCode: 'COMPLETED' });
    expect(p.events()).toEqual([`TRANSFER_SUCCESS ${request.transferId}`]);
  });

  it('reverseAfterMs brings a paid transfer back REVERSED that long after its SUCCESS, and the money with it', async () => {
    const p = await openProcess();
    p.simulator.controls.reverseAfterMs = 60_000;
    const request = transfer();
    await p.payouts.createTransfer(request);
    await p.pass(DEFAULT_DELAY_MS);
    const paid = await p.payouts.getTransfer(request.transferId);
    expect(paid).toMatchObject({ status: 'SUCCESS' });
    expect(await p.payouts.getBalance()).toMatchObject({ balancePaise: RUPEES_1_CRORE - 14_950 });

    expect(await p.pass(60_000 - 1)).toEqual({ transfersSettled: 0, webhooksSent: 0 });
    expect(await p.pass(1)).toEqual({ transfersSettled: 1, webhooksSent: 1 });
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({
      status: 'REVERSED',
      statusCode: 'REVERSED',
      utr: paid?.utr,
    });
    expect(p.events()).toEqual([`TRANSFER_SUCCESS ${request.transferId}`, `TRANSFER_REVERSED ${request.transferId}`]);
    expect(await p.payouts.getBalance()).toEqual({ balancePaise: RUPEES_1_CRORE, availablePaise: RUPEES_1_CRORE });
  });

  it('a clock that jumps past both the payment and its reversal sends both webhooks, in order', async () => {
    const p = await openProcess();
    p.simulator.controls.reverseAfterMs = 60_000;
    const request = transfer();
    await p.payouts.createTransfer(request);
    expect(await p.pass(10 * 60_000)).toEqual({ transfersSettled: 1, webhooksSent: 2 });
    expect(p.deliveries.map(({ event }) => event?.transfer?.status)).toEqual(['SUCCESS', 'REVERSED']);
  });

  it('on a real clock with no delay, a transfer is paid and announced well within a second', async () => {
    const p = await openProcess({ now: Date.now, followClockEveryMs: 1000 });
    p.simulator.controls.delayMs = 0;
    const request = transfer();
    const started = Date.now();
    await p.payouts.createTransfer(request);
    while (p.deliveries.length === 0 && Date.now() - started < 900) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(p.events()).toEqual([`TRANSFER_SUCCESS ${request.transferId}`]);
    expect(Date.now() - started).toBeLessThan(900);
  });
});

describe('webhooks as Cashfree delivers them', () => {
  it('duplicateWebhooks sends each one that many extra times, identical', async () => {
    const p = await openProcess();
    p.simulator.controls.duplicateWebhooks = 2;
    const request = transfer();
    await p.payouts.createTransfer(request);
    expect(await p.pass(DEFAULT_DELAY_MS)).toEqual({ transfersSettled: 1, webhooksSent: 3 });
    expect(p.events()).toEqual(Array(3).fill(`TRANSFER_SUCCESS ${request.transferId}`));
    expect(new Set(p.deliveries.map(({ raw }) => raw)).size).toBe(1);
  });

  it('outOfOrderWebhooks delivers a REVERSED before the SUCCESS it follows', async () => {
    const p = await openProcess();
    p.simulator.controls.outOfOrderWebhooks = true;
    p.simulator.controls.reverseAfterMs = 1000;
    const request = transfer();
    await p.payouts.createTransfer(request);
    expect(await p.pass(DEFAULT_DELAY_MS)).toEqual({ transfersSettled: 1, webhooksSent: 0 });
    expect(await p.pass(1000)).toEqual({ transfersSettled: 1, webhooksSent: 2 });
    expect(p.events()).toEqual([`TRANSFER_REVERSED ${request.transferId}`, `TRANSFER_SUCCESS ${request.transferId}`]);
    // The late SUCCESS says what was true when it was sent by the bank, not now.
    expect(p.deliveries[1]?.event?.transfer?.status).toBe('SUCCESS');
  });

  it('outOfOrderWebhooks with nothing to overtake it sends the SUCCESS late', async () => {
    const p = await openProcess();
    p.simulator.controls.outOfOrderWebhooks = true;
    const request = transfer();
    await p.payouts.createTransfer(request);
    await p.pass(DEFAULT_DELAY_MS);
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'SUCCESS' });
    expect(p.deliveries).toHaveLength(0);
    expect(await p.pass(OUT_OF_ORDER_HOLD_MS)).toEqual({ transfersSettled: 0, webhooksSent: 1 });
    expect(p.events()).toEqual([`TRANSFER_SUCCESS ${request.transferId}`]);
  });

  it('dropWebhooks sends none; a poll still sees the outcome', async () => {
    const p = await openProcess();
    p.simulator.controls.dropWebhooks = true;
    const request = transfer();
    await p.payouts.createTransfer(request);
    expect(await p.pass(DEFAULT_DELAY_MS)).toEqual({ transfersSettled: 1, webhooksSent: 0 });
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'SUCCESS' });
    expect(p.deliveries).toHaveLength(0);
  });

  it('a delivery our route does not take with a 2xx is retried on the clock, freshly signed, then given up', async () => {
    const p = await openProcess({ webhookStatuses: [500, 503, 500, 500] });
    const request = transfer();
    await p.payouts.createTransfer(request);
    await p.pass(DEFAULT_DELAY_MS);
    for (const delay of PAYOUT_WEBHOOK_RETRY_DELAYS_MS) {
      expect(await p.pass(delay - 1)).toEqual({ transfersSettled: 0, webhooksSent: 0 });
      expect(await p.pass(1)).toEqual({ transfersSettled: 0, webhooksSent: 1 });
    }
    expect(await p.pass(24 * 60 * 60_000)).toEqual({ transfersSettled: 0, webhooksSent: 0 });
    expect(p.deliveries.map(({ headers }) => headers['x-webhook-attempt'])).toEqual(['1', '2', '3', '4']);
    for (const { headers, raw } of p.deliveries) {
      const at = Number(headers['x-webhook-timestamp']);
      const signed = { timestamp: headers['x-webhook-timestamp'], signature: headers['x-webhook-signature'] };
      expect(checkWebhookSignature(KEYS.clientSecret, signed, Buffer.from(raw), at)).toBeNull();
    }
  });
});

describe('outages', () => {
  it('failNextRequests: the call answers 503, the adapter says unavailable, and nothing was created', async () => {
    const p = await openProcess();
    p.simulator.controls.failNextRequests = 1;
    const request = transfer();
    await expect(p.payouts.createTransfer(request)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await p.payouts.getTransfer(request.transferId)).toBeNull();
    // What a caller does next: nothing exists, so it sends the same id again.
    expect(await p.payouts.createTransfer(request)).toMatchObject({ status: 'RECEIVED' });
  });

  it('failNextRequests covers the V1 calls too', async () => {
    const p = await openProcess();
    p.simulator.controls.failNextRequests = 1;
    await expect(p.payouts.getBalance()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await p.payouts.getBalance()).toMatchObject({ balancePaise: RUPEES_1_CRORE });
  });

  it('failAfterCreate: the create answers 500, yet the transfer exists and is paid; sending again is harmless', async () => {
    const p = await openProcess();
    p.simulator.controls.failAfterCreate = 1;
    const request = transfer();
    await expect(p.payouts.createTransfer(request)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await p.payouts.getTransfer(request.transferId)).toMatchObject({ status: 'RECEIVED' });
    expect(await p.payouts.createTransfer(request)).toMatchObject({ status: 'RECEIVED' });
    await p.pass(DEFAULT_DELAY_MS);
    expect(p.events()).toEqual([`TRANSFER_SUCCESS ${request.transferId}`]);
  });
});

describe('the simulator guards its API like Cashfree', () => {
  const body = {
    transfer_id: 'wd_forged_1',
    transfer_amount: 100,
    transfer_mode: 'upi',
    beneficiary_details: { beneficiary_name: 'Asha Rao', beneficiary_instrument_details: { vpa: 'asha.rao@okaxis' } },
  };

  it.each([
    ['no keys', {}],
    ['a wrong secret', { ...V2_HEADERS, 'x-client-secret': 'guessed' }],
    ['a wrong id', { ...V2_HEADERS, 'x-client-id': 'someone-else' }],
  ])('%s → 401, and nothing is created', async (_name, headers) => {
    const p = await openProcess();
    const create = await p.app.inject({
      method: 'POST',
      url: `${PAYOUTS_SIMULATOR_V2_BASE}/transfers`,
      headers,
      payload: body,
    });
    expect(create.statusCode).toBe(401);
    expect(create.json()).toMatchObject({ type: 'authentication_error' });
    const read = await p.app.inject({
      method: 'GET',
      url: `${PAYOUTS_SIMULATOR_V2_BASE}/transfers?transfer_id=wd_forged_1`,
      headers,
    });
    expect(read.statusCode).toBe(401);
    expect(await database.db.selectFrom('simulatorPayoutTransfers').selectAll().execute()).toEqual([]);
  });

  it('the adapter with wrong keys is rejected_credentials', async () => {
    const p = await openProcess();
    const wrong = createCashfreePayouts({
      v1BaseUrl: PAYOUTS_SIMULATOR_BASE,
      v2BaseUrl: PAYOUTS_SIMULATOR_V2_BASE,
      clientId: KEYS.clientId,
      clientSecret: 'guessed',
      transport: selfTransport(p.app),
    });
    await expect(wrong.createTransfer(transfer())).rejects.toMatchObject({ kind: 'rejected_credentials' });
  });

  it('an unknown or missing x-api-version → 400', async () => {
    const p = await openProcess();
    const { 'x-api-version': _version, ...unversioned } = V2_HEADERS;
    for (const headers of [unversioned, { ...V2_HEADERS, 'x-api-version': '2022-09-01' }]) {
      const response = await p.app.inject({
        method: 'POST',
        url: `${PAYOUTS_SIMULATOR_V2_BASE}/transfers`,
        headers,
        payload: body,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  const beneficiary = (changes: Record<string, unknown>) => ({
    ...body,
    beneficiary_details: { ...body.beneficiary_details, ...changes },
  });
  it.each([
    ['a transfer_id with a hyphen', 'transfer_id_invalid', { ...body, transfer_id: 'wd-1' }],
    ['a transfer_id of 41 characters', 'transfer_id_invalid', { ...body, transfer_id: 'a'.repeat(41) }],
    ['no transfer_id', 'transfer_id_invalid', { ...body, transfer_id: undefined }],
    ['an amount under 1.00', 'transfer_amount_invalid', { ...body, transfer_amount: 0.99 }],
    ['an amount with 3 decimals', 'transfer_amount_invalid', { ...body, transfer_amount: 1.005 }],
    ['an amount as text', 'transfer_amount_invalid', { ...body, transfer_amount: '100' }],
    ['dollars', 'transfer_currency_invalid', { ...body, transfer_currency: 'USD' }],
    ['an unknown mode', 'transfer_mode_invalid', { ...body, transfer_mode: 'cash' }],
    ['a bank transfer (the default mode)', 'transfer_mode_invalid', { ...body, transfer_mode: undefined }],
    ['upi with no vpa', 'vpa_invalid', beneficiary({ beneficiary_instrument_details: {} })],
    [
      'a vpa with a hyphen after the @',
      'vpa_invalid',
      beneficiary({ beneficiary_instrument_details: { vpa: 'asha@ok-axis' } }),
    ],
    ['a name with digits', 'beneficiary_name_invalid', beneficiary({ beneficiary_name: 'Asha Rao 2' })],
    ['a name of 101 letters', 'beneficiary_name_invalid', beneficiary({ beneficiary_name: 'A'.repeat(101) })],
    ['no beneficiary', 'beneficiary_details_invalid', { ...body, beneficiary_details: undefined }],
    ['remarks with an underscore', 'transfer_remarks_invalid', { ...body, transfer_remarks: 'wd_1 payout' }],
    ['remarks of 71 characters', 'transfer_remarks_invalid', { ...body, transfer_remarks: 'a'.repeat(71) }],
  ])('%s → 400 %s, nothing created', async (_name, code, payload) => {
    const p = await openProcess();
    const response = await p.app.inject({
      method: 'POST',
      url: `${PAYOUTS_SIMULATOR_V2_BASE}/transfers`,
      headers: V2_HEADERS,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'invalid_request_error', code, message: expect.any(String) });
    expect(await database.db.selectFrom('simulatorPayoutTransfers').selectAll().execute()).toEqual([]);
  });

  it('through the adapter, a 400 is refused with Cashfree’s code', async () => {
    const p = await openProcess();
    await expect(p.payouts.createTransfer(transfer({ beneficiaryName: 'Asha R.' }))).rejects.toMatchObject({
      kind: 'refused',
      code: 'beneficiary_name_invalid',
    });
  });
});

describe('the test switches', () => {
  it.each([
    ['GET', '/controls'],
    ['POST', '/controls'],
    ['POST', '/controls/reset'],
    ['POST', '/run-due'],
  ] as const)('%s %s is refused unless authorizeControls lets the request through', async (method, path) => {
    const p = await openProcess();
    await p.payouts.createTransfer(transfer());
    p.clock.advance(DEFAULT_DELAY_MS);
    p.simulator.controls.failNextRequests = 3;
    const before = { ...p.simulator.controls };
    const response = await p.app.inject({
      method,
      url: `${PAYOUTS_SIMULATOR_BASE}${path}`,
      ...(method === 'POST' ? { payload: { failNextRequests: 0, dropWebhooks: true } } : {}),
    });
    expect(response.statusCode).toBe(403);
    expect(p.simulator.controls).toEqual(before);
    expect(p.deliveries).toHaveLength(0);
  });

  it('an admin sets the known switches of the right type, capped, ignores the rest, and resets them', async () => {
    const p = await openProcess();
    const set = await p.app.inject({
      method: 'POST',
      url: `${PAYOUTS_SIMULATOR_BASE}/controls`,
      headers: ADMIN,
      payload: {
        delayMs: 10 * 24 * 60 * 60_000,
        reverseAfterMs: 5000,
        failWith: 'BENEFICIARY_BANK_OFFLINE',
        longPending: true,
        duplicateWebhooks: 1000,
        outOfOrderWebhooks: 'yes',
        dropWebhooks: 1,
        failNextRequests: -1,
        failAfterCreate: 2,
        balancePaise: 1.5,
        somethingElse: true,
      },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      balancePaise: RUPEES_1_CRORE,
      delayMs: 24 * 60 * 60_000,
      failWith: 'BENEFICIARY_BANK_OFFLINE',
      longPending: true,
      reverseAfterMs: 5000,
      duplicateWebhooks: 100,
      outOfOrderWebhooks: false,
      dropWebhooks: false,
      failNextRequests: 0,
      failAfterCreate: 2,
    });
    const unknownCode = await p.app.inject({
      method: 'POST',
      url: `${PAYOUTS_SIMULATOR_BASE}/controls`,
      headers: ADMIN,
      payload: { failWith: 'SOMETHING_ELSE', reverseAfterMs: null },
    });
    expect(unknownCode.json()).toMatchObject({ failWith: 'BENEFICIARY_BANK_OFFLINE', reverseAfterMs: null });
    expect(
      (await p.app.inject({ method: 'GET', url: `${PAYOUTS_SIMULATOR_BASE}/controls`, headers: ADMIN })).json(),
    ).toEqual(p.simulator.controls);

    const reset = await p.app.inject({
      method: 'POST',
      url: `${PAYOUTS_SIMULATOR_BASE}/controls/reset`,
      headers: ADMIN,
    });
    expect(reset.json()).toMatchObject({ delayMs: DEFAULT_DELAY_MS, failWith: null, longPending: false });
  });

  it('an admin runs what is due over HTTP', async () => {
    const p = await openProcess();
    await p.payouts.createTransfer(transfer());
    p.clock.advance(DEFAULT_DELAY_MS);
    const run = await p.app.inject({ method: 'POST', url: `${PAYOUTS_SIMULATOR_BASE}/run-due`, headers: ADMIN });
    expect(run.json()).toEqual({ transfersSettled: 1, webhooksSent: 1 });
  });
});

describe('several processes on one database', () => {
  it('a transfer created by one is read by another, and settled and announced by exactly one', async () => {
    const clock = new FakeClock();
    const a = await openProcess({ clock });
    const b = await openProcess({ clock });
    const requests = [transfer(), transfer(), transfer()];
    for (const request of requests) await a.payouts.createTransfer(request);
    expect(await b.payouts.getTransfer(requests[0]!.transferId)).toMatchObject({ status: 'RECEIVED' });
    clock.advance(DEFAULT_DELAY_MS);
    const [ranA, ranB] = await Promise.all([a.simulator.runDue(), b.simulator.runDue()]);
    expect(ranA.transfersSettled + ranB.transfersSettled).toBe(3);
    expect([...a.events(), ...b.events()].sort()).toEqual(
      requests.map((request) => `TRANSFER_SUCCESS ${request.transferId}`).sort(),
    );
    // A V1 token one process issued is good on the other.
    const issued = await a.app.inject({
      method: 'POST',
      url: `${PAYOUTS_SIMULATOR_BASE}/payout/v1/authorize`,
      headers: { 'x-client-id': KEYS.clientId, 'x-client-secret': KEYS.clientSecret },
    });
    const { token } = issued.json<{ data: { token: string } }>().data;
    const balance = await b.app.inject({
      method: 'GET',
      url: `${PAYOUTS_SIMULATOR_BASE}/payout/v1/getBalance`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(balance.json()).toMatchObject({
      status: 'SUCCESS',
      data: { balance: '9999551.50', availableBalance: '9999551.50' },
    });
    const forged = await b.app.inject({
      method: 'GET',
      url: `${PAYOUTS_SIMULATOR_BASE}/payout/v1/getBalance`,
      headers: { authorization: `Bearer ${token.replace(/^\d+/, '9999999999')}` },
    });
    expect(forged.statusCode).toBe(403);
  });
});
