import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/connect.js';
import type { AppDependencies } from '../../app.js';
import { AppError } from '../../lib/app-error.js';

export function healthRoutes(app: FastifyInstance, deps: AppDependencies): void {
  app.get('/api/health', async (request) => {
    try {
      await pingDatabase(deps.database.db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ok', database: 'ok' };
  });
}
