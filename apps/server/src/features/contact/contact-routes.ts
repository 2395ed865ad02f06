import { contactMessageCreated, contactMessageInput } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.js';
import type { ContactService } from './contact-service.js';

/**
 * Per IP address. Indian mobile carriers put many people behind one address (CGNAT), so the
 * limit leaves room for several strangers at once while still stopping a flood.
 */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

export function contactRoutes(app: FastifyInstance, service: ContactService): void {
  app.post('/api/contact', { config: { rateLimit: CONTACT_RATE_LIMIT } }, async (request, reply) => {
    const input = parseInput(contactMessageInput, request.body);
    const created = await service.receiveMessage(input);
    return reply.status(201).send(contactMessageCreated.parse(created));
  });
}
