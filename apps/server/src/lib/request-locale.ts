import { isLocale, type Locale, localeCookieOf, negotiateLocale } from '@kholo/contracts';

/**
 * The language a request asks for (ADR 030): her switch's cookie, else her browser's
 * Accept-Language, else English. Server-rendered pages answer in it; an account made by the
 * request keeps it for its emails; an email to an address without an account is written in it.
 */
export function localeOfRequest(request: {
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined };
}): Locale {
  return negotiateLocale(localeCookieOf(request.headers.cookie), request.headers['accept-language']);
}

/** The same, from a fetch-style `Headers` (better-auth's calls carry the request's headers so). */
export function localeOfHeaders(headers: Headers | null | undefined): Locale {
  return negotiateLocale(localeCookieOf(headers?.get('cookie')), headers?.get('accept-language'));
}

/**
 * The language she chose with the switch on this device (its cookie), or undefined when she never
 * chose: a browser's Accept-Language is a default, not a choice, and never replaces a stored one.
 */
export function chosenLocaleOfHeaders(headers: Headers | null | undefined): Locale | undefined {
  const chosen = localeCookieOf(headers?.get('cookie'));
  return isLocale(chosen) ? chosen : undefined;
}
