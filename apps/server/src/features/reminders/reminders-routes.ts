import { EMAIL_LIST_MESSAGES, emailListAnswer, emailListInput } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { EmailLists } from './email-lists-service.js';

/** RFC 8058's body is one short field; nothing larger is read. */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * POST /api/email/unsubscribe and /api/email/resubscribe. No rate limit and no session: the
 * token is an HMAC nobody can guess, and mail providers send one-click unsubscribes for millions
 * of people from a few addresses, which a per-address limit would refuse.
 */
export function remindersRoutes(app: FastifyInstance, deps: { lists: EmailLists }): void {
  const { lists } = deps;

  app.post('/api/email/resubscribe', async (request, reply) => {
    const answer = await lists.resubscribe(tokenOf(request.body));
    return reply.header('cache-control', 'no-store').send(emailListAnswer.parse(answer));
  });

  // The one route that takes form bodies and other sites' requests (ADR 006's exceptions): a mail
  // app's one-click unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` as a form, from its
  // own servers, to the address in the List-Unsubscribe header, which carries the token. The
  // page's own request sends JSON. Either way the token decides, and all it can do is stop
  // reminders for the account it names.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_request, _body, done) => {
        done(null, undefined);
      },
    );
    scope.post('/api/email/unsubscribe', { config: { allowCrossOrigin: true } }, async (request, reply) => {
      const json = request.headers['content-type']?.startsWith('application/json') === true;
      const token = json ? tokenOf(request.body) : tokenOf({ token: (request.query as { token?: unknown }).token });
      const answer = await lists.unsubscribe(token);
      return reply.header('cache-control', 'no-store').send(emailListAnswer.parse(answer));
    });
  });
}

function tokenOf(body: unknown): string {
  const parsed = emailListInput.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('BAD_REQUEST', EMAIL_LIST_MESSAGES.badLink);
  return parsed.data.token;
}
