import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Transport } from '../payments/cashfree-gateway.js';
import { selfTransport } from '../payments/self-transport.js';
import { createCashfreePayouts } from './cashfree-payouts.js';
import { PAYOUTS_SIMULATOR_BASE, registerPayoutsSimulator, simulatedHolder } from './simulator/payouts-simulator.js';

const KEYS = { clientId: 'payouts-id', clientSecret: 'payouts-secret' };
let app: FastifyInstance;
let now = Date.UTC(2026, 10, 26, 6, 0);
const authorizeCalls: string[] = [];

async function simulator(): Promise<{ transport: Transport }> {
  app = Fastify();
  app.addHook('onRequest', async (request) => {
    if (request.url.endsWith('/authorize')) authorizeCalls.push(request.url);
  });
  registerPayoutsSimulator(app, { ...KEYS, balancePaise: () => 1_234_567, now: () => now });
  await app.ready();
  return { transport: selfTransport(app) };
}

afterEach(async () => {
  authorizeCalls.length = 0;
  await app.close();
});

describe('Cashfree Payouts, UPI validation and balance, against the simulator', () => {
  it('names the holder of a UPI ID, and tells a typo of a handle, a closed account and a malformed ID apart', async () => {
    const { transport } = await simulator();
    const payouts = createCashfreePayouts({ v1BaseUrl: PAYOUTS_SIMULATOR_BASE, ...KEYS, transport, now: () => now });

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
    const payouts = createCashfreePayouts({
      v1BaseUrl: PAYOUTS_SIMULATOR_BASE,
      ...KEYS,
      transport,
      now: () => payoutsNow,
    });
    await payouts.validateVpa('asha.rao@okaxis');
    // The simulator's clock runs past the token's six minutes; ours still thinks it good.
    now += 7 * 60_000;
    expect(await payouts.validateVpa('asha.rao@okaxis')).toEqual({ kind: 'found', nameAtBank: 'ASHA RAO' });
    expect(authorizeCalls).toHaveLength(2);
  });

  it('reports wrong keys, an outage and a garbled answer as errors, never as an answer about the UPI ID', async () => {
    const { transport } = await simulator();
    const wrongKeys = createCashfreePayouts({
      v1BaseUrl: PAYOUTS_SIMULATOR_BASE,
      clientId: 'x',
      clientSecret: 'y',
      transport,
    });
    await expect(wrongKeys.validateVpa('asha.rao@okaxis')).rejects.toMatchObject({ kind: 'rejected_credentials' });

    const down: Transport = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const unreachable = createCashfreePayouts({ v1BaseUrl: PAYOUTS_SIMULATOR_BASE, ...KEYS, transport: down });
    await expect(unreachable.validateVpa('asha.rao@okaxis')).rejects.toMatchObject({ kind: 'unavailable' });

    const failing: Transport = () => Promise.resolve(new Response('{"status":"ERROR"}', { status: 502 }));
    await expect(
      createCashfreePayouts({ v1BaseUrl: '', ...KEYS, transport: failing }).getBalance(),
    ).rejects.toMatchObject({ kind: 'unavailable' });

    const garbled: Transport = () => Promise.resolve(new Response('<html>maintenance</html>', { status: 200 }));
    await expect(
      createCashfreePayouts({ v1BaseUrl: '', ...KEYS, transport: garbled }).validateVpa('asha.rao@okaxis'),
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
