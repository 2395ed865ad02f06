import type { Locale } from '@kholo/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { I18nContext, rememberLocale } from './i18n-context.ts';

/** The interface's language for everything under it; `setLocale` switches without a reload. */
export function I18nProvider({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState(initialLocale);
  const value = useMemo(
    () => ({
      locale,
      setLocale: (next: Locale) => {
        rememberLocale(next);
        setLocaleState(next);
      },
    }),
    [locale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}
