import {
  ADMIN_LIST_LIMIT,
  adminWithdrawal,
  adminWithdrawalList,
  approveWithdrawalInput,
  cancelWithdrawalInput,
  markWithdrawalPaidInput,
  payoutAccount,
  payoutAccountInput,
  verifyPayoutUpiInput,
  verifyPayoutUpiResponse,
  withdrawal,
  rejectWithdrawalInput,
  walletResponse,
  withdrawInput,
  withdrawResponse,
} from '@kholo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { parseInput } from '../../lib/validate.js';
import { requireAccount, requireAdmin, type Sessions } from '../accounts/index.js';
import type { Clock } from '../../lib/clock.js';
import { parsePayoutWebhook } from '../../providers/payouts/cashfree-payouts.js';
import { checkWebhookSignature, webhookAgeMs } from '../../providers/payments/webhook-signature.js';
import type { PayoutAccountService } from './payout-account-service.js';
import type { PayoutTransfers } from './payout-transfers.js';
import type { WithdrawalsService } from './withdrawals-service.js';

/** Each check asks the bank (it costs, and names a person): a creator needs a handful, not hundreds. */
export const PAYOUT_UPI_CHECK_RATE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;
/** A payouts webhook is a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;
export const PAYOUT_WEBHOOK_PATH = '/api/payouts/webhook';

/**
 * Per IP. A creator withdraws a few times a month; a typo in the UPI ID costs a retry or two.
 * Room for a household behind one CGNAT address, not for a script guessing at balances.
 */
export const WITHDRAW_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

/**
 * As parseInput, but the answer's message is the first field's own text: the withdraw modal
 * and the admin's alert show `error.message` as is ('Please enter a valid UPI ID.', SPEC §5),
 * and have no highlighted field to point at.
 */
function parseWithMessage<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  try {
    return parseInput(schema, body);
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.fields !== undefined) {
      const first = Object.values(error.fields)[0];
      if (first !== undefined) throw new AppError('VALIDATION_FAILED', first, { fields: error.fields });
    }
    throw error;
  }
}

export function withdrawalsRoutes(
  app: FastifyInstance,
  deps: {
    withdrawals: WithdrawalsService;
    payoutAccounts: PayoutAccountService;
    /** Null when payouts are paid by hand: no webhooks come. */
    transfers: PayoutTransfers | null;
    /** The payouts provider's webhook key (its client secret; the simulator's own). */
    webhookSecret: string | null;
    webhookMaxAgeMs: number;
    clock: Clock;
    sessions: Sessions;
  },
): void {
  app.get('/api/wallet', async (request, reply) => {
    const account = await requireAccount(deps.sessions, request);
    const wallet = await deps.withdrawals.wallet(account);
    return reply.header('cache-control', 'no-store').send(walletResponse.parse(wallet));
  });

  app.post('/api/withdraw', { config: { rateLimit: WITHDRAW_RATE_LIMIT } }, async (request, reply) => {
    const account = await requireAccount(deps.sessions, request);
    const input = parseWithMessage(withdrawInput, request.body);
    const result = await deps.withdrawals.request(account, input);
    return reply.code(201).header('cache-control', 'no-store').send(withdrawResponse.parse(result));
  });

  app.post('/api/withdrawals/cancel', async (request, reply) => {
    const account = await requireAccount(deps.sessions, request);
    const input = parseWithMessage(cancelWithdrawalInput, request.body);
    return reply
      .header('cache-control', 'no-store')
      .send(withdrawal.parse(await deps.withdrawals.cancel(account, input)));
  });

  app.get('/api/studio/payout-account', async (request, reply) => {
    const account = await requireAccount(deps.sessions, request);
    const saved = await deps.payoutAccounts.get(account);
    return reply.header('cache-control', 'no-store').send(payoutAccount.nullable().parse(saved));
  });

  app.post(
    '/api/studio/payout-account/verify',
    { config: { rateLimit: PAYOUT_UPI_CHECK_RATE_LIMIT } },
    async (request, reply) => {
      const account = await requireAccount(deps.sessions, request);
      const input = parseInput(verifyPayoutUpiInput, request.body);
      const answer = await deps.payoutAccounts.verify(account, input);
      return reply.header('cache-control', 'no-store').send(verifyPayoutUpiResponse.parse(answer));
    },
  );

  app.put(
    '/api/studio/payout-account',
    { config: { rateLimit: PAYOUT_UPI_CHECK_RATE_LIMIT } },
    async (request, reply) => {
      const account = await requireAccount(deps.sessions, request);
      const input = parseInput(payoutAccountInput, request.body);
      return reply
        .header('cache-control', 'no-store')
        .send(payoutAccount.parse(await deps.payoutAccounts.save(account, input)));
    },
  );

  // Signed by the payouts provider over the exact bytes, so the route parses its own body. It
  // answers 200 to anything it verified, even what it ignores: Cashfree disables an endpoint
  // after five failures in a row.
  const { transfers, webhookSecret } = deps;
  if (transfers !== null && webhookSecret !== null) {
    app.register(async (hooks) => {
      hooks.removeAllContentTypeParsers();
      hooks.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => {
          done(null, body);
        },
      );
      hooks.post(PAYOUT_WEBHOOK_PATH, { config: { allowCrossOrigin: true } }, async (request, reply) => {
        const event = verifiedEvent(request, webhookSecret);
        const outcome = event === null ? 'unreadable' : await transfers.receiveWebhook(event);
        request.log.info({ type: event?.type, transferId: event?.transfer?.transferId, outcome }, 'payouts webhook');
        return reply.code(200).send({ received: true });
      });
    });
  }

  function verifiedEvent(request: FastifyRequest, secret: string) {
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new AppError('BAD_REQUEST', 'Expected a JSON body.');
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const now = deps.clock.now();
    const timestamp = header('x-webhook-timestamp');
    const problem = checkWebhookSignature(secret, { timestamp, signature: header('x-webhook-signature') }, raw, now, {
      maxAgeMs: deps.webhookMaxAgeMs,
    });
    if (problem !== null) {
      request.log.warn({ problem, ageMs: webhookAgeMs(timestamp, now) }, 'refused a payouts webhook');
      throw new AppError('UNAUTHENTICATED', `Webhook signature ${problem}.`);
    }
    try {
      return parsePayoutWebhook(JSON.parse(raw.toString('utf8')));
    } catch {
      return null;
    }
  }

  // Admin only, from the session; an `x-admin-email` header is accepted and ignored (DESIGN §6).
  app.register(async (admin) => {
    admin.addHook('preHandler', async (request, reply) => {
      await requireAdmin(deps.sessions, request);
      reply.header('cache-control', 'no-store');
    });

    admin.get('/api/admin/withdrawals', async () =>
      adminWithdrawalList.parse({ items: await deps.withdrawals.listForAdmin(ADMIN_LIST_LIMIT) }),
    );

    admin.post('/api/admin/withdrawals/payment-done', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseWithMessage(markWithdrawalPaidInput, request.body);
      return adminWithdrawal.parse(await deps.withdrawals.markPaid(actor, input));
    });

    admin.post('/api/admin/withdrawals/approve', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseWithMessage(approveWithdrawalInput, request.body);
      return adminWithdrawal.parse(await deps.withdrawals.approve(actor, input));
    });

    admin.post('/api/admin/withdrawals/reject', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseWithMessage(rejectWithdrawalInput, request.body);
      return adminWithdrawal.parse(await deps.withdrawals.reject(actor, input));
    });
  });
}
