import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { paiseToRupees, rupeesToPaise } from '@kholo/contracts';
import { z } from 'zod';
import type { Transport } from '../payments/cashfree-gateway.js';
import {
  type PayoutGateway,
  PayoutGatewayError,
  type PayoutWebhookEvent,
  type TransferRequest,
  type TransferState,
  type VpaCheck,
} from './payout-gateway.js';

/**
 * Cashfree Payouts' hosts. UPI validation and the balance exist only on the V1 API, which takes a
 * Bearer token from /payout/v1/authorize (reference/cashfree-audit.md B.1, B.2, B.5); V2 transfers
 * live under /payout on the api./sandbox. hosts and take the keys in every request.
 */
export const CASHFREE_PAYOUT_V1_BASE_URLS = {
  sandbox: 'https://payout-gamma.cashfree.com',
  production: 'https://payout-api.cashfree.com',
} as const;

export const CASHFREE_PAYOUT_V2_BASE_URLS = {
  sandbox: 'https://sandbox.cashfree.com/payout',
  production: 'https://api.cashfree.com/payout',
} as const;

/** The only V2 version Cashfree's Payouts SDK knows (audit B.1); a newer one is a reviewed change. */
export const CASHFREE_PAYOUT_API_VERSION = '2024-01-01';

export interface CashfreePayoutsOptions {
  /** The V1 host (its paths start with /payout/v1). */
  v1BaseUrl: string;
  /** The V2 base, /payout included (its paths start with /transfers). */
  v2BaseUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The 2FA public key (PEM) from the Payouts dashboard, for servers without a whitelisted IP:
   * every call then carries X-Cf-Signature. Without it, Cashfree must know our IP.
   */
  publicKey?: string;
  transport?: Transport;
  timeoutMs?: number;
  /** Now, for the token's expiry and the 2FA signature's time. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A token is used until a minute before Cashfree says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Cashfree Payouts over plain fetch: V1 for UPI validation and the balance, V2 for transfers. */
export function createCashfreePayouts(options: CashfreePayoutsOptions): PayoutGateway {
  const transport = options.transport ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  // Parsed once, so a malformed key fails at start-up rather than on the first payout.
  const publicKey = options.publicKey === undefined ? null : createPublicKey(options.publicKey);
  let token: { value: string; usableUntil: number } | null = null;

  /**
   * Cashfree's 2FA signature (audit B.1): RSA-OAEP with SHA-1, as PHP's OPENSSL_PKCS1_OAEP_PADDING
   * in Cashfree's sample, over "<clientId>.<unix seconds>". Documented for V1's authorize; that V2
   * takes it too is a guess (the V2 SDK never sends it), so it is sent on both.
   */
  function twoFactorHeaders(): Record<string, string> {
    if (publicKey === null) return {};
    const signed = `${options.clientId}.${String(Math.floor(now() / 1000))}`;
    const encrypted = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(signed),
    );
    return { 'x-cf-signature': encrypted.toString('base64') };
  }

