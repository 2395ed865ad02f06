import { accountDataExport, accountDeleted, accountDeleteInput, indiaDay, YOUR_DATA_MESSAGES } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { parseInput } from '../../lib/validate.js';
import { requireAccount, type Sessions } from '../accounts/index.js';
import type { YourDataService } from './your-data-service.js';

/** "Your data": download it, or delete the account (ADR 024). Any signed-in account. */
export function yourDataRoutes(
  app: FastifyInstance,
  deps: {
    yourData: YourDataService;
    sessions: Sessions;
    clock: Clock;
    /** Set-Cookie headers that remove the session cookies from her browser. */
    clearedSessionCookies: () => string[];
  },
): void {
  app.get('/api/account/data', async (request, reply) => {
    const account = await requireAccount(deps.sessions, request);
    const data = accountDataExport.parse(await deps.yourData.exportData(account));
    const day = indiaDay(deps.clock.now());
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="kholo-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.post('/api/account/delete', async (request, reply) => {
    const account = await requireAccount(deps.sessions, request);
    const input = parseInput(accountDeleteInput, request.body);
    await deps.yourData.deleteAccount(account, input);
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', deps.clearedSessionCookies())
      .send(accountDeleted.parse({ message: YOUR_DATA_MESSAGES.deleted }));
  });
}
