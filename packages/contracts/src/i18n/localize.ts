import { ENGLISH_CATALOGUE, hasCatalogue, translate, type MessageKey } from './catalogue.js';
import type { Locale } from './locales.js';

/*
 * Messages that arrive as English text rather than as a key: an API error's message, a rule's
 * message from these contracts (CONTENT_MESSAGES…) shown by a form. Every such text is also in
 * the catalogue (messages/messages.*.ts), so it can be found by its English words and said in
 * the reader's language. Texts with parts filled in ("This video is 73.5 MB") are found by their
 * template.
 */

/** The module of texts that arrive as English (messages/messages.*.ts): its words and templates are tried first. */
const TEMPLATE_PREFIX = 'messages.';
/** The one filled-in part that is said in the reader's language when it is a known text. */
const TRANSLATED_PARAM = 'reason';
/** Characters of fixed text a template needs to be matched by its shape at all. */
const MIN_TEMPLATE_WORDS = 16;

interface Template {
  pattern: RegExp;
  names: string[];
  key: MessageKey;
}

let exact: Map<string, MessageKey> | undefined;
let templates: Template[] | undefined;

function index(): { exact: Map<string, MessageKey>; templates: Template[] } {
  if (exact === undefined || templates === undefined) {
    exact = new Map();
    templates = [];
    // The messages module first: an English text shown by several screens in different Hindi is
    // said, when it comes as text, the way the module made for such texts says it.
    const entries = (Object.entries(ENGLISH_CATALOGUE) as [MessageKey, string][]).sort(
      ([a], [b]) => Number(!a.startsWith(TEMPLATE_PREFIX)) - Number(!b.startsWith(TEMPLATE_PREFIX)),
    );
    for (const [key, english] of entries) {
      const names = [...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      if (names.length === 0) {
        if (!exact.has(english)) exact.set(english, key);
        continue;
      }
      // A template with little of its own words ("{count} hours", "Within {time}") would match
      // texts it never meant: only those with a sentence's worth of fixed words are matched.
      if (english.replace(/\{\w+\}/g, '').trim().length < MIN_TEMPLATE_WORDS) continue;
      const source = english
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)');
      templates.push({ pattern: new RegExp(`^${source}$`, 's'), names, key });
    }
  }
  return { exact, templates };
}

/**
 * `text` in `locale` when it is a message the catalogue knows (word for word, or by its
 * template); otherwise `text` as it came, so nothing is ever lost.
 */
export function localizeMessage(locale: Locale, text: string): string {
  if (locale === 'en' || !hasCatalogue(locale)) return text;
  const { exact: known, templates: shapes } = index();
  const key = known.get(text);
  if (key !== undefined) return translate(locale, key);
  for (const template of shapes) {
    const match = template.pattern.exec(text);
    if (match === null) continue;
    // A `{reason}` that is itself a known text (a report's reason) is said in her language too;
    // any other part (a title, a name, an amount) stays as it came, even if it reads like one of ours.
    const params = Object.fromEntries(
      template.names.map((name, position) => {
        const value = match[position + 1] ?? '';
        const valueKey = name === TRANSLATED_PARAM ? known.get(value) : undefined;
        return [name, valueKey === undefined ? value : translate(locale, valueKey)];
      }),
    );
    return translate(locale, template.key, params);
  }
  // A message made of known sentences ("Upload failed. The connection dropped at 30 %.") is
  // said sentence by sentence when each one is known.
  const sentences = text.match(/[^.!?]+[.!?]+(\s+|$)/g);
  if (sentences !== null && sentences.length > 1 && sentences.join('') === text) {
    const parts = sentences.map((sentence) => ({ sentence, said: localizeMessage(locale, sentence.trim()) }));
    if (parts.every((part) => part.said !== part.sentence.trim())) return parts.map((part) => part.said).join(' ');
  }
  return text;
}
