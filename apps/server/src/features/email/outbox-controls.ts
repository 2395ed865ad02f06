import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OutboxFailure, OutboxMailer } from '../../providers/mail/outbox-mailer.js';
import { parseInput } from '../../lib/validate.js';

const failureBody = z.object({ failure: z.enum(['none', 'unavailable', 'reject']) }).strict();

/**
 * The development outbox's test switch, for the admin only (like the payment simulator's): makes
 * its "mail server" unavailable (messages are retried) or refuse recipients (they fail at once and
 * wait in the admin's Jobs view). It exists only where the outbox does, never with SMTP_URL.
 */
export function outboxControlRoutes(
  app: FastifyInstance,
  deps: { outbox: OutboxMailer; authorize(request: FastifyRequest): Promise<unknown> },
): void {
  app.get('/__outbox/failure', async (request) => {
    await deps.authorize(request);
    return { failure: deps.outbox.failure };
  });
  app.post('/__outbox/failure', async (request) => {
    await deps.authorize(request);
    const { failure } = parseInput(failureBody, request.body);
    deps.outbox.failure = failure satisfies OutboxFailure;
    request.log.warn({ failure }, 'outbox test switch changed');
    return { failure };
  });
}
