import { rupeesToPaise } from '@kholo/contracts';
import type { Transport } from '../payments/cashfree-gateway.js';
import { type PayoutGateway, PayoutGatewayError, type VpaCheck } from './payout-gateway.js';

/**
 * Cashfree Payouts' hosts. UPI validation and the balance exist only on the V1 API, which takes a
 * Bearer token from /payout/v1/authorize (reference/cashfree-audit.md B.1, B.2, B.5); V2 transfers
 * live under /payout on the api./sandbox. hosts.
 */
export const CASHFREE_PAYOUT_V1_BASE_URLS = {
  sandbox: 'https://payout-gamma.cashfree.com',
  production: 'https://payout-api.cashfree.com',
} as const;

export interface CashfreePayoutsOptions {
  /** The V1 host (its paths start with /payout/v1). */
  v1BaseUrl: string;
  clientId: string;
  clientSecret: string;
  transport?: Transport;
  timeoutMs?: number;
  /** Now, for the token's expiry. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A token is used until a minute before Cashfree says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Cashfree Payouts over plain fetch: its two V1 reads so far (the V2 transfers come next). */
export function createCashfreePayouts(options: CashfreePayoutsOptions): PayoutGateway {
  const transport = options.transport ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let token: { value: string; usableUntil: number } | null = null;

  async function request(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await transport(`${options.v1BaseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PayoutGatewayError('unavailable', `Cashfree Payouts did not answer: ${String(error)}`);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      throw new PayoutGatewayError('malformed_response', `Cashfree Payouts answered ${response.status} with no JSON`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new PayoutGatewayError('rejected_credentials', `Cashfree Payouts refused our keys (${response.status})`);
    }
    if (response.status === 429) throw new PayoutGatewayError('rate_limited', 'Cashfree Payouts: too many requests');
    if (response.status >= 500)
      throw new PayoutGatewayError('unavailable', `Cashfree Payouts answered ${response.status}`);
    return { status: response.status, body };
  }

  async function bearer(): Promise<string> {
    if (token !== null && token.usableUntil > now()) return token.value;
    const { body } = await request('/payout/v1/authorize', {
      method: 'POST',
      headers: { accept: 'application/json', 'X-Client-Id': options.clientId, 'X-Client-Secret': options.clientSecret },
    });
    const data = field(body, 'data');
    const value = field(data, 'token');
    const expiry = Number(field(data, 'expiry'));
    if (field(body, 'status') !== 'SUCCESS' || typeof value !== 'string' || !Number.isFinite(expiry)) {
      throw new PayoutGatewayError('rejected_credentials', `Cashfree Payouts gave no token: ${describe(body)}`);
    }
    token = { value, usableUntil: expiry * 1000 - TOKEN_MARGIN_MS };
    return value;
  }

  async function get(path: string): Promise<{ status: number; body: unknown }> {
    const once = async () =>
      request(path, {
        method: 'GET',
        headers: { accept: 'application/json', authorization: `Bearer ${await bearer()}` },
      });
    const reused = token !== null;
    try {
      const answer = await once();
      const subCode = String(field(answer.body, 'subCode'));
      if (subCode !== '401' && subCode !== '403') return answer;
    } catch (error) {
      if (!reused || !(error instanceof PayoutGatewayError) || error.kind !== 'rejected_credentials') throw error;
    }
    // A token Cashfree ended before its expiry: one new token, one more try.
    token = null;
    return once();
  }

  return {
    async validateVpa(vpa): Promise<VpaCheck> {
      const { status, body } = await get(`/payout/v1/validation/upiDetails?vpa=${encodeURIComponent(vpa)}`);
      const subCode = String(field(body, 'subCode'));
      if (status === 422 || status === 400 || subCode === '422' || subCode === '400') return { kind: 'invalid' };
      const data = field(body, 'data');
      // SUCCESS comes whether or not the account exists: accountExists says which.
      if (field(body, 'status') !== 'SUCCESS') {
        throw new PayoutGatewayError('malformed_response', `UPI validation failed: ${describe(body)}`);
      }
      if (field(data, 'accountExists') !== 'YES') return { kind: 'not_found' };
      const nameAtBank = field(data, 'nameAtBank');
      if (typeof nameAtBank !== 'string' || nameAtBank.trim() === '') return { kind: 'not_found' };
      return { kind: 'found', nameAtBank: nameAtBank.trim() };
    },

    async getBalance() {
      const { body } = await get('/payout/v1/getBalance');
      const data = field(body, 'data');
      // Rupees, as strings ("1000.00") in Cashfree's samples, or numbers.
      const balancePaise = rupeesToPaise(Number(field(data, 'balance')));
      const availablePaise = rupeesToPaise(Number(field(data, 'availableBalance')));
      if (field(body, 'status') !== 'SUCCESS' || balancePaise === null || availablePaise === null) {
        throw new PayoutGatewayError('malformed_response', `Cashfree Payouts gave no balance: ${describe(body)}`);
      }
      return { balancePaise, availablePaise };
    },
  };
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

function describe(body: unknown): string {
  // JSON.stringify(undefined) is undefined, whatever its type says.
  return (JSON.stringify(body) as string | undefined)?.slice(0, 200) ?? 'nothing';
}