  async function request(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let status: number;
    let text: string;
    try {
      const response = await transport(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new PayoutGatewayError('unavailable', `Cashfree Payouts did not answer: ${String(error)}`);
    }
    // The status first: a proxy's HTML error page is an outage, not a garbled answer.
    if (status === 401 || status === 403) {
      throw new PayoutGatewayError('rejected_credentials', `Cashfree Payouts refused our keys (${status})`);
    }
    if (status === 429) throw new PayoutGatewayError('rate_limited', 'Cashfree Payouts: too many requests');
    if (status >= 500) throw new PayoutGatewayError('unavailable', `Cashfree Payouts answered ${status}`);
    try {
      return { status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    } catch {
      throw new PayoutGatewayError('malformed_response', `Cashfree Payouts answered ${status} with no JSON`);
    }
  }

  async function bearer(): Promise<string> {
    if (token !== null && token.usableUntil > now()) return token.value;
    const { body } = await request(`${options.v1BaseUrl}/payout/v1/authorize`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'X-Client-Id': options.clientId,
        'X-Client-Secret': options.clientSecret,
        ...twoFactorHeaders(),
      },
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

  async function getV1(path: string): Promise<{ status: number; body: unknown }> {
    const once = async () =>
      request(`${options.v1BaseUrl}${path}`, {
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

  function callV2(method: 'GET' | 'POST', path: string, body?: unknown) {
    return request(`${options.v2BaseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-client-id': options.clientId,
        'x-client-secret': options.clientSecret,
        'x-api-version': CASHFREE_PAYOUT_API_VERSION,
        // Quoted by Cashfree's support when a call needs tracing.
        'x-request-id': randomUUID(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...twoFactorHeaders(),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function getTransfer(transferId: string): Promise<TransferState | null> {
    const { status, body } = await callV2('GET', `/transfers?transfer_id=${encodeURIComponent(transferId)}`);
    if (status === 404) return null;
    if (status !== 200) throw refusal(status, body);
    return expectTransfer(body, transferId);
  }

  return {
    async validateVpa(vpa): Promise<VpaCheck> {
      const { status, body } = await getV1(`/payout/v1/validation/upiDetails?vpa=${encodeURIComponent(vpa)}`);
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
      const { body } = await getV1('/payout/v1/getBalance');
      const data = field(body, 'data');
      // Rupees, as strings ("1000.00") in Cashfree's samples, or numbers.
      const balancePaise = rupeesToPaise(Number(field(data, 'balance')));
      const availablePaise = rupeesToPaise(Number(field(data, 'availableBalance')));
      if (field(body, 'status') !== 'SUCCESS' || balancePaise === null || availablePaise === null) {
        throw new PayoutGatewayError('malformed_response', `Cashfree Payouts gave no balance: ${describe(body)}`);
      }
      return { balancePaise, availablePaise };
    },

    async createTransfer(transfer: TransferRequest): Promise<TransferState> {
      const { status, body } = await callV2('POST', '/transfers', {
        transfer_id: transfer.transferId,
        transfer_amount: paiseToRupees(transfer.amountPaise),
        transfer_currency: 'INR',
        transfer_mode: 'upi',
        beneficiary_details: {
          beneficiary_name: transfer.beneficiaryName,
          beneficiary_instrument_details: { vpa: transfer.vpa },
        },
        transfer_remarks: transfer.remarks,
      });
      if (status === 409) {
        // The transfer_id is taken: by our own earlier call whose answer was lost, since ids
        // are ours. Its state is the answer; Cashfree never pays one transfer_id twice.
        const existing = await getTransfer(transfer.transferId);
        if (existing === null) {
          throw new PayoutGatewayError('unavailable', `Cashfree Payouts says ${transfer.transferId} exists, then not`);
        }
        return existing;
      }
      if (status !== 200) throw refusal(status, body);
      return expectTransfer(body, transfer.transferId);
    },

    getTransfer,
  };
}

/**
 * A payouts webhook's body (V2, audit B.6) as an event, or null when it is not one: a transfer
 * event must carry a readable transfer, and any other event (LOW_BALANCE_ALERT) has none. Pure:
 * the caller has checked the signature on the raw bytes first.
 */
export function parsePayoutWebhook(body: unknown): PayoutWebhookEvent | null {
  const type = field(body, 'type');
  if (typeof type !== 'string' || type.trim() === '') return null;
  const data = field(body, 'data');
  const transferId = field(data, 'transfer_id');
  if (transferId === undefined || transferId === null) {
    return type.startsWith('TRANSFER_') ? null : { type, transfer: null };
  }
  const transfer = toTransferState(data);
  return transfer === null ? null : { type, transfer };
}

/** A transfer field that Cashfree writes as a string in one sample and a number in another. */
const looseText = z
  .union([z.string(), z.number()])
  .nullish()
  .catch(null)
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));

/**
 * Cashfree's transfer entity (audit B.3, B.4), read leniently: the SDK's model and the docs'
 * samples disagree on which fields exist, so only the id and status are required.
 */
const transferSchema = z.object({
  transfer_id: z.string().min(1),
  cf_transfer_id: looseText,
  status: z.string().min(1),
  status_code: looseText,
  status_description: looseText,
  transfer_utr: looseText,
  transfer_amount: looseText,
});

function toTransferState(value: unknown): TransferState | null {
  const parsed = transferSchema.safeParse(value);
  if (!parsed.success) return null;
  const transfer = parsed.data;
  return {
    transferId: transfer.transfer_id,
    providerTransferId: transfer.cf_transfer_id,
    status: transfer.status.trim().toUpperCase(),
    statusCode: transfer.status_code,
    statusDescription: transfer.status_description,
    utr: transfer.transfer_utr,
    amountPaise: transfer.transfer_amount === null ? null : rupeesToPaise(Number(transfer.transfer_amount)),
  };
}

/** The transfer in a 200, which must be the one asked about. */
function expectTransfer(body: unknown, transferId: string): TransferState {
  const transfer = toTransferState(body);
  if (transfer?.transferId !== transferId) {
    throw new PayoutGatewayError('malformed_response', `Cashfree Payouts gave no transfer: ${describe(body)}`);
  }
  return transfer;
}

/** Any other 4xx: Cashfree's ErrorV2 {type, code, message}; nothing was created. */
function refusal(status: number, body: unknown): PayoutGatewayError {
  const code = field(body, 'code');
  const message = field(body, 'message');
  return new PayoutGatewayError(
    'refused',
    `Cashfree Payouts refused (${status}): ${typeof message === 'string' ? message : describe(body)}`,
    typeof code === 'string' ? code : null,
  );
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

function describe(body: unknown): string {
  // JSON.stringify(undefined) is undefined, whatever its type says.
  return (JSON.stringify(body) as string | undefined)?.slice(0, 200) ?? 'nothing';
}
