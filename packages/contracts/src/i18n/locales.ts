/** The interface's languages (issue 26 §5, ADR 030). English first: the default. */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The visitor's chosen language: a preference she set with the header's switch (one year). */
export const LOCALE_COOKIE = 'kholo_lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The BCP 47 tag for `<html lang>` and Intl: Indian English and Hindi as written in India. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'hi-IN' → 'hi'; anything else (an unknown tag, '') → null. */
export function localeOfTag(tag: string | null | undefined): Locale | null {
  const language = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(language) ? language : null;
}

/**
 * Which language to answer in: the cookie when it names one of ours, else the first of ours in
 * Accept-Language by preference (q), else English. `mr-IN, hi;q=0.5` is Hindi: a Marathi reader
 * asked for Hindi before English.
 */
export function negotiateLocale(
  cookieValue: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params
        .map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1])
        .find((value) => value !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { locale: localeOfTag(tag), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((range) => range.locale !== null && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranges[0]?.locale ?? DEFAULT_LOCALE;
}

/** The value of the `kholo_lang` cookie in a Cookie header, or null. */
export function localeCookieOf(cookieHeader: string | null | undefined): string | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === LOCALE_COOKIE) return pair.slice(at + 1).trim();
  }
  return null;
}
