import {
  formatDateTime,
  formatMessage,
  formatPaise,
  type Locale,
  LOCALE_TAGS,
  mergeModules,
  type MessageParams,
} from '@kholo/contracts';
import { type EmailContent, renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { EMAIL_MODULES_EN, EMAIL_MODULES_HI, type EmailMessageKey } from './messages/catalogue.js';

type Catalogue = Readonly<Record<EmailMessageKey, string>>;

const CATALOGUES: Record<Locale, Catalogue> = {
  en: mergeModules(EMAIL_MODULES_EN),
  hi: mergeModules(EMAIL_MODULES_HI),
};

/** An email's words in one language: its messages, its amounts and dates, and its layout. */
export interface EmailWords {
  locale: Locale;
  t(key: EmailMessageKey, params?: MessageParams): string;
  /** ₹1,499 (formatPaise in her language). */
  money(paise: number): string;
  /** 21 Nov 2026, 11:16 am, India time (formatDateTime in her language). */
  dateTime(instant: number): string;
  /** "Hello Priya," from her name's first word; "Hello," without one. */
  hello(name: string): string;
  /** The layout (email-layout.ts) around `content`, its own words in this language too. */
  render(content: EmailContent): { html: string; text: string };
}

export function emailWords(locale: Locale): EmailWords {
  const catalogue = CATALOGUES[locale];
  const t = (key: EmailMessageKey, params?: MessageParams) => formatMessage(catalogue[key], params);
  return {
    locale,
    t,
    money: (paise) => formatPaise(paise, locale),
    dateTime: (instant) => formatDateTime(instant, locale),
    hello(name) {
      const firstName = name.trim().split(/\s+/)[0] ?? '';
      return firstName === '' ? t('layout.hello') : t('layout.helloName', { name: firstName });
    },
    render: (content) =>
      renderEmail(content, {
        lang: LOCALE_TAGS[locale],
        buttonFallback: t('layout.buttonFallback'),
        questions: t('layout.questions'),
      }),
  };
}

/**
 * An email that can be written in its reader's language: the email queue looks her account up by
 * the address when it queues it (email-queue.ts), so the place that sends it need not. It is the
 * English email as well, so anything that does not know languages (a test's stand-in queue) reads
 * a whole message.
 */
export interface LocalizedEmail extends MailMessage {
  render(locale: Locale): MailMessage;
}

/** What the queue takes: an email in her language, or one written in one language for everyone. */
export type OutgoingEmail = MailMessage | LocalizedEmail;

/** A `LocalizedEmail` to `to`, written by `write` in the language the queue finds. */
export function localizedEmail(to: string, write: (words: EmailWords) => Omit<MailMessage, 'to'>): LocalizedEmail {
  const render = (locale: Locale): MailMessage => ({ to, ...write(emailWords(locale)) });
  return { ...render('en'), render };
}
