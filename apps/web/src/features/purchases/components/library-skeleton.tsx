import { useT } from '../../../lib/i18n/index.ts';

/**
 * Her library's outline while it loads, and while /api/me answers for a browser that last had a
 * fan signed in (so `/` never flashes the landing page at her). Part of the first load: tiny.
 */
export function LibrarySkeleton() {
  const { t } = useT();
  return (
    <div role="status" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <span className="sr-only">{t('purchases.library.loading')}</span>
      <div aria-hidden="true">
        <div className="h-9 w-56 max-w-full rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="mt-3 h-4 w-80 max-w-full rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
        <div className="mt-10 h-6 w-32 rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {Array.from({ length: 2 }, (_, index) => (
            <div key={index} className="flex gap-4 rounded-3xl bg-white p-3 ring-1 ring-ink-950/5 sm:p-4">
              <div className="aspect-[4/5] w-20 shrink-0 rounded-2xl bg-ink-100 motion-safe:animate-pulse sm:w-24" />
              <div className="flex-1 space-y-3 pt-1">
                <div className="h-4 w-3/4 rounded-full bg-ink-100 motion-safe:animate-pulse" />
                <div className="h-3 w-1/2 rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
                <div className="h-10 w-40 max-w-full rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
