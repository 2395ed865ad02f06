import { contactMessageCreated, contactMessageInput } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.js';
import type { ContactService } from './contact-service.js';

/** Per IP: enough for a person with a follow-up, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

export function contactRoutes(app: FastifyInstance, service: ContactService): void {
  app.post('/api/contact', { config: { rateLimit: CONTACT_RATE_LIMIT } }, async (request, reply) => {
    const input = parseInput(contactMessageInput, request.body);
    const created = await service.receiveMessage(input);
    return reply.status(201).send(contactMessageCreated.parse(created));
  });
}
