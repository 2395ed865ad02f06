import type { FastifyInstance } from 'fastify';
import type { Storage } from '../../providers/storage/storage.js';
import { sendStoredFile } from '../media/index.js';
import type { ShareCards } from './share-cards.js';

/** The 1200 × 630 JPEGs `og:image` names (share-meta.ts): public, versioned, cached for good. */
export function shareCardRoutes(app: FastifyInstance, deps: { cards: ShareCards; storage: Storage }): void {
  app.get<{ Params: { id: string; file: string } }>('/api/share-cards/contents/:id/:file', async (request, reply) => {
    const card = await deps.cards.itemCard(request.params.id, request.params.file);
    if ('redirect' in card)
      return reply.code(302).header('cache-control', 'public, max-age=300').redirect(card.redirect);
    return sendStoredFile(request, reply, deps.storage, card.file);
  });
  app.get<{ Params: { id: string; file: string } }>('/api/share-cards/creators/:id/:file', async (request, reply) => {
    const card = await deps.cards.profileCard(request.params.id, request.params.file);
    if ('redirect' in card)
      return reply.code(302).header('cache-control', 'public, max-age=300').redirect(card.redirect);
    return sendStoredFile(request, reply, deps.storage, card.file);
  });
}
