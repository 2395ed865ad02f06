import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.js';
import { type Enqueue, type Jobs, PermanentJobError, type RetryPolicy } from '../jobs/index.js';

export interface SendEmail {
  /**
   * Queues the message; the jobs runner sends it, retrying for about two hours. A `key` keeps
   * one waiting message per key (a receipt per order).
   */
  send(message: MailMessage, options?: { key?: string }): Promise<void>;
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
export function createEmailQueue(deps: { jobs: Jobs; mailer: Mailer; clock: Clock }): EmailQueue & WaitingEmails {
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
    (queue: Enqueue<z.infer<typeof payload>>): SendEmail['send'] =>
    async (mail, options = {}) => {
      await queue.enqueue({ message: mail, queuedAt: deps.clock.now() }, options.key === undefined ? {} : options);
    };
  return {
    send: sendOn(job),
    within: (trx) => ({ send: sendOn(job.within(trx)) }),
    discardWaitingTo: (trx, to) => job.discardWaiting(trx, ['message', 'to'], to),
  };
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
