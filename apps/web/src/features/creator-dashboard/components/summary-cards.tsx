import { formatPaise, LOCALE_TAGS, type Locale, type MessageKey, type StudioContents } from '@kholo/contracts';
import { IndianRupee, LayoutGrid, RotateCw, Wallet, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useStudioContents } from '../api/get-studio-contents.ts';

interface Card {
  key: keyof StudioContents['summary'];
  label: MessageKey;
  icon: LucideIcon;
  format: (value: number, locale: Locale) => string;
}

// SPEC §2, dashboard top: wallet balance, total content count, total earnings.
const CARDS: readonly Card[] = [
  { key: 'walletBalancePaise', label: 'dashboard.summary.walletBalance', icon: Wallet, format: formatPaise },
  {
    key: 'contentCount',
    label: 'dashboard.summary.totalContent',
    icon: LayoutGrid,
    format: (value, locale) => value.toLocaleString(LOCALE_TAGS[locale]),
  },
  { key: 'earningsPaise', label: 'dashboard.summary.totalEarnings', icon: IndianRupee, format: formatPaise },
];

/** The three numbers at the top of the dashboard, from the same answer as the Content tab. */
export function SummaryCards() {
  const { t, locale } = useT();
  const contents = useStudioContents();
  const summary = contents.data?.summary;
  const loading = contents.isPending;
  const failed = contents.isError && !summary;

  return (
    <section aria-labelledby="summary-title" className="mt-6">
      <h2 id="summary-title" className="sr-only">
        {t('dashboard.summary.title')}
      </h2>
      {loading ? (
        <span className="sr-only" role="status">
          {t('dashboard.summary.loading')}
        </span>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {CARDS.map(({ key, label, icon: Icon, format }, index) => {
          const featured = index === 0;
          return (
            <li
              key={key}
              className={cn(
                'flex min-w-0 items-center gap-4 rounded-3xl p-4 shadow-card ring-1 sm:flex-col sm:items-start sm:gap-3 sm:p-5',
                // On a phone the balance takes a row and the other two share one, so the form starts sooner.
                featured
                  ? 'col-span-2 bg-ink-950 text-white ring-ink-950 sm:col-span-1'
                  : 'bg-white text-ink-950 ring-ink-950/5',
              )}
            >
              <span
                className={cn(
                  'size-11 shrink-0 place-items-center rounded-2xl',
                  featured ? 'grid bg-white/10 text-marigold-300' : 'hidden bg-marigold-100 text-marigold-800 sm:grid',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <p className="min-w-0">
                <span className={cn('block text-sm font-semibold', featured ? 'text-ink-100' : 'text-ink-muted')}>
                  {t(label)}
                </span>
                <span className="block truncate text-xl font-extrabold tracking-tight sm:text-2xl">
                  {summary ? (
                    format(summary[key], locale)
                  ) : loading ? (
                    <span
                      aria-hidden="true"
                      className={cn(
                        'my-1 block h-6 w-24 rounded-full motion-safe:animate-pulse',
                        featured ? 'bg-white/15' : 'bg-ink-100',
                      )}
                    />
                  ) : (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('dashboard.summary.notAvailable')}</span>
                    </>
                  )}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
      {failed ? (
        <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
          {t('dashboard.summary.failed')}
          <button
            type="button"
            aria-disabled={contents.isFetching}
            onClick={() => {
              if (!contents.isFetching) void contents.refetch();
            }}
            className="inline-flex items-center gap-1 rounded font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
          >
            <RotateCw aria-hidden="true" className="size-3.5" />
            {t('dashboard.summary.tryAgain')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
