import nodemailer from 'nodemailer';
import type { Delivery, Mailer, MailMessage } from './mailer.js';

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
    async send(message: MailMessage, delivery: Delivery) {
      await transport.sendMail({
        // The same on every try, so a mailbox that got the first shows the second as a duplicate.
        messageId: `<${delivery.id}@kholo.mail>`,
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers === undefined ? {} : { headers: message.headers }),
      });
    },
    close: async () => {
      transport.close();
    },
  };
}
