import {
  ANALYTICS_RANGES,
  formatIndiaDay,
  formatIndiaDayShort,
  formatPaise,
  LOCALE_TAGS,
  translate,
  VISIT_SOURCES,
  type AnalyticsRange,
  type Locale,
  type MessageKey,
  type StudioAnalytics,
  type VisitSource,
} from '@kholo/contracts';
import { Download, Image as ImageIcon, Video } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { parseAnalyticsRange, SALES_CSV_URL, useAnalytics } from '../api/get-analytics.ts';
import { AnalyticsSkeleton } from './analytics-skeleton.tsx';
import { DailyChart } from './daily-chart.tsx';
import { ShareLink } from './share-link.tsx';

export const ANALYTICS_FAILED_MESSAGE = translate('en', 'dashboardAnalytics.failed');
export const NO_VISITS_TITLE = translate('en', 'dashboardAnalytics.noVisitsTitle');

/** Where a visit came from, as the tab names it. */
export const SOURCE_LABELS: Record<VisitSource, MessageKey> = {
  instagram: 'dashboardAnalytics.source.instagram',
  whatsapp: 'dashboardAnalytics.source.whatsapp',
  telegram: 'dashboardAnalytics.source.telegram',
  facebook: 'dashboardAnalytics.source.facebook',
  search: 'dashboardAnalytics.source.search',
  qr: 'dashboardAnalytics.source.qr',
  direct: 'dashboardAnalytics.source.direct',
  other: 'dashboardAnalytics.source.other',
};

const percentFormatters: Partial<Record<Locale, Intl.NumberFormat>> = {};
function percentOf(fraction: number, locale: Locale): string {
  const formatter = (percentFormatters[locale] ??= new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'percent',
    maximumFractionDigits: 1,
  }));
  return formatter.format(fraction);
}

/** 0.075 → "7.5%"; "—" when there were no visits to divide by. */
export function conversionText(conversion: number | null, locale: Locale = 'en'): string {
  return conversion === null ? '—' : percentOf(conversion, locale);
}

function countIn(locale: Locale): (value: number) => string {
  return (value) => value.toLocaleString(LOCALE_TAGS[locale]);
}

/** The sources that brought visits, most first (ties in VISIT_SOURCES order). */
export function rankedSources(sources: StudioAnalytics['sources']): StudioAnalytics['sources'] {
  return sources
    .filter((entry) => entry.visits > 0)
    .sort((a, b) => b.visits - a.visits || VISIT_SOURCES.indexOf(a.source) - VISIT_SOURCES.indexOf(b.source));
}

/** Nothing happened in the period: no visit and no sale. */
function isQuiet(totals: StudioAnalytics['totals']): boolean {
  return totals.visits === 0 && totals.unlocks === 0 && totals.earningsPaise === 0;
}

/** "21 Oct" and "19 Nov 2026", or both years when the period crosses one. */
function periodEnds(from: string, to: string, locale: Locale): { from: string; to: string } {
  const start = from.slice(0, 4) === to.slice(0, 4) ? formatIndiaDayShort(from, locale) : formatIndiaDay(from, locale);
  return { from: start, to: formatIndiaDay(to, locale) };
}

/**
 * The Analytics tab (issue 26): visits, unlocks, conversion and earnings over 7, 30 or 90 India
 * days (the choice kept in `?days=`), earnings and visits per day, where visits came from, her
 * best items, and her sales as a CSV for her records.
 */
export function AnalyticsPanel({ handle }: { handle: string }) {
  const { t, locale } = useT();
  const [params, setParams] = useSearchParams();
  const days = parseAnalyticsRange(params.get('days'));
  const analytics = useAnalytics(days);

  const chooseRange = (range: AnalyticsRange) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('days', String(range));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const data = analytics.data;
  // The period on screen: while another loads, the last one stays (dimmed) and its button stays pressed.
  const shownDays = analytics.isPlaceholderData && data ? parseAnalyticsRange(String(data.days)) : days;

  return (
    <div className="mt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <RangeSwitch value={days} onChange={chooseRange} />
        <a
          href={SALES_CSV_URL}
          download
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start sm:self-auto' })}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('dashboardAnalytics.downloadCsv')}
        </a>
      </div>

      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : !data ? (
        <LoadFailedAlert
          title={t('dashboardAnalytics.failed')}
          error={analytics.error}
          retrying={analytics.isFetching}
          onRetry={() => {
            void analytics.refetch();
          }}
          spinIcon
        />
      ) : (
        <div
          aria-busy={analytics.isPlaceholderData}
          className={cn('transition-opacity', analytics.isPlaceholderData && 'opacity-60')}
        >
          <p className="mt-4 text-sm text-ink-muted">
            {t('dashboardAnalytics.period', { days: shownDays, ...periodEnds(data.from, data.to, locale) })}
          </p>
          {isQuiet(data.totals) ? <NoVisits handle={handle} /> : <AnalyticsReport data={data} />}
        </div>
      )}
    </div>
  );
}

