import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase } from '../../../test/test-app.js';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Transport } from '../payments/cashfree-gateway.js';
import { selfTransport } from '../payments/self-transport.js';
import { CASHFREE_PAYOUT_API_VERSION, createCashfreePayouts, parsePayoutWebhook } from './cashfree-payouts.js';
import type { TransferRequest } from './payout-gateway.js';
import {
  createPayoutsSimulator,
  PAYOUTS_SIMULATOR_BASE,
  PAYOUTS_SIMULATOR_V2_BASE,
  simulatedHolder,
} from './simulator/payouts-simulator.js';

const KEYS = { clientId: 'payouts-id', clientSecret: 'payouts-secret' };
const BASES = { v1BaseUrl: PAYOUTS_SIMULATOR_BASE, v2BaseUrl: PAYOUTS_SIMULATOR_V2_BASE };

describe('Cashfree Payouts, UPI validation and balance, against the simulator', () => {
  let database: DatabaseHandle;
  let closeDatabase: () => Promise<void>;
  let app: FastifyInstance;
  let now = Date.UTC(2026, 10, 26, 6, 0);
  const authorizeCalls: string[] = [];

  beforeAll(async () => {
    ({ database, close: closeDatabase } = await createMigratedTestDatabase());
  });
  afterAll(() => closeDatabase());
  afterEach(async () => {
    authorizeCalls.length = 0;
    await app.close();
  });

  async function simulator(): Promise<{ transport: Transport }> {
    app = Fastify();
    app.addHook('onRequest', async (request) => {
      if (request.url.endsWith('/authorize')) authorizeCalls.push(request.url);
    });
    const payoutsSimulator = createPayoutsSimulator({
      db: database.db,
      ...KEYS,
      now: () => now,
      transport: () => Promise.resolve(new Response('{}')),
      webhookPath: '/webhook',
      logger: { warn: () => undefined },
      authorizeControls: () => Promise.resolve(),
    });
    payoutsSimulator.controls.balancePaise = 1_234_567;
    payoutsSimulator.register(app);
    app.addHook('onClose', () => {
      payoutsSimulator.close();
    });
    await app.ready();
    return { transport: selfTransport(app) };
  }

  it('names the holder of a UPI ID, and tells a typo of a handle, a closed account and a malformed ID apart', async () => {
    const { transport } = await simulator();
    const payouts = createCashfreePayouts({ ...BASES, ...KEYS, transport, now: () => now });

    expect(await payouts.validateVpa('asha.rao@okaxis')).toEqual({ kind: 'found', nameAtBank: 'ASHA RAO' });
    expect(await payouts.validateVpa('priya@okaxsi')).toEqual({ kind: 'not_found' });
    expect(await payouts.validateVpa('unknown@ybl')).toEqual({ kind: 'not_found' });
    expect(await payouts.validateVpa('invalid@upi')).toEqual({ kind: 'invalid' });
    const byNumber = await payouts.validateVpa('9876543210@ybl');
    expect(byNumber).toMatchObject({ kind: 'found' });
    expect(await payouts.validateVpa('9876543210@ybl')).toEqual(byNumber);
    expect(await payouts.getBalance()).toEqual({ balancePaise: 1_234_567, availablePaise: 1_234_567 });
    // One token served every call, until it is about to expire.
    expect(authorizeCalls).toHaveLength(1);
    now += 6 * 60_000;
    await payouts.validateVpa('asha.rao@okaxis');
    expect(authorizeCalls).toHaveLength(2);
  });

  it('takes a new token once when Cashfree ends the one it holds before its expiry', async () => {
    const { transport } = await simulator();
    const payoutsNow = now;
    const payouts = createCashfreePayouts({ ...BASES, ...KEYS, transport, now: () => payoutsNow });
    await payouts.validateVpa('asha.rao@okaxis');
    // The simulator's clock runs past the token's six minutes; ours still thinks it good.
    now += 7 * 60_000;
    expect(await payouts.validateVpa('asha.rao@okaxis')).toEqual({ kind: 'found', nameAtBank: 'ASHA RAO' });
    expect(authorizeCalls).toHaveLength(2);
  });

  it('reports wrong keys, an outage and a garbled answer as errors, never as an answer about the UPI ID', async () => {
    const { transport } = await simulator();
    const wrongKeys = createCashfreePayouts({ ...BASES, clientId: 'x', clientSecret: 'y', transport });
    await expect(wrongKeys.validateVpa('asha.rao@okaxis')).rejects.toMatchObject({ kind: 'rejected_credentials' });

    const down: Transport = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const unreachable = createCashfreePayouts({ ...BASES, ...KEYS, transport: down });
    await expect(unreachable.validateVpa('asha.rao@okaxis')).rejects.toMatchObject({ kind: 'unavailable' });

    const failing: Transport = () => Promise.resolve(new Response('{"status":"ERROR"}', { status: 502 }));
    await expect(createCashfreePayouts({ ...BASES, ...KEYS, transport: failing }).getBalance()).rejects.toMatchObject({
      kind: 'unavailable',
    });

    const garbled: Transport = () => Promise.resolve(new Response('<html>maintenance</html>', { status: 200 }));
    await expect(
      createCashfreePayouts({ ...BASES, ...KEYS, transport: garbled }).validateVpa('asha.rao@okaxis'),
    ).rejects.toMatchObject({ kind: 'malformed_response' });
  });
});

