import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/** Production: SMTP_URL such as smtps://user:password@smtp.example.com:465. */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    // A stuck SMTP server must not hold messages (and shutdown) forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: async () => {
      transport.close();
    },
  };
}
