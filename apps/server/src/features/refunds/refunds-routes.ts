import {
  adminDisputeList,
  adminProblemReportList,
  adminRefundInput,
  closeProblemReportInput,
  creatorRefundInput,
  hideRefundPreview,
  problemReportInput,
  problemReportResponse,
  purchasesResponse,
  refundResponse,
  retryRefundInput,
} from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { requireAccount, requireAdmin, type Sessions } from '../accounts/index.js';
import type { RefundsService } from './refunds-service.js';

/** A fan reports a problem or two, not dozens: per IP, room for a household. */
export const PROBLEM_REPORT_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

const previewQuery = z.object({ id: z.string({ error: 'Please say which item.' }).trim().min(1).max(100) });

/** Money back's routes (issue 22): thin; the service holds the rules. */
export function refundsRoutes(app: FastifyInstance, deps: { refunds: RefundsService; sessions: Sessions }): void {
  const { refunds, sessions } = deps;

  app.get('/api/purchases', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    return reply
      .header('cache-control', 'no-store')
      .send(purchasesResponse.parse({ items: await refunds.purchases(account) }));
  });

  app.post('/api/purchases/report', { config: { rateLimit: PROBLEM_REPORT_RATE_LIMIT } }, async (request, reply) => {
    const account = await requireAccount(sessions, request);
    const input = parseInput(problemReportInput, request.body);
    const report = await refunds.reportProblem(account, input);
    return reply.code(201).header('cache-control', 'no-store').send(problemReportResponse.parse({ report }));
  });

  app.post('/api/refunds', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    const input = parseInput(creatorRefundInput, request.body);
    const refund = await refunds.creatorRefund(account, input);
    return reply.code(201).header('cache-control', 'no-store').send(refundResponse.parse({ refund }));
  });

  app.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      await requireAdmin(sessions, request);
      reply.header('cache-control', 'no-store');
    });

    scope.post('/api/admin/payments/refund', async (request, reply) => {
      const admin = await requireAdmin(sessions, request);
      const input = parseInput(adminRefundInput, request.body);
      return reply.code(201).send(refundResponse.parse({ refund: await refunds.adminRefund(admin, input) }));
    });
    scope.post('/api/admin/refunds/retry', async (request) => {
      const admin = await requireAdmin(sessions, request);
      const input = parseInput(retryRefundInput, request.body);
      return refundResponse.parse({ refund: await refunds.retry(admin, input) });
    });
    scope.get('/api/admin/problem-reports', async () =>
      adminProblemReportList.parse({ items: await refunds.adminReports() }),
    );
    scope.post('/api/admin/problem-reports/close', async (request) => {
      const admin = await requireAdmin(sessions, request);
      const input = parseInput(closeProblemReportInput, request.body);
      return problemReportResponse.parse({ report: await refunds.closeReport(admin, input) });
    });
    scope.get('/api/admin/disputes', async () => adminDisputeList.parse({ items: await refunds.adminDisputes() }));
    scope.get('/api/admin/contents/refund-preview', async (request) => {
      const { id } = parseInput(previewQuery, request.query);
      return hideRefundPreview.parse(await refunds.hidePreview(id));
    });
  });
}
