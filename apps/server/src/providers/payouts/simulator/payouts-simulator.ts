import { createHash, randomBytes } from 'node:crypto';
import { paiseToRupees } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';

/** Where the simulator answers; the Cashfree Payouts adapter is pointed here instead of Cashfree. */
export const PAYOUTS_SIMULATOR_BASE = '/__simulator/payouts';

/** UPI handles the simulator's "banks" answer for; any other handle has no accounts (a typo). */
const KNOWN_HANDLES = new Set([
  'apl',
  'axisbank',
  'axl',
  'ibl',
  'icici',
  'kotak',
  'okaxis',
  'okhdfcbank',
  'okicici',
  'oksbi',
  'paytm',
  'pthdfc',
  'ptsbi',
  'sbi',
  'upi',
  'ybl',
  'yesbank',
]);

/** Names for UPI IDs whose local part is a phone number: chosen by the number, so always the same. */
const NAMES_FOR_NUMBERS = ['ASHA RAO', 'PRIYA SHARMA', 'RAHUL VERMA', 'KAVYA MENON', 'ARJUN NAIR', 'MEERA IYER'];

/**
 * Who the simulated bank says holds a UPI ID: `asha.rao@okaxis` is ASHA RAO; a phone number gets a
 * name picked by the number; `invalid@…` is not a UPI ID; `unknown@…` and unknown handles have no
 * account. Deterministic, so tests and demos can rely on it.
 */
export function simulatedHolder(
  vpa: string,
): { kind: 'found'; nameAtBank: string } | { kind: 'not_found' | 'invalid' } {
  const [local = '', handle = ''] = vpa.toLowerCase().split('@');
  if (local === 'invalid' || handle === '' || !/^[a-z0-9._-]+$/.test(local)) return { kind: 'invalid' };
  if (local === 'unknown' || !KNOWN_HANDLES.has(handle)) return { kind: 'not_found' };
  const words = local.split(/[._\-\d]+/).filter((word) => word.length > 1);
  if (words.length > 0) return { kind: 'found', nameAtBank: words.join(' ').toUpperCase() };
  const digest = createHash('sha256').update(local).digest();
  return { kind: 'found', nameAtBank: NAMES_FOR_NUMBERS[(digest[0] ?? 0) % NAMES_FOR_NUMBERS.length] ?? 'ASHA RAO' };
}

/**
 * Cashfree Payouts' V1 calls that have no V2 twin, as the simulator answers them: a Bearer token
 * for the keys, UPI validation, the balance. Transfers come with the rest of issue 21.
 */
export function registerPayoutsSimulator(
  app: FastifyInstance,
  options: { clientId: string; clientSecret: string; balancePaise: () => number; now: () => number },
): void {
  const tokens = new Map<string, number>();

  app.post(`${PAYOUTS_SIMULATOR_BASE}/payout/v1/authorize`, async (request, reply) => {
    const id = request.headers['x-client-id'];
    const secret = request.headers['x-client-secret'];
    if (id !== options.clientId || secret !== options.clientSecret) {
      return reply
        .code(403)
        .send({ status: 'ERROR', subCode: '403', message: 'Invalid clientId and clientSecret combination' });
    }
    const token = randomBytes(24).toString('base64url');
    const expiry = Math.floor(options.now() / 1000) + 6 * 60;
    tokens.set(token, expiry * 1000);
    return { status: 'SUCCESS', subCode: '200', message: 'Token generated', data: { token, expiry } };
  });

  function authorised(header: string | undefined): boolean {
    const token = header?.startsWith('Bearer ') === true ? header.slice(7) : '';
    const expiresAt = tokens.get(token);
    return expiresAt !== undefined && expiresAt > options.now();
  }

  app.get(`${PAYOUTS_SIMULATOR_BASE}/payout/v1/validation/upiDetails`, async (request, reply) => {
    if (!authorised(request.headers.authorization)) {
      return reply.code(403).send({ status: 'ERROR', subCode: '403', message: 'Token is not valid' });
    }
    const { vpa } = request.query as { vpa?: string };
    const holder = simulatedHolder(vpa ?? '');
    if (holder.kind === 'invalid') {
      return reply.code(422).send({ status: 'ERROR', subCode: '422', message: 'Invalid VPA' });
    }
    return {
      status: 'SUCCESS',
      subCode: '200',
      message: 'VPA verification successful',
      data:
        holder.kind === 'found'
          ? { nameAtBank: holder.nameAtBank, accountExists: 'YES' }
          : { nameAtBank: '', accountExists: 'NO' },
    };
  });

  app.get(`${PAYOUTS_SIMULATOR_BASE}/payout/v1/getBalance`, async (request, reply) => {
    if (!authorised(request.headers.authorization)) {
      return reply.code(403).send({ status: 'ERROR', subCode: '403', message: 'Token is not valid' });
    }
    const rupees = paiseToRupees(options.balancePaise()).toFixed(2);
    return {
      status: 'SUCCESS',
      subCode: '200',
      message: 'Ledger balance for the account',
      data: { balance: rupees, availableBalance: rupees },
    };
  });
}
