import path from 'node:path';
import type { Config } from '../../config.js';
import type { MailLogger, Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export function createMailer(config: Config, logger: MailLogger): Mailer {
  if (config.mail.smtpUrl !== null) return createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  return createOutboxMailer({ outboxDir: path.join(config.dataDir, 'outbox'), from: config.mail.from, logger });
}
