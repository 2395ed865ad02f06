import { ADMIN_MESSAGES, type CreatorProfile, type Me, type MessageKey } from '@kholo/contracts';
import { Ban, ChartColumn, LayoutGrid, type LucideIcon, Upload, UserRound, Wallet } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/index.ts';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion.ts';
import { AnalyticsTab } from './components/analytics-tab.tsx';
import { ContentList } from './components/content-list.tsx';
import { FirstRunChecklist } from './components/first-run-checklist.tsx';
import { ProfilePanel } from './components/profile-panel.tsx';
import { ShareLink } from './components/share-link.tsx';
import { SummaryCards } from './components/summary-cards.tsx';
import { UploadForm } from './components/upload-form.tsx';
import { WalletPanel } from './components/wallet-panel.tsx';

type Account = NonNullable<Me['account']>;

const TABS = ['upload', 'content', 'analytics', 'wallet', 'profile'] as const;
type Tab = (typeof TABS)[number];

const TAB_META: Record<Tab, { label: MessageKey; icon: LucideIcon }> = {
  upload: { label: 'dashboard.tab.upload', icon: Upload },
  content: { label: 'dashboard.tab.content', icon: LayoutGrid },
  analytics: { label: 'dashboard.tab.analytics', icon: ChartColumn },
  wallet: { label: 'dashboard.tab.wallet', icon: Wallet },
  profile: { label: 'dashboard.tab.profile', icon: UserRound },
};

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

const itemClasses =
  'flex min-w-0 flex-col items-center justify-center gap-1 rounded-2xl px-1 py-2 text-xs font-semibold transition-colors lg:flex-row lg:justify-start lg:gap-3 lg:px-4 lg:py-2.5 lg:text-[0.9375rem]';

/** Where a panel stops when scrolled to: under the site header and, on a phone, the tab bar. */
const PANEL_SCROLL_MARGIN = 'scroll-mt-36 lg:scroll-mt-24';

/**
 * The creator dashboard, shown at `/` to a signed-in creator (SPEC §2: a single screen, not a
 * route). The open tab is kept in `?tab=` so a reload stays put. A creator the admin suspended
 * sees why, and cannot upload.
 *
 * On a phone the tab bar sticks under the header, and choosing a tab brings its panel to the top
 * of the screen: the greeting, first-run checklist, share card and totals are an overview above the
 * first tab (Upload) only, not a header repeated over every panel. Logout is in the site header.
 */
