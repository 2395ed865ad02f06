import { CONTENT_MESSAGES, translate, UNLOCK_WINDOW_DAYS, type Purchase } from '@kholo/contracts';
import { ChevronRight, Library as LibraryIcon, ReceiptText } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconTile } from '../../components/ui/icon-tile.tsx';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useT } from '../../lib/i18n/index.ts';
import { UnlockDialogProvider } from '../payments/index.ts';
import { ReportDialogProvider } from '../reports/index.ts';
import { usePurchases } from './api/get-purchases.ts';
import { LibraryItem } from './components/library-item.tsx';
import { LibrarySkeleton } from './components/library-skeleton.tsx';
import { libraryOf } from './library.ts';

export const LIBRARY_HEADING = translate('en', 'purchases.library.heading');
export const LIBRARY_EMPTY_TITLE = translate('en', 'purchases.library.emptyTitle');
export const LIBRARY_FAILED_TITLE = translate('en', 'purchases.library.failedTitle');
export const HISTORY_LINK = translate('en', 'purchases.library.historyLink');

const page = 'mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12';
const list = 'mt-4 grid gap-4 lg:grid-cols-2';

function Intro() {
  const { t } = useT();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
          {t('purchases.library.heading')}
        </h1>
        <p className="mt-2 max-w-2xl leading-7 text-ink-muted">
          {t('purchases.library.intro', { days: UNLOCK_WINDOW_DAYS })}
        </p>
      </div>
      <Link
        to="/purchases"
        className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-full py-1 text-sm font-semibold text-ink-950 underline decoration-ink-200 decoration-2 underline-offset-4 hover:decoration-ink-600 sm:self-auto"
      >
        <ReceiptText aria-hidden="true" className="size-4" />
        {t('purchases.library.historyLink')}
      </Link>
    </div>
  );
}

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        {title}
        {count === undefined ? null : <span className="ml-2 text-base font-semibold text-ink-muted">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

function Items({ label, items, held }: { label: string; items: Purchase[]; held: boolean }) {
  return (
    <ul aria-label={label} className={list}>
      {items.map((purchase) => (
        <li key={purchase.contentId}>
          <LibraryItem purchase={purchase} held={held} />
        </li>
      ))}
    </ul>
  );
}

function Empty() {
  const { t } = useT();
  return (
    <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-ink-200 bg-white/60 px-5 py-12 text-center">
      <IconTile icon={LibraryIcon} />
      <h2 className="mt-4 text-xl font-bold tracking-tight text-ink-950">{t('purchases.library.emptyTitle')}</h2>
      <p className="mt-2 max-w-md leading-7 text-ink-muted">{t('purchases.library.emptyBody')}</p>
    </div>
  );
}

/**
 * `/` for a signed-in fan who is not a creator (issue 23): her library, the home view of her
 * purchases. What she holds with days left and Download, what ran out with "Unlock again", the
 * creators she bought from, and the way to the full history at /purchases. Its own chunk, as the
 * dashboard is: visitors to `/` never download it.
 */
export function FanLibrary() {
  return (
    <UnlockDialogProvider>
      <ReportDialogProvider>
        <LibraryContent />
      </ReportDialogProvider>
    </UnlockDialogProvider>
  );
}

function LibraryContent() {
  const { t } = useT();
  const purchases = usePurchases({ enabled: true });
  const reported = useRef(0);

  useEffect(() => {
    // SPEC §8's words for an unlock list that could not be read: one toast per failed fetch.
    if (!purchases.isError || reported.current === purchases.errorUpdatedAt) return;
    reported.current = purchases.errorUpdatedAt;
    toast.error(CONTENT_MESSAGES.unlocksFailed);
  }, [purchases.isError, purchases.errorUpdatedAt]);

  if (purchases.isPending) return <LibrarySkeleton />;

  let body: ReactNode;
  if (purchases.data === undefined) {
    body = (
      <LoadFailedAlert
        title={t('purchases.library.failedTitle')}
        error={purchases.error}
        retrying={purchases.isFetching}
        onRetry={() => {
          void purchases.refetch();
        }}
        spinIcon
      />
    );
  } else {
    const { holds, ended, creators } = libraryOf(purchases.data.items);
    body =
      holds.length === 0 && ended.length === 0 ? (
        <Empty />
      ) : (
        <>
          {holds.length > 0 ? (
            <Section id="library-holds" title={t('purchases.library.yoursNow')} count={holds.length}>
              <Items label={t('purchases.library.yoursNow')} items={holds} held />
            </Section>
          ) : null}
          {ended.length > 0 ? (
            <Section id="library-ended" title={t('purchases.library.ended')} count={ended.length}>
              <Items label={t('purchases.library.ended')} items={ended} held={false} />
            </Section>
          ) : null}
          {creators.length > 0 ? (
            <Section id="library-creators" title={t('purchases.library.creators')}>
              <ul className="mt-4 flex flex-wrap gap-2">
                {creators.map((creator) => (
                  <li key={creator.handle} className="max-w-full">
                    <Link
                      to={`/u/${encodeURIComponent(creator.handle)}`}
                      className="inline-flex max-w-full items-center gap-2 rounded-full bg-white py-2 pr-3 pl-4 shadow-sm ring-1 ring-ink-950/10 hover:bg-ink-50"
                    >
                      <span className="min-w-0 truncate font-semibold text-ink-950">{creator.name}</span>
                      <span className="shrink-0 text-sm text-ink-muted">@{creator.handle}</span>
                      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </>
      );
  }

  return (
    <div className={page}>
      <title>{`${t('purchases.library.heading')} · Kholo`}</title>
      <Intro />
      {body}
    </div>
  );
}
