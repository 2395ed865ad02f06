import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_TAGS,
  localeCookieOf,
  localeOfTag,
  negotiateLocale,
  type Locale,
} from '@kholo/contracts';
import { createContext } from 'react';

export interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

export const I18nContext = createContext<I18nValue | null>(null);

/**
 * The language the app starts in. A server-rendered page: the one the server rendered it in
 * (`<html lang>`), so hydration matches. The shell: her choice (the cookie), else the browser's
 * languages, else English.
 */
export function startLocale(root: HTMLElement | null = null): Locale {
  if (typeof document === 'undefined') return 'en';
  if (root?.hasAttribute('data-server-rendered') === true) {
    return localeOfTag(document.documentElement.lang) ?? 'en';
  }
  const cookie = localeCookieOf(document.cookie);
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return negotiateLocale(isLocale(cookie) ? cookie : null, browser.join(','));
}

/**
 * Remembers her choice for a year and says it to the page: a preference cookie (the server renders
 * her next page in it), and `<html lang>` so screen readers and fonts switch at once.
 */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${String(LOCALE_COOKIE_MAX_AGE_SECONDS)}; Path=/; SameSite=Lax${secure}`;
  document.documentElement.lang = LOCALE_TAGS[locale];
}
