import { policyReminderStatus } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin, type Sessions } from '../accounts/index.js';
import type { PolicyReminders } from './policy-reminders-service.js';

/** The rules' periodic reminder on the admin's Dashboard: its state, and "Send the reminder to everyone". */
export function policyRemindersRoutes(
  app: FastifyInstance,
  deps: { sessions: Sessions; policyReminders: PolicyReminders },
): void {
  app.get('/api/admin/policy-reminders', async (request, reply) => {
    await requireAdmin(deps.sessions, request);
    reply.header('cache-control', 'no-store');
    return policyReminderStatus.parse(await deps.policyReminders.status());
  });

  app.post('/api/admin/policy-reminders', async (request, reply) => {
    const actor = await requireAdmin(deps.sessions, request);
    const status = await deps.policyReminders.start(actor);
    return reply.code(202).header('cache-control', 'no-store').send(policyReminderStatus.parse(status));
  });
}
