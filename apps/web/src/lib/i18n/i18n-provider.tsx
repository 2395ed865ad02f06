import { translate, type Locale } from '@kholo/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import { I18nContext, rememberLocale } from './i18n-context.ts';
import { loadCatalogue } from './load-catalogue.ts';

/**
 * The interface's language for everything under it; `setLocale` switches without a reload, once
 * the new language's messages have arrived (a dropped connection says so and changes nothing).
 */
export function I18nProvider({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState(initialLocale);
  const value = useMemo(
    () => ({
      locale,
      setLocale: (next: Locale) => {
        loadCatalogue(next).then(
          () => {
            rememberLocale(next);
            setLocaleState(next);
          },
          () => {
            toast.error(translate(locale, 'site.language.loadFailed'));
          },
        );
      },
    }),
    [locale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}