export function CreatorDashboard({ creator, account }: { creator: CreatorProfile; account: Account }) {
  const { t, tm } = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'upload';
  const firstName = creator.name.trim().split(/\s+/)[0] || account.email;
  const suspended = creator.suspendedReason !== null;
  const headingRef = useRef(new Map<Tab, HTMLHeadingElement>());
  // Set when a button inside a panel opens another tab: that button is gone, so focus moves to
  // the new panel's heading once it is on screen.
  // A tab chosen (from the bar, or a button in a panel or the checklist): once its panel is on
  // screen it is scrolled to the top and its heading takes focus, so a tap visibly lands somewhere
  // and a screen reader says where. Counted, so choosing the open tab again scrolls back to it.
  const [arrival, setArrival] = useState<{ tab: Tab; count: number } | null>(null);
  const reduceMotion = usePrefersReducedMotion();

  const goTo = (key: Tab) => {
    setParams(key === 'upload' ? {} : { tab: key }, { replace: true, preventScrollReset: true });
    setArrival((previous) => ({ tab: key, count: (previous?.count ?? 0) + 1 }));
  };

  useEffect(() => {
    if (arrival === null || arrival.tab !== tab) return;
    const heading = headingRef.current.get(tab);
    if (!heading) return;
    heading.closest('section')?.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    heading.focus({ preventScroll: true });
    // Only on her choice: a change of the motion setting alone must not move the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival, tab]);

  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-6xl px-4 pb-10 sm:px-6 lg:grid lg:grid-cols-[13rem_1fr] lg:content-start lg:gap-10 lg:px-8 lg:py-10">
      <title>{t('dashboard.title')}</title>
      {/* On a phone the bar sticks under the site header, so every tab stays one tap away. */}
      <nav
        aria-label={t('dashboard.nav')}
        className="sticky top-16 z-30 -mx-4 bg-cream/95 px-4 py-2 backdrop-blur-md sm:-mx-6 sm:px-6 lg:top-24 lg:mx-0 lg:self-start lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
      >
        <ul className="grid grid-cols-5 gap-1 rounded-3xl bg-white p-1.5 shadow-card ring-1 ring-ink-950/5 lg:grid-cols-1 lg:gap-1 lg:p-2">
          {TABS.map((key) => {
            const { label, icon: Icon } = TAB_META[key];
            const active = key === tab;
            return (
              <li key={key}>
                <button
                  type="button"
                  aria-current={active ? 'page' : undefined}
                  onClick={() => {
                    goTo(key);
                  }}
                  className={cn(
                    itemClasses,
                    'w-full',
                    active ? 'bg-ink-950 text-white' : 'text-ink-muted hover:bg-ink-50 hover:text-ink-950',
                  )}
                >
                  <Icon aria-hidden="true" className={cn('size-5 shrink-0', active && 'text-marigold-300')} />
                  {t(label)}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-4 min-w-0 lg:mt-0">
        {/* The page's one h1 on every tab; only on the first tab does the overview show under it. */}
        <div className={tab === 'upload' ? undefined : 'sr-only'}>
          <p className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">{t('dashboard.eyebrow')}</p>
          <h1 className="mt-2 truncate text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
            {t('dashboard.greeting', { name: firstName })}
          </h1>
        </div>

        {suspended ? <SuspendedBanner reason={creator.suspendedReason} /> : null}

        {tab === 'upload' ? (
          <>
            <FirstRunChecklist creator={creator} onGo={goTo} />
            <section
              aria-labelledby="share-link-title"
              className="mt-6 rounded-3xl bg-white p-5 shadow-card ring-1 ring-ink-950/5 sm:p-6"
            >
              <h2 id="share-link-title" className="text-base font-bold text-ink-950">
                {t('dashboard.share.title')}
              </h2>
              <p className="mt-1 text-sm text-ink-muted">{t('dashboard.share.lead')}</p>
              <div className="mt-4">
                <ShareLink handle={creator.handle} />
              </div>
            </section>
            <SummaryCards />
          </>
        ) : null}

        {/* Always mounted, only hidden: an upload keeps going (and its form keeps its text) while
            the creator looks at another tab. */}
        <Panel tab="upload" headingRef={headingRef} hidden={tab !== 'upload'}>
          {suspended ? (
            <p className="mt-4 max-w-2xl leading-7 text-ink-muted">
              {tm(ADMIN_MESSAGES.suspended)} {t('dashboard.suspendedUploadsOff')}
            </p>
          ) : (
            <UploadForm
              onShowContent={() => {
                goTo('content');
              }}
            />
          )}
        </Panel>
        {tab === 'content' ? (
          <Panel tab="content" headingRef={headingRef}>
            <ContentList
              onUpload={() => {
                goTo('upload');
              }}
            />
          </Panel>
        ) : null}
        {tab === 'analytics' ? (
          <Panel tab="analytics" headingRef={headingRef}>
            <AnalyticsTab handle={creator.handle} />
          </Panel>
        ) : null}
        {tab === 'wallet' ? (
          <Panel tab="wallet" headingRef={headingRef}>
            <WalletPanel creatorEmail={creator.email} />
          </Panel>
        ) : null}
        {tab === 'profile' ? (
          <Panel tab="profile" headingRef={headingRef}>
            <ProfilePanel
              creator={creator}
              onOpenWallet={() => {
                goTo('wallet');
              }}
            />
          </Panel>
        ) : null}
      </div>
    </div>
  );
}

function Panel({
  tab,
  headingRef,
  hidden = false,
  children,
}: {
  tab: Tab;
  headingRef: RefObject<Map<Tab, HTMLHeadingElement>>;
  hidden?: boolean;
  children: ReactNode;
}) {
  const { t } = useT();
  const headingId = `dashboard-${tab}-title`;
  return (
    <section
      aria-labelledby={headingId}
      hidden={hidden}
      className={cn('mt-6 rounded-3xl bg-white p-5 shadow-card ring-1 ring-ink-950/5 sm:p-8', PANEL_SCROLL_MARGIN)}
    >
      <h2
        id={headingId}
        ref={(element) => {
          if (element) headingRef.current.set(tab, element);
          else headingRef.current.delete(tab);
        }}
        tabIndex={-1}
        className="rounded-lg text-2xl font-bold tracking-tight text-ink-950 outline-offset-4"
      >
        {t(TAB_META[tab].label)}
      </h2>
      {children}
    </section>
  );
}

function SuspendedBanner({ reason }: { reason: string | null }) {
  const { t, tm } = useT();
  return (
    <div
      role="alert"
      className="mt-6 flex items-start gap-3 rounded-3xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200"
    >
      <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-bold">{tm(ADMIN_MESSAGES.suspended)}</p>
        {reason ? (
          <p className="mt-1 text-sm leading-6 break-words">{t('dashboard.suspendedReason', { reason })}</p>
        ) : null}
      </div>
    </div>
  );
}
