/** One email, with both bodies: phones and old clients read the text, the rest the HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links in the message, logged by the outbox so a developer can click them without a mail client. */
  links?: string[];
  /**
   * Extra headers, set only by our own code: RFC 8058's List-Unsubscribe pair on emails a person
   * can stop. Never a value taken from a request.
   */
  headers?: Record<string, string>;
}

/** Which queued message this is: the same on every try, so a retry can be recognised. */
export interface Delivery {
  /** The job's id: the outbox's file name and SMTP's Message-ID, so a second try replaces the first. */
  id: string;
  /** When the message was queued (the outbox sorts by it). */
  queuedAt: number;
}

/**
 * Where email goes: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox.
 * `send` resolves when the message is accepted (written or handed to the SMTP server). Callers
 * never use it directly: messages go through the email queue (features/email), which retries.
 */
export interface Mailer {
  send(message: MailMessage, delivery: Delivery): Promise<void>;
  close(): Promise<void>;
}

export interface MailLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}
