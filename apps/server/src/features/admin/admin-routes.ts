import {
  adminContent,
  adminContentList,
  adminCreator,
  adminCreatorList,
  adminJobList,
  adminJobsQuery,
  adminLogs,
  adminOverview,
  adminPaymentList,
  contactMessageList,
  hideContentInput,
  jobActionInput,
  reinstateCreatorInput,
  suspendCreatorInput,
  unhideContentInput,
} from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.js';
import { requireAdmin, type Sessions } from '../accounts/index.js';
import type { ContactService } from '../contact/index.js';
import type { AdminService } from './admin-service.js';
import type { JobsAdminService } from './jobs-admin-service.js';
import type { ModerationService } from './moderation-service.js';

/** Admin-only reads and actions. Every route checks the session's account; headers prove nothing (DESIGN §7). */
export function adminRoutes(
  app: FastifyInstance,
  deps: {
    sessions: Sessions;
    contact: ContactService;
    admin: AdminService;
    moderation: ModerationService;
    jobs: JobsAdminService;
  },
): void {
  const { admin, moderation, jobs } = deps;

  app.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      await requireAdmin(deps.sessions, request);
      reply.header('cache-control', 'no-store');
    });

    scope.get('/api/admin/messages', async () => contactMessageList.parse(await deps.contact.listForAdmin()));
    scope.get('/api/admin/overview', async () => adminOverview.parse(await admin.overview()));
    scope.get('/api/admin/payments', async () => adminPaymentList.parse(await admin.payments()));
    scope.get('/api/admin/contents', async () => adminContentList.parse(await admin.contents()));
    scope.get('/api/admin/creators', async () => adminCreatorList.parse(await admin.creators()));
    scope.get('/api/admin/logs', async () => adminLogs.parse(await admin.logs()));
    scope.get('/api/admin/jobs', async (request) => {
      const { state } = parseInput(adminJobsQuery, request.query);
      return adminJobList.parse(await jobs.list(state));
    });

    // requireAdmin ran in the hook; asking again reads the same request's cached session.
    scope.post('/api/admin/contents/hide', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseInput(hideContentInput, request.body);
      return adminContent.parse(await moderation.hideContent(actor, input));
    });
    scope.post('/api/admin/contents/unhide', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseInput(unhideContentInput, request.body);
      return adminContent.parse(await moderation.unhideContent(actor, input));
    });
    scope.post('/api/admin/creators/suspend', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseInput(suspendCreatorInput, request.body);
      return adminCreator.parse(await moderation.suspendCreator(actor, input));
    });
    scope.post('/api/admin/jobs/retry', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      return jobs.retry(actor, parseInput(jobActionInput, request.body).id);
    });
    scope.post('/api/admin/jobs/discard', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      return jobs.discard(actor, parseInput(jobActionInput, request.body).id);
    });
    scope.post('/api/admin/creators/reinstate', async (request) => {
      const actor = await requireAdmin(deps.sessions, request);
      const input = parseInput(reinstateCreatorInput, request.body);
      return adminCreator.parse(await moderation.reinstateCreator(actor, input));
    });
  });
}
