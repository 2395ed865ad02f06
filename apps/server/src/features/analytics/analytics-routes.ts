import { analyticsQuery, indiaDay, studioAnalytics, visitBeacon } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { parseInput } from '../../lib/validate.js';
import { requireAccount, type Sessions } from '../accounts/index.js';
import type { CreatorsService } from '../creators/index.js';
import type { AnalyticsRepository } from './analytics-repository.js';
import type { AnalyticsService } from './analytics-service.js';
import type { VisitCounter } from './visit-counter.js';

/** A browser reports the pages it opens without a page load: a person's pace, with room for a family on one address. */
export const VISIT_BEACON_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

export function analyticsRoutes(
  app: FastifyInstance,
  deps: {
    analytics: AnalyticsService;
    counter: VisitCounter;
    repository: Pick<AnalyticsRepository, 'isPublicPage'>;
    creators: CreatorsService;
    sessions: Sessions;
    clock: Clock;
  },
): void {
  app.get('/api/studio/analytics', async (request, reply) => {
    const creator = await deps.creators.requireCreator(await requireAccount(deps.sessions, request));
    const { days } = parseInput(analyticsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return studioAnalytics.parse(await deps.analytics.report(creator.userId, days));
  });

  app.get('/api/studio/sales.csv', async (request, reply) => {
    const creator = await deps.creators.requireCreator(await requireAccount(deps.sessions, request));
    const csv = await deps.analytics.salesCsv(creator.userId);
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="kholo-sales-${indiaDay(deps.clock.now())}.csv"`)
      .send(csv);
  });

  /**
   * A page the web app opened without a page load (a tap from her page to an item): the server
   * counted the pages it sent itself. Answers 204 whatever is counted, so it tells nobody which
   * ids exist.
   */
  app.post('/api/visits', { config: { rateLimit: VISIT_BEACON_RATE_LIMIT } }, async (request, reply) => {
    const beacon = parseInput(visitBeacon, request.body);
    const contentId = beacon.contentId ?? null;
    if (await deps.repository.isPublicPage(beacon.creatorId, contentId)) {
      const account = await deps.sessions.read(request);
      deps.counter.count({
        creatorId: beacon.creatorId,
        contentId,
        accountId: account?.id ?? null,
        viewerIsAdmin: account?.isAdmin ?? false,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        referrer: beacon.referrer ?? undefined,
        tag: beacon.src ?? null,
      });
    }
    return reply.code(204).send();
  });
}
