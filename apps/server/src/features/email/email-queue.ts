import { DEFAULT_LOCALE, type Locale } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import { type Enqueue, type Jobs, PermanentJobError, type RetryPolicy } from '../jobs/index.js';
import type { LocalizedEmail, OutgoingEmail } from './email-words.js';

export interface SendEmail {
  /**
   * Queues the message; the jobs runner sends it, retrying for about two hours. A `key` keeps
   * one waiting message per key (a receipt per order). An email in her language is written now,
   * in the language of the account with that address; `locale` is for an address without one
   * (a new address's sign-in code: the request's language), else English.
   */
  send(message: OutgoingEmail, options?: { key?: string | undefined; locale?: Locale | undefined }): Promise<void>;
}

/** Every email goes through here: on its own, or `within(trx)` so it exists exactly when the change commits. */
export interface EmailQueue extends SendEmail {
  within(trx: Kysely<Database>): SendEmail;
}

/** The messages still waiting in the queue. */
export interface WaitingEmails {
  /** Deletes, in `trx`, the messages to `to` not sent yet (a deleted account's, ADR 024); answers how many. */
  discardWaitingTo(trx: Kysely<Database>, to: string): Promise<number>;
}

/**
 * Ten tries over two to four hours (15 s, 30 s, … 64 min apart, with jitter): a mail server away
 * for an hour delays a message; it does not lose it. After the last, the admin sees it failed.
 */
export const EMAIL_RETRY: RetryPolicy = { attempts: 10, backoffSeconds: 15 };

// Only our own List-Unsubscribe pair is ever set (RFC 8058): a name is a header token, a value one line.
const HEADER_NAME = z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/);
const HEADER_VALUE = z
  .string()
  .max(2000)
  .regex(/^[^\r\n]*$/);

const payload = z.object({
  message: z.object({
    to: z.string().min(3).max(320),
    subject: z.string().min(1).max(300),
    text: z.string(),
    html: z.string(),
    links: z.array(z.string()).optional(),
    headers: z.record(HEADER_NAME, HEADER_VALUE).optional(),
  }),
  queuedAt: z.number().int(),
});

/**
 * The `send-email` job. Idempotent as far as mail allows: the outbox names its file by the job,
 * so a second try replaces the first; SMTP sends the job's id as the Message-ID, so a mailbox that
 * got the first try (the process died before marking the job done) sees the second as a duplicate.
 */
export function createEmailQueue(deps: {
  jobs: Jobs;
  mailer: Mailer;
  clock: Clock;
  db: Kysely<Database>;
}): EmailQueue & WaitingEmails {
  const job = deps.jobs.define({
    name: 'send-email',
    payload,
    retry: EMAIL_RETRY,
    timeoutSeconds: 120,
    async handle({ message: { links, headers, ...message }, queuedAt }, run) {
      try {
        await deps.mailer.send(
          { ...message, ...(links === undefined ? {} : { links }), ...(headers === undefined ? {} : { headers }) },
          { id: run.id, queuedAt },
        );
      } catch (error) {
        throw isPermanentMailError(error) ? new PermanentJobError(errorMessage(error)) : error;
      }
    },
    describe: ({ message }) => `Email to ${message.to}: ${message.subject}`,
  });
  const sendOn =
    (queue: Enqueue<z.infer<typeof payload>>, db: Kysely<Database>): SendEmail['send'] =>
    async (mail, { key, locale }: { key?: string | undefined; locale?: Locale | undefined } = {}) => {
      const message = isLocalized(mail) ? mail.render(await localeOfAddress(db, mail.to, locale)) : mail;
      await queue.enqueue({ message, queuedAt: deps.clock.now() }, key === undefined ? {} : { key });
    };
  return {
    send: sendOn(job, deps.db),
    // The account is read in `trx`: on SQLite another connection would wait for it.
    within: (trx) => ({ send: sendOn(job.within(trx), trx) }),
    discardWaitingTo: (trx, to) => job.discardWaiting(trx, ['message', 'to'], to),
  };
}

function isLocalized(mail: OutgoingEmail): mail is LocalizedEmail {
  return typeof (mail as Partial<LocalizedEmail>).render === 'function';
}

/** The language of the account at `to` (ADR 030), else `fallback`, else English. */
async function localeOfAddress(db: Kysely<Database>, to: string, fallback: Locale | undefined): Promise<Locale> {
  const account = await db
    .selectFrom('authUsers')
    .select('locale')
    .where('email', '=', to.toLowerCase())
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return account?.locale ?? fallback ?? DEFAULT_LOCALE;
}

/**
 * A 5xx answer about this message (nodemailer's EENVELOPE: no such mailbox, recipient refused;
 * EMESSAGE: the message itself refused): trying again would only be refused again. A 5xx about
 * us (EAUTH: wrong SMTP password) is retried, so mail waits while the settings are put right.
 */
export function isPermanentMailError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === 'EENVELOPE' || code === 'EMESSAGE')
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