function RangeSwitch({ value, onChange }: { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  const { t } = useT();
  return (
    <div
      role="group"
      aria-label={t('dashboardAnalytics.periodLabel')}
      className="inline-flex self-start rounded-full bg-ink-50 p-1 ring-1 ring-ink-950/8"
    >
      {ANALYTICS_RANGES.map((range) => {
        const active = range === value;
        return (
          <button
            key={range}
            type="button"
            aria-pressed={active}
            onClick={() => {
              onChange(range);
            }}
            className={cn(
              'h-9 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors',
              active ? 'bg-ink-950 text-white shadow-sm' : 'text-ink-800 hover:bg-white hover:text-ink-950',
            )}
          >
            {t('dashboardAnalytics.days', { days: range })}
          </button>
        );
      })}
    </div>
  );
}

function NoVisits({ handle }: { handle: string }) {
  const { t } = useT();
  return (
    <div className="mt-4 rounded-2xl bg-marigold-50 p-5 ring-1 ring-marigold-200 sm:p-6">
      <h3 className="text-lg font-bold text-ink-950">{t('dashboardAnalytics.noVisitsTitle')}</h3>
      <p className="mt-1 max-w-2xl leading-7 text-ink-muted">{t('dashboardAnalytics.noVisitsBody')}</p>
      <div className="mt-4">
        <ShareLink handle={handle} />
      </div>
    </div>
  );
}

function AnalyticsReport({ data }: { data: StudioAnalytics }) {
  const { t, locale } = useT();
  const { totals, series } = data;
  return (
    <>
      <Totals totals={totals} />
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <DailyChart
          className="lg:col-span-2"
          title={t('dashboardAnalytics.earningsPerDay')}
          valueLabel={t('dashboardAnalytics.earnings')}
          days={series.map((day) => ({ date: day.date, value: day.earningsPaise }))}
          format={(paise) => formatPaise(paise, locale)}
          emptyText={t('dashboardAnalytics.noEarnings')}
        />
        <DailyChart
          title={t('dashboardAnalytics.visitsPerDay')}
          valueLabel={t('dashboardAnalytics.visits')}
          tone="ink"
          days={series.map((day) => ({ date: day.date, value: day.visits }))}
          format={countIn(locale)}
          emptyText={t('dashboardAnalytics.noVisitsInDays')}
        />
        <Sources sources={data.sources} />
      </div>
      <TopItems items={data.topItems} />
    </>
  );
}

function Totals({ totals }: { totals: StudioAnalytics['totals'] }) {
  const { t, locale } = useT();
  const count = countIn(locale);
  const stats: { label: string; value: string; note: string }[] = [
    {
      label: t('dashboardAnalytics.earnings'),
      value: formatPaise(totals.earningsPaise, locale),
      note: t('dashboardAnalytics.earningsNote'),
    },
    {
      label: t('dashboardAnalytics.visits'),
      value: count(totals.visits),
      note: t('dashboardAnalytics.visitsNote', { page: count(totals.pageVisits), items: count(totals.itemVisits) }),
    },
    {
      label: t('dashboardAnalytics.unlocks'),
      value: count(totals.unlocks),
      note: t('dashboardAnalytics.unlocksNote'),
    },
    {
      label: t('dashboardAnalytics.conversion'),
      value: conversionText(totals.conversion, locale),
      note: t('dashboardAnalytics.conversionNote'),
    },
    { label: t('dashboardAnalytics.fans'), value: count(totals.fans), note: t('dashboardAnalytics.fansNote') },
    {
      label: t('dashboardAnalytics.repeatFans'),
      value: count(totals.repeatFans),
      note: t('dashboardAnalytics.repeatFansNote'),
    },
  ];
  return (
    // On a phone earnings take a row of their own (a long amount needs it), and so does the odd one out at the end.
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {stats.map(({ label, value, note }, index) => {
        const featured = index === 0;
        return (
          <div
            key={label}
            className={cn(
              'flex min-w-0 flex-col rounded-2xl p-4 ring-1',
              featured
                ? 'col-span-2 bg-ink-950 text-white ring-ink-950 sm:col-span-1'
                : 'bg-ink-50 text-ink-950 ring-ink-950/5 last:col-span-2 sm:last:col-span-1',
            )}
          >
            <dt className={cn('text-sm font-semibold', featured ? 'text-ink-100' : 'text-ink-muted')}>{label}</dt>
            <dd className="order-first text-2xl font-extrabold tracking-tight break-words tabular-nums sm:text-3xl">
              {value}
            </dd>
            <dd className={cn('mt-1 text-xs leading-5', featured ? 'text-marigold-200' : 'text-ink-muted')}>{note}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function Sources({ sources }: { sources: StudioAnalytics['sources'] }) {
  const { t, locale } = useT();
  const count = countIn(locale);
  const ranked = rankedSources(sources);
  const total = ranked.reduce((sum, entry) => sum + entry.visits, 0);
  return (
    <section aria-labelledby="analytics-sources-title" className="min-w-0 rounded-2xl p-4 ring-1 ring-ink-950/8 sm:p-5">
      <h3 id="analytics-sources-title" className="font-bold text-ink-950">
        {t('dashboardAnalytics.sourcesTitle')}
      </h3>
      {ranked.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('dashboardAnalytics.noVisitsInDaysDot')}</p>
      ) : (
        <ul aria-labelledby="analytics-sources-title" className="mt-3 space-y-3">
          {ranked.map(({ source, visits }) => {
            const share = visits / total;
            return (
              <li key={source}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-semibold text-ink-950">{t(SOURCE_LABELS[source])}</span>
                  <span className="text-ink-muted tabular-nums">
                    {t(visits === 1 ? 'dashboardAnalytics.visitsOne' : 'dashboardAnalytics.visitsOther', {
                      count: count(visits),
                    })}{' '}
                    · {percentOf(share, locale)}
                  </span>
                </div>
                <svg aria-hidden="true" focusable="false" className="mt-1.5 block h-2 w-full rounded-full">
                  <rect width="100%" height="100%" rx={4} className="fill-ink-100" />
                  <rect width={`${String(share * 100)}%`} height="100%" rx={4} className="fill-ink-700" />
                </svg>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function KindIcon({ kind }: { kind: StudioAnalytics['topItems'][number]['mediaKind'] }) {
  const { t } = useT();
  const Icon = kind === 'video' ? Video : ImageIcon;
  return (
    <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-marigold-100 text-marigold-800">
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{t(kind === 'video' ? 'dashboardAnalytics.video' : 'dashboardAnalytics.photo')}</span>
    </span>
  );
}

function TopItems({ items }: { items: StudioAnalytics['topItems'] }) {
  const { t, locale } = useT();
  const count = countIn(locale);
  return (
    <section aria-labelledby="analytics-top-title" className="mt-6">
      <h3 id="analytics-top-title" className="font-bold text-ink-950">
        {t('dashboardAnalytics.topItems')}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('dashboardAnalytics.noTopItems')}</p>
      ) : (
        <>
          {/* Cards on a phone, a table from 640 px: the same items, only one shown at a time. */}
          <ul aria-label={t('dashboardAnalytics.topItems')} className="mt-3 space-y-2 sm:hidden">
            {items.map((item) => (
              <li key={item.id} className="rounded-2xl p-3 ring-1 ring-ink-950/8">
                <div className="flex items-start gap-3">
                  <KindIcon kind={item.mediaKind} />
                  <p className="min-w-0 self-center font-semibold break-words text-ink-950">{item.title}</p>
                </div>
                <div className="mt-2 flex items-baseline justify-between gap-3 text-sm">
                  <p className="text-ink-muted tabular-nums">
                    {t(item.visits === 1 ? 'dashboardAnalytics.visitsOne' : 'dashboardAnalytics.visitsOther', {
                      count: count(item.visits),
                    })}{' '}
                    ·{' '}
                    {t(item.unlocks === 1 ? 'dashboardAnalytics.unlocksOne' : 'dashboardAnalytics.unlocksOther', {
                      count: count(item.unlocks),
                    })}
                  </p>
                  <p className="shrink-0 text-base font-bold text-ink-950 tabular-nums">
                    {formatPaise(item.earningsPaise, locale)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <table className="mt-3 hidden w-full text-left text-sm sm:table">
            <caption className="sr-only">{t('dashboardAnalytics.topItems')}</caption>
            <thead className="text-ink-muted">
              <tr className="border-b border-ink-950/10">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t('dashboardAnalytics.item')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('dashboardAnalytics.visits')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('dashboardAnalytics.unlocks')}
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-semibold">
                  {t('dashboardAnalytics.earnings')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-ink-950/5 last:border-0">
                  <th scope="row" className="py-2.5 pr-3 font-semibold text-ink-950">
                    <span className="flex items-center gap-3">
                      <KindIcon kind={item.mediaKind} />
                      <span className="min-w-0 break-words">{item.title}</span>
                    </span>
                  </th>
                  <td className="px-3 py-2.5 text-right tabular-nums">{count(item.visits)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{count(item.unlocks)}</td>
                  <td className="py-2.5 pl-3 text-right font-semibold text-ink-950 tabular-nums">
                    {formatPaise(item.earningsPaise, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
