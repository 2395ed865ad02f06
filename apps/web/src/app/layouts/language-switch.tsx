import type { Locale } from '@kholo/contracts';
import { useEffect, useRef } from 'react';
import { useMe } from '../../features/accounts/index.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/index.ts';

/** Each language named in itself, so a reader of either can find hers. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };
/** On a phone, beside Login and Join, the short form (its full name is still the button's name). */
const SHORT_NAMES: Record<Locale, string> = { en: 'EN', hi: 'हिं' };

/*
 * One PUT at a time, with the latest choice sent last: two quick switches (hi, then back to en)
 * sent at once could arrive in either order and leave her emails in the language she left.
 */
let wanted: Locale | null = null;
const TELL_TIMEOUT_MS = 15_000;
let telling = false;

async function tellAccount(locale: Locale): Promise<void> {
  wanted = locale;
  if (telling) return;
  telling = true;
  let told: Locale | null = null;
  try {
    while (wanted !== told) {
      const next: Locale = wanted;
      // No toast on failure: the cookie already holds her choice for every page, and only her
      // emails would stay in the old language until her next switch or sign-in.
      // A request stuck on a dead line must not hold back every later choice: it gives up.
      await apiRequest('/api/me/language', {
        method: 'PUT',
        body: { locale: next },
        signal: AbortSignal.timeout(TELL_TIMEOUT_MS),
      }).catch(() => undefined);
      told = next;
    }
  } finally {
    telling = false;
    wanted = null;
  }
}

/**
 * The header's language switch (ADR 030): one button offering the other language, in that
 * language (`lang` on it, so a screen reader says it right). One button, not two, and a short
 * label below 640 px, so the header still fits Login and Join at 360 px. Her choice is remembered in a preference cookie and the page
 * changes language at once, without a reload. Signed in, her account keeps it too, for her emails.
 */
export function LanguageSwitch() {
  const { locale, setLocale } = useT();
  const signedIn = (useMe().data?.account ?? null) !== null;
  const other: Locale = locale === 'hi' ? 'en' : 'hi';
  // A change of language (this button, or another, such as a policy page's "read the English"),
  // told to the account once the page has switched (the switch waits for that language's
  // messages, and a failed fetch changes nothing). The header, and this button, are on every page.
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    if (!signedIn) return;
    void tellAccount(locale);
  }, [locale, signedIn]);
  return (
    <button
      type="button"
      lang={other}
      aria-label={LANGUAGE_NAMES[other]}
      onClick={() => {
        setLocale(other);
      }}
      className="inline-flex h-10 min-w-10 shrink-0 items-center justify-center rounded-full px-2 text-sm font-semibold text-ink-800 underline-offset-4 transition-colors hover:bg-ink-100/70 hover:underline sm:px-3"
    >
      <span aria-hidden="true" className="sm:hidden">
        {SHORT_NAMES[other]}
      </span>
      <span aria-hidden="true" className="max-sm:hidden">
        {LANGUAGE_NAMES[other]}
      </span>
    </button>
  );
}
