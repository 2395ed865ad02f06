import type { Locale } from './locales.js';

/** A feature's messages: English as written (`as const`), Hindi with exactly the same keys. */
export interface MessageModule<Keys extends string> {
  en: Readonly<Record<Keys, string>>;
  hi: Readonly<Record<Keys, string>>;
}

export type MessageParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The `{name}` placeholders a message takes, sorted (the parity test compares them). */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').sort();
}

/** Fills `{name}` placeholders; a missing parameter stays visible as `{name}` rather than vanishing. */
export function formatMessage(message: string, params?: MessageParams): string {
  if (params === undefined) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** A translator over one catalogue: `translate('hi', 'landing.hero.title')`. */
export function createTranslator<Keys extends string>(catalogue: MessageModule<Keys>) {
  return function translate(locale: Locale, key: Keys, params?: MessageParams): string {
    return formatMessage(catalogue[locale][key], params);
  };
}
