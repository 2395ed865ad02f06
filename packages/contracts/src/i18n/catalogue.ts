import type { Locale } from './locales.js';
import { landingMessages } from './messages/landing.js';
import { notFoundMessages } from './messages/not-found.js';
import { siteMessages } from './messages/site.js';
import { createTranslator, type MessageParams } from './translate.js';

/**
 * Every feature's messages, by feature (ADR 030). To add a feature: write
 * `messages/<feature>.ts` like landing.ts and list it here; the parity test covers it at once.
 */
export const MESSAGE_MODULES = {
  site: siteMessages,
  landing: landingMessages,
  notFound: notFoundMessages,
} as const;

type Modules = typeof MESSAGE_MODULES;
export type MessageKey = Extract<{ [M in keyof Modules]: keyof Modules[M]['en'] }[keyof Modules], string>;

/** One flat catalogue per language; keys are prefixed with their feature, so they never collide. */
export const CATALOGUE: Record<Locale, Readonly<Record<MessageKey, string>>> = /*#__PURE__*/ mergeModules();

function mergeModules(): Record<Locale, Record<MessageKey, string>> {
  const modules = Object.values(MESSAGE_MODULES);
  return {
    en: Object.assign({}, ...modules.map((module) => module.en)) as Record<MessageKey, string>,
    hi: Object.assign({}, ...modules.map((module) => module.hi)) as Record<MessageKey, string>,
  };
}

const translateIn = /*#__PURE__*/ createTranslator<MessageKey>(CATALOGUE);

/** The message `key` in `locale` with its `{placeholders}` filled: `translate('hi', 'site.login')`. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return translateIn(locale, key, params);
}
