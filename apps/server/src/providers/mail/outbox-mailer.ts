import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Delivery, MailLogger, Mailer, MailMessage } from './mailer.js';

/** The outbox's test switch (admin only, never in production): how its "mail server" fails. */
export type OutboxFailure = 'none' | 'unavailable' | 'reject';

export interface OutboxMailer extends Mailer {
  failure: OutboxFailure;
}

/** What nodemailer throws when the server cannot be reached, and when it refuses the recipient. */
class SimulatedMailError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

/**
 * Development and tests without SMTP: each message becomes a complete .eml file (open it in
 * any mail client) and its links are logged, so password reset works offline. Its `failure`
 * switch stands in for a mail server that is down or refuses a recipient.
 */
export function createOutboxMailer(options: { outboxDir: string; from: string; logger: MailLogger }): OutboxMailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    failure: 'none',
    async send(message: MailMessage, delivery: Delivery) {
      if (this.failure === 'unavailable') {
        throw new SimulatedMailError(
          'connect ECONNREFUSED: the mail server is unavailable (outbox test switch)',
          'ECONNECTION',
        );
      }
      if (this.failure === 'reject') {
        throw new SimulatedMailError(
          `550 5.1.1 <${message.to}>: mailbox unavailable (outbox test switch)`,
          'EENVELOPE',
          550,
        );
      }
      const info = await transport.sendMail({
        messageId: `<${delivery.id}@kholo.mail>`,
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers === undefined ? {} : { headers: message.headers }),
      });
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable by when it was queued; named by the job, so a second try replaces the first.
      const file = path.join(options.outboxDir, `${delivery.queuedAt}-${delivery.id}.eml`);
      // Write then rename, so a reader never sees half a message.
      await fs.writeFile(`${file}.partial`, info.message as Buffer, { mode: 0o600 });
      await fs.rename(`${file}.partial`, file);
      options.logger.info(
        { to: message.to, subject: message.subject, file, links: message.links ?? [] },
        'email written to the outbox (set SMTP_URL to send real email)',
      );
    },
    close: async () => {
      transport.close();
    },
  };
}
