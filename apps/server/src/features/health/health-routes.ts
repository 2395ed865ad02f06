import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

export function healthRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  app.get('/api/health', async (request) => {
    try {
      await pingDatabase(deps.db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ok', database: 'ok' };
  });
}
