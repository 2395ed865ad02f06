/** One email, with both bodies: phones and old clients read the text, the rest the HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links in the message, logged by the outbox so a developer can click them without a mail client. */
  links?: string[];
}

/**
 * Where email goes: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox.
 * `send` resolves when the message is accepted (written or handed to the SMTP server).
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Sends without making the caller wait: a password-reset answer must take as long for an
 * unknown email as for a known one, so the mail goes out after the response. Failures are
 * logged; `idle()` lets shutdown (and tests) wait for messages still on their way.
 */
export class BackgroundMail {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: MailLogger,
  ) {}

  queue(message: MailMessage): void {
    const sending = this.mailer.send(message).catch((error: unknown) => {
      this.logger.error({ err: error, subject: message.subject }, 'an email could not be sent');
    });
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
