import {
  formatMessage,
  localizeMessage,
  translate,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '@kholo/contracts';
import { Fragment, createElement, type ReactNode, useContext } from 'react';
import { I18nContext } from './i18n-context.ts';

export interface Translator {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** The message in the interface's language, `{placeholders}` filled from `params`. */
  t: (key: MessageKey, params?: MessageParams) => string;
  /** A message with elements in it (a link inside a sentence): `{link}` becomes `nodes.link`. */
  tRich: (key: MessageKey, nodes: Readonly<Record<string, ReactNode>>) => ReactNode;
  /**
   * A message that arrives as English text, not a key: an API error's message, or a rule's
   * message from the contracts (CONTENT_MESSAGES…) that a form shows. Said in the interface's
   * language when the catalogue knows it; otherwise as it came.
   */
  tm: (message: string) => string;
}

/** Outside a provider (a component test), English, and the switch does nothing. */
const ENGLISH_ONLY = { locale: 'en' as const, setLocale: () => undefined };

export function useT(): Translator {
  const { locale, setLocale } = useContext(I18nContext) ?? ENGLISH_ONLY;
  return {
    locale,
    setLocale,
    t: (key, params) => translate(locale, key, params),
    tRich: (key, nodes) => richMessage(translate(locale, key), nodes),
    tm: (message) => localizeMessage(locale, message),
  };
}

function richMessage(message: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode {
  const parts = message.split(/(\{\w+\})/);
  return parts.map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const node = name === undefined ? formatMessage(part) : (nodes[name] ?? part);
    return createElement(Fragment, { key: index }, node);
  });
}
