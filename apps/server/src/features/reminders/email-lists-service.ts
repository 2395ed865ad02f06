import { EMAIL_LIST_MESSAGES, type EmailListAnswer } from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RemindersRepository } from './reminders-repository.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

export interface EmailLists {
  /** Stops the token's list for its account; doing it again changes nothing. */
  unsubscribe(token: string): Promise<EmailListAnswer>;
  /** Undoes it, with the same token. */
  resubscribe(token: string): Promise<EmailListAnswer>;
}

/**
 * The unsubscribe link's two answers. The token alone says who (no session: the link is opened
 * from a mail app, often not where she is signed in), and is checked before anything is read.
 */
export function createEmailLists(deps: {
  reminders: RemindersRepository;
  tokens: UnsubscribeTokens;
  clock: Clock;
}): EmailLists {
  async function subjectOf(token: string) {
    const subject = deps.tokens.read(token);
    if (subject === null) throw new AppError('BAD_REQUEST', EMAIL_LIST_MESSAGES.badLink);
    const account = await deps.reminders.findAccount(subject.accountId);
    if (account === undefined) throw new AppError('NOT_FOUND', EMAIL_LIST_MESSAGES.noAccount);
    return { ...subject, email: account.email };
  }

  return {
    async unsubscribe(token) {
      const { accountId, list, email } = await subjectOf(token);
      const changed = await deps.reminders.optOut(accountId, list, deps.clock.now());
      return { list, subscribed: false, changed, email };
    },

    async resubscribe(token) {
      const { accountId, list, email } = await subjectOf(token);
      const changed = await deps.reminders.optIn(accountId, list);
      return { list, subscribed: true, changed, email };
    },
  };
}
