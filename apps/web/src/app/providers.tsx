import type { Locale } from '@kholo/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toast.tsx';
import { I18nProvider } from '../lib/i18n/index.ts';

export function AppProviders({
  queryClient,
  locale = 'en',
  children,
}: {
  queryClient: QueryClient;
  /** The interface's language at start (ADR 030): the server's render, or the shell's choice. */
  locale?: Locale;
  children: ReactNode;
}) {
  return (
    <I18nProvider initialLocale={locale}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}