describe('the simulated bank', () => {
  it.each([
    ['asha.rao@okaxis', { kind: 'found', nameAtBank: 'ASHA RAO' }],
    ['Priya_Sharma@OKHDFCBANK', { kind: 'found', nameAtBank: 'PRIYA SHARMA' }],
    ['priya@okaxsi', { kind: 'not_found' }],
    ['unknown@oksbi', { kind: 'not_found' }],
    ['invalid@upi', { kind: 'invalid' }],
    ['no-at-sign', { kind: 'invalid' }],
  ])('answers %s as %j', (vpa, expected) => {
    expect(simulatedHolder(vpa)).toEqual(expected);
  });
});

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A Cashfree that answers from a script, one response per call, and records what it was sent. */
function scripted(...answers: (Response | Error)[]): { transport: Transport; sent: Sent[] } {
  const sent: Sent[] = [];
  const transport: Transport = (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    const answer = answers.shift();
    if (answer === undefined) return Promise.reject(new Error('the script ran out'));
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { transport, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const REQUEST: TransferRequest = {
  transferId: 'wd_abc123',
  amountPaise: 14_950,
  vpa: 'asha.rao@okaxis',
  beneficiaryName: 'Asha Rao',
  remarks: 'Kholo creator payout',
};

/** As Cashfree's standard-transfer-v2 sample: a string id, a number amount. */
const RECEIVED = {
  transfer_id: 'wd_abc123',
  cf_transfer_id: '123456',
  status: 'RECEIVED',
  status_code: 'RECEIVED',
  status_description: 'The transfer has been received by Cashfree successfully for further processing.',
  beneficiary_details: { beneficiary_id: null },
  transfer_amount: 149.5,
  transfer_mode: 'UPI',
  added_on: '2026-11-26T06:00:00Z',
};

const V2 = 'https://sandbox.cashfree.com/payout';
const payoutsOver = (transport: Transport, extra: { publicKey?: string; now?: () => number } = {}) =>
  createCashfreePayouts({
    v1BaseUrl: 'https://payout-gamma.cashfree.com',
    v2BaseUrl: V2,
    ...KEYS,
    transport,
    ...extra,
  });

describe('Cashfree Payouts V2 transfers, over a scripted Cashfree', () => {
  it('creates a UPI transfer with the keys, version and body Cashfree documents, and reads its answer', async () => {
    const { transport, sent } = scripted(json(200, RECEIVED));
    expect(await payoutsOver(transport).createTransfer(REQUEST)).toEqual({
      transferId: 'wd_abc123',
      providerTransferId: '123456',
      status: 'RECEIVED',
      statusCode: 'RECEIVED',
      statusDescription: RECEIVED.status_description,
      utr: null,
      amountPaise: 14_950,
    });
    const [call] = sent;
    expect(call).toMatchObject({ url: `${V2}/transfers`, method: 'POST' });
    expect(call?.headers).toMatchObject({
      'x-client-id': KEYS.clientId,
      'x-client-secret': KEYS.clientSecret,
      'x-api-version': CASHFREE_PAYOUT_API_VERSION,
      'content-type': 'application/json',
    });
    expect(call?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Without a public key, no 2FA signature: the IP whitelist is Cashfree's other way.
    expect(call?.headers['x-cf-signature']).toBeUndefined();
    expect(call?.body).toEqual({
      transfer_id: 'wd_abc123',
      transfer_amount: 149.5,
      transfer_currency: 'INR',
      transfer_mode: 'upi',
      beneficiary_details: {
        beneficiary_name: 'Asha Rao',
        beneficiary_instrument_details: { vpa: 'asha.rao@okaxis' },
      },
      transfer_remarks: 'Kholo creator payout',
    });
  });

  it('reads a transfer leniently: numbers for strings, strings for numbers, lowercase status', async () => {
    const { transport, sent } = scripted(
      json(200, {
        transfer_id: 'wd_abc123',
        cf_transfer_id: 98765,
        status: 'success',
        status_code: 'COMPLETED',
        transfer_utr: 412345678901,
        transfer_amount: '149.50',
        unexpected: { anything: true },
      }),
    );
    expect(await payoutsOver(transport).getTransfer('wd_abc123')).toEqual({
      transferId: 'wd_abc123',
      providerTransferId: '98765',
      status: 'SUCCESS',
      statusCode: 'COMPLETED',
      statusDescription: null,
      utr: '412345678901',
      amountPaise: 14_950,
    });
    expect(sent[0]).toMatchObject({ url: `${V2}/transfers?transfer_id=wd_abc123`, method: 'GET', body: null });
  });

  it('answers an unknown transfer with null', async () => {
    const { transport } = scripted(
      json(404, { type: 'invalid_request_error', code: 'transfer_not_found', message: 'x' }),
    );
    expect(await payoutsOver(transport).getTransfer('wd_nope')).toBeNull();
  });

  it('answers a 409 on create with the transfer Cashfree already has, never a second transfer', async () => {
    const existing = { ...RECEIVED, status: 'SUCCESS', status_code: 'COMPLETED', transfer_utr: '412345678901' };
    const { transport, sent } = scripted(
      json(409, {
        type: 'invalid_request_error',
        code: 'transfer_id_already_exists',
        message: 'Transfer Id already exists',
      }),
      json(200, existing),
    );
    expect(await payoutsOver(transport).createTransfer(REQUEST)).toMatchObject({
      status: 'SUCCESS',
      utr: '412345678901',
    });
    expect(sent.map((call) => call.method)).toEqual(['POST', 'GET']);
  });

  it.each([
    [
      'a 400 (nothing created)',
      json(400, { type: 'invalid_request_error', code: 'vpa_invalid', message: 'bad vpa' }),
      { kind: 'refused', code: 'vpa_invalid' },
    ],
    [
      'a 422',
      json(422, { type: 'validation_error', code: 'beneficiary_name_invalid', message: 'no' }),
      { kind: 'refused', code: 'beneficiary_name_invalid' },
    ],
    ['a 4xx with no error body', new Response('', { status: 404 }), { kind: 'refused', code: null }],
    ['a 401', json(401, { type: 'authentication_error' }), { kind: 'rejected_credentials' }],
    [
      'a 403 (IP not whitelisted)',
      json(403, { type: 'authentication_error', code: 'ip_not_whitelisted' }),
      { kind: 'rejected_credentials' },
    ],
    ['a 429', json(429, { type: 'rate_limit_error' }), { kind: 'rate_limited' }],
    ['a 500', json(500, { type: 'api_error' }), { kind: 'unavailable' }],
    ['a 502 page from a proxy', new Response('<html>bad gateway</html>', { status: 502 }), { kind: 'unavailable' }],
    [
      'a timeout',
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      { kind: 'unavailable' },
    ],
    ['a refused connection', new Error('connect ECONNREFUSED'), { kind: 'unavailable' }],
    ['a 200 that is not JSON', new Response('<html>ok</html>', { status: 200 }), { kind: 'malformed_response' }],
    [
      'a 200 with another transfer',
      json(200, { ...RECEIVED, transfer_id: 'wd_other' }),
      { kind: 'malformed_response' },
    ],
    ['a 200 with no status', json(200, { transfer_id: 'wd_abc123' }), { kind: 'malformed_response' }],
  ])('create: %s is a PayoutGatewayError', async (_name, answer, expected) => {
    const { transport } = scripted(answer);
    await expect(payoutsOver(transport).createTransfer(REQUEST)).rejects.toMatchObject({
      name: 'PayoutGatewayError',
      ...expected,
    });
  });

  it.each([
    [
      'a 400',
      json(400, { code: 'transfer_id_invalid', message: 'bad id' }),
      { kind: 'refused', code: 'transfer_id_invalid' },
    ],
    ['a 403', json(403, {}), { kind: 'rejected_credentials' }],
    ['a 429', json(429, {}), { kind: 'rate_limited' }],
    ['a 503', json(503, {}), { kind: 'unavailable' }],
  ])('get: %s is a PayoutGatewayError', async (_name, answer, expected) => {
    const { transport } = scripted(answer);
    await expect(payoutsOver(transport).getTransfer('wd_abc123')).rejects.toMatchObject(expected);
  });

  it('a 409 whose transfer then cannot be found is an outage, not an answer', async () => {
    const { transport } = scripted(json(409, { code: 'transfer_id_already_exists' }), json(404, {}));
    await expect(payoutsOver(transport).createTransfer(REQUEST)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('2FA by signature, for a server without a whitelisted IP', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const at = Date.UTC(2026, 10, 26, 6, 0, 30, 500);
  const decrypt = (signature: string | undefined) =>
    privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(signature ?? '', 'base64'),
    ).toString();

  it('signs "<clientId>.<unix seconds>" with the public key on authorize and on V2 calls', async () => {
    const { transport, sent } = scripted(
      json(200, { status: 'SUCCESS', subCode: '200', data: { token: 't0k3n', expiry: at / 1000 + 360 } }),
      json(200, { status: 'SUCCESS', subCode: '200', data: { balance: '10.00', availableBalance: '5.00' } }),
      json(200, RECEIVED),
      json(200, RECEIVED),
    );
    const payouts = payoutsOver(transport, { publicKey, now: () => at });
    expect(await payouts.getBalance()).toEqual({ balancePaise: 1000, availablePaise: 500 });
    await payouts.createTransfer(REQUEST);
    await payouts.getTransfer(REQUEST.transferId);

    const [authorize, balance, create, get] = sent;
    const expected = `${KEYS.clientId}.${String(Math.floor(at / 1000))}`;
    expect(authorize?.url).toBe('https://payout-gamma.cashfree.com/payout/v1/authorize');
    expect(decrypt(authorize?.headers['x-cf-signature'])).toBe(expected);
    expect(decrypt(create?.headers['x-cf-signature'])).toBe(expected);
    expect(decrypt(get?.headers['x-cf-signature'])).toBe(expected);
    // OAEP is randomised: the same text encrypts differently every time.
    expect(create?.headers['x-cf-signature']).not.toBe(get?.headers['x-cf-signature']);
    // The Bearer token already stands for the signed authorize.
    expect(balance?.headers['x-cf-signature']).toBeUndefined();
  });

  it('refuses a malformed key when the gateway is made, not at the first payout', () => {
    expect(() => payoutsOver(scripted().transport, { publicKey: 'not a key' })).toThrow();
  });
});

describe('payouts webhooks, parsed', () => {
  const success = {
    data: {
      transfer_id: 'wd_abc123',
      cf_transfer_id: '123456',
      status: 'SUCCESS',
      status_code: 'SENT_TO_BENEFICIARY',
      beneficiary_details: { beneficiary_id: 'JOHN18011' },
      transfer_amount: 1,
      transfer_mode: 'BANK',
      transfer_utr: 'TESTR92023012200543116',
    },
    event_time: '2024-07-25T17:43:37',
    type: 'TRANSFER_SUCCESS',
  };

  it('reads Cashfree’s documented TRANSFER_SUCCESS sample', () => {
    expect(parsePayoutWebhook(success)).toEqual({
      type: 'TRANSFER_SUCCESS',
      transfer: {
        transferId: 'wd_abc123',
        providerTransferId: '123456',
        status: 'SUCCESS',
        statusCode: 'SENT_TO_BENEFICIARY',
        statusDescription: null,
        utr: 'TESTR92023012200543116',
        amountPaise: 100,
      },
    });
  });

  it('reads a reversal with numbers where strings were, and fields it does not know', () => {
    const reversed = {
      type: 'TRANSFER_REVERSED',
      event_time: '2024-07-25T18:00:00',
      data: {
        transfer_id: 'wd_abc123',
        cf_transfer_id: 123456,
        status: 'REVERSED',
        transfer_amount: '149.50',
        extra: 1,
      },
    };
    expect(parsePayoutWebhook(reversed)).toMatchObject({
      type: 'TRANSFER_REVERSED',
      transfer: { providerTransferId: '123456', status: 'REVERSED', statusCode: null, amountPaise: 14_950 },
    });
  });

  it('gives events about no transfer a null transfer', () => {
    expect(
      parsePayoutWebhook({ type: 'LOW_BALANCE_ALERT', event_time: '2024-07-25T17:43:37', data: { balance: '10.00' } }),
    ).toEqual({ type: 'LOW_BALANCE_ALERT', transfer: null });
    expect(parsePayoutWebhook({ type: 'CREDIT_CONFIRMATION' })).toEqual({
      type: 'CREDIT_CONFIRMATION',
      transfer: null,
    });
  });

  it.each([
    ['no body', null],
    ['a string', 'TRANSFER_SUCCESS'],
    ['no type', { data: success.data }],
    ['an empty type', { ...success, type: '' }],
    ['a transfer event with no transfer', { type: 'TRANSFER_FAILED', data: {} }],
    ['a transfer with no status', { type: 'TRANSFER_FAILED', data: { transfer_id: 'wd_abc123' } }],
    ['a transfer id that is not text', { type: 'TRANSFER_FAILED', data: { transfer_id: 42, status: 'FAILED' } }],
  ])('answers %s with null', (_name, body) => {
    expect(parsePayoutWebhook(body)).toBeNull();
  });
});
