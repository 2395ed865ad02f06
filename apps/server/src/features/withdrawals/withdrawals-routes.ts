import {
  ADMIN_LIST_LIMIT,
  adminWithdrawal,
  adminWithdrawalList,
  markWithdrawalPaidInput,
  rejectWithdrawalInput,
  walletResponse,
  withdrawInput,
  withdrawResponse,
} from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { parseInput } from '../../lib/validate.js';
import { requireAccount, requireAdmin, type Sessions } from '../accounts/index.js';
import type { WithdrawalsService } from './withdrawals-service.js';

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
  deps: { withdrawals: WithdrawalsService; sessions: Sessions },
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

    admin.post('/api/admin/withdrawals/reject', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseWithMessage(rejectWithdrawalInput, request.body);
      return adminWithdrawal.parse(await deps.withdrawals.reject(actor, input));
    });
  });
}
