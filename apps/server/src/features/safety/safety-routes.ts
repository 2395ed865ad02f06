import {
  decideTicketInput,
  grievanceInput,
  reportDetailsInput,
  reportInput,
  reviewRequestInput,
  safetyQueue,
  safetyTicket,
  ticketReceipt,
} from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localeOfRequest } from '../../lib/request-locale.js';
import { parseInput } from '../../lib/validate.js';
import { requireAccount, requireAdmin, type Sessions } from '../accounts/index.js';
import type { TakedownQueue } from './takedown-queue.js';

/**
 * Per network. A household or a carrier's shared address (CGNAT) may send a few reports at once;
 * a flood of them, which would also hold items out of view, is stopped.
 */
export const REPORT_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;
/** Complaints to the Grievance Officer: as the Contact form. */
export const GRIEVANCE_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

const ticketParams = z.object({ ticket: z.string().trim().min(1).max(40) });
const contentParams = z.object({ id: z.string().trim().min(1).max(100) });

/** Trust and safety's routes (issue 24): thin; the takedown queue holds the rules. */
export function safetyRoutes(app: FastifyInstance, deps: { queue: TakedownQueue; sessions: Sessions }): void {
  const { queue, sessions } = deps;

  app.post('/api/reports', { config: { rateLimit: REPORT_RATE_LIMIT } }, async (request, reply) => {
    const input = parseInput(reportInput, request.body);
    const reporter = await sessions.read(request);
    const receipt = await queue.report(reporter, input, localeOfRequest(request));
    return reply.code(201).header('cache-control', 'no-store').send(ticketReceipt.parse(receipt));
  });

  app.post('/api/reports/:ticket/details', { config: { rateLimit: REPORT_RATE_LIMIT } }, async (request, reply) => {
    const { ticket } = parseInput(ticketParams, request.params);
    const input = parseInput(reportDetailsInput, request.body);
    return reply
      .header('cache-control', 'no-store')
      .send(ticketReceipt.parse(await queue.addDetails(ticket, input, localeOfRequest(request))));
  });

  app.post('/api/grievances', { config: { rateLimit: GRIEVANCE_RATE_LIMIT } }, async (request, reply) => {
    const input = parseInput(grievanceInput, request.body);
    const reporter = await sessions.read(request);
    const receipt = await queue.fileGrievance(reporter, input, localeOfRequest(request));
    return reply.code(201).header('cache-control', 'no-store').send(ticketReceipt.parse(receipt));
  });

  app.post('/api/studio/contents/:id/review-request', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    const { id } = parseInput(contentParams, request.params);
    const input = parseInput(reviewRequestInput, request.body);
    const receipt = await queue.requestReview(account, id, input);
    return reply.code(201).header('cache-control', 'no-store').send(ticketReceipt.parse(receipt));
  });

  app.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      await requireAdmin(sessions, request);
      reply.header('cache-control', 'no-store');
    });
    scope.get('/api/admin/reports', async () => safetyQueue.parse(await queue.queue()));
    scope.post('/api/admin/reports/:ticket/decide', async (request) => {
      const admin = await requireAdmin(sessions, request);
      const { ticket } = parseInput(ticketParams, request.params);
      const input = parseInput(decideTicketInput, request.body);
      return safetyTicket.parse(await queue.decide(admin, ticket, input));
    });
  });
}
