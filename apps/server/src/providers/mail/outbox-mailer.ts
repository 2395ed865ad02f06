import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailLogger, Mailer, MailMessage } from './mailer.js';

/**
 * Development and tests without SMTP: each message becomes a complete .eml file (open it in
 * any mail client) and its links are logged, so password reset works offline.
 */
export function createOutboxMailer(options: { outboxDir: string; from: string; logger: MailLogger }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable by time, unique across processes.
      const file = path.join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
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
