import path from 'node:path';
import type { Config } from '../../config.js';
import type { MailLogger, Mailer } from './mailer.js';
import { createOutboxMailer, type OutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** SMTP when SMTP_URL is set; otherwise the outbox, returned again so its test switch can be wired. */
export function createMailer(config: Config, logger: MailLogger): { mailer: Mailer; outbox: OutboxMailer | null } {
  if (config.mail.smtpUrl !== null) {
    return { mailer: createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }), outbox: null };
  }
  const outbox = createOutboxMailer({ outboxDir: path.join(config.dataDir, 'outbox'), from: config.mail.from, logger });
  return { mailer: outbox, outbox };
}
