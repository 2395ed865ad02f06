import type { Locale } from '@kholo/contracts';
import { useT } from '../../lib/i18n/index.ts';

/** Each language named in itself, so a reader of either can find hers. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };
/** On a phone, beside Login and Join, the short form (its full name is still the button's name). */
const SHORT_NAMES: Record<Locale, string> = { en: 'EN', hi: 'हिं' };

/**
 * The header's language switch (ADR 030): one button offering the other language, in that
 * language (`lang` on it, so a screen reader says it right). One button, not two, and a short
 * label below 640 px, so the header still fits Login and Join at 360 px. Her choice is remembered in a preference cookie and the page
 * changes language at once, without a reload.
 */
export function LanguageSwitch() {
  const { locale, setLocale } = useT();
  const other: Locale = locale === 'hi' ? 'en' : 'hi';
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
