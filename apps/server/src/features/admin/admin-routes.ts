import { contactMessageList } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin, type Sessions } from '../accounts/session.js';
import type { ContactService } from '../contact/contact-service.js';

/** Admin-only reads. Every route checks the session's account; headers prove nothing (DESIGN §7). */
export function adminRoutes(app: FastifyInstance, deps: { sessions: Sessions; contact: ContactService }): void {
  app.register(async (admin) => {
    admin.addHook('preHandler', async (request, reply) => {
      await requireAdmin(deps.sessions, request);
      reply.header('cache-control', 'no-store');
    });

    admin.get('/api/admin/messages', async () => contactMessageList.parse(await deps.contact.listForAdmin()));
  });
}
