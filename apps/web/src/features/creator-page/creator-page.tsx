import { CONTENT_MESSAGES, translate, type CreatorPage as CreatorPageData, type Locale } from '@kholo/contracts';
import { Eye, Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useMe, authDialogTrigger, useAuthDialog } from '../accounts/index.ts';
import { UnlockDialogProvider } from '../payments/index.ts';
import { ReportDialogProvider } from '../reports/index.ts';
import { useCreatorPage, useFanUnlocks } from '../catalog/index.ts';
import { ContentCard, ContentCardSkeleton } from './components/content-card.tsx';
import { CreatorGone, CreatorMoved, CreatorNotFound } from './components/creator-page-notices.tsx';
import { CreatorProfileHeader, CreatorProfileHeaderSkeleton } from './components/creator-profile-header.tsx';
import { PageLoadError } from './components/page-load-error.tsx';
import { PurchasedSummary } from './components/purchased-summary.tsx';
import { IconTile } from '../../components/ui/icon-tile.tsx';
import { preloadFirstPreview } from '../../lib/preload-preview.ts';
import { useVisitBeacon } from '../../lib/visit-beacon.ts';
import { useT } from '../../lib/i18n/index.ts';

const page = 'mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8 lg:py-12';
const grid = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6';

function LoadingPage() {
  const { t } = useT();
  return (
    <div role="status" className={page}>
      <span className="sr-only">{t('creatorPage.loading')}</span>
      <CreatorProfileHeaderSkeleton />
      <div className="mt-10 h-6 w-28 rounded-full bg-ink-100 motion-safe:animate-pulse" />
      <div className={`mt-5 ${grid}`}>
        {Array.from({ length: 3 }, (_, index) => (
          <ContentCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

/** The page's meta description: who she is, in her words, and what she sells. */
function pageDescription(name: string, bio: string | null, totalCount: number, locale: Locale): string {
  const about = (bio ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
  const sentence = about === '' ? '' : /[.!?…।]$/.test(about) ? `${about} ` : `${about}. `;
  return translate(locale, totalCount === 1 ? 'creatorPage.meta.descriptionOne' : 'creatorPage.meta.descriptionOther', {
    name,
    about: sentence,
    count: totalCount,
  });
}

/** SPEC §2 and §6: a visitor sees the first 3 items; the rest wait behind the fan login. */
function LoginToSeeMore({ hidden, creatorName }: { hidden: number; creatorName: string }) {
  const { t, tm } = useT();
  const dialog = useAuthDialog();
  const firstName = creatorName.trim().split(/\s+/)[0] || creatorName;
  return (
    <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-ink-300 bg-white/70 px-5 py-8 text-center sm:py-10">
      <IconTile icon={Lock} small />
      <p className="mt-4 text-lg font-bold text-ink-950">
        {t(hidden === 1 ? 'creatorPage.moreOne' : 'creatorPage.moreOther', { count: hidden, name: firstName })}
      </p>
      <p className="mt-1 max-w-md leading-7 text-ink-muted">{t('creatorPage.loginToSeeAll', { name: firstName })}</p>
      <Button variant="dark" className="mt-5" {...authDialogTrigger(dialog, { audience: 'fan', mode: 'login' })}>
        {tm(CONTENT_MESSAGES.loginToSeeMore)}
      </Button>
    </div>
  );
}

/** 'Your Purchased Content' when the signed-in fan holds unlocks from this creator; a toast if they cannot be read. */
function Purchases({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  const unlocks = useFanUnlocks();
  const reported = useRef(0);

  useEffect(() => {
    // One toast per failed fetch (SPEC §8), not one per render.
    if (!unlocks.isError || reported.current === unlocks.errorUpdatedAt) return;
    reported.current = unlocks.errorUpdatedAt;
    // The toaster says it in the interface's language.
    toast.error(CONTENT_MESSAGES.unlocksFailed);
  }, [unlocks.isError, unlocks.errorUpdatedAt]);

  const mine = unlocks.data?.items.filter((unlock) => unlock.creatorId === creatorId && unlock.daysLeft > 0) ?? [];
  if (mine.length === 0) return null;
  return (
    <div className="mt-6">
      <PurchasedSummary unlocks={mine} creatorName={creatorName} />
    </div>
  );
}

/** `?as=fan` for someone signed in (her "View my page as a fan"): what this is, and the way back. */
function VisitorViewNotice({ handle }: { handle: string }) {
  const { t } = useT();
  return (
    <p className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-marigold-50 px-4 py-3 text-sm font-medium text-ink-950 ring-1 ring-marigold-200">
      <Eye aria-hidden="true" className="size-4 shrink-0 text-marigold-800" />
      <span className="min-w-0 flex-1">{t('creatorPage.asVisitor')}</span>
      <Link
        to={`/u/${encodeURIComponent(handle)}`}
        className="rounded font-semibold underline decoration-2 underline-offset-4"
      >
        {t('creatorPage.asYourself')}
      </Link>
    </p>
  );
}

function CreatorPageView({ data, asVisitor }: { data: CreatorPageData; asVisitor: boolean }) {
  const { t, locale } = useT();
  const me = useMe();
  const signedIn = !asVisitor && Boolean(me.data?.account);
  const { creator, items, totalCount } = data;
  const hidden = Math.max(0, totalCount - items.length);
  preloadFirstPreview(items);

  return (
    <div className={page}>
      <title>{`${creator.name} · Kholo`}</title>
      <meta name="description" content={pageDescription(creator.name, creator.bio, totalCount, locale)} />
      {asVisitor && me.data?.account ? <VisitorViewNotice handle={creator.handle} /> : null}
      <CreatorProfileHeader creator={creator} totalCount={totalCount} />
      {me.data?.fan && !asVisitor ? <Purchases creatorId={creator.id} creatorName={creator.name} /> : null}

      <section aria-labelledby="creator-content" className="mt-10">
        <h2 id="creator-content" className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
          {t('creatorPage.content')}
        </h2>
        {items.length > 0 ? (
          <ul className={`mt-5 ${grid}`}>
            {items.map((item, index) => (
              <li key={item.id}>
                <ContentCard item={item} creatorName={creator.name} index={index} />
              </li>
            ))}
          </ul>
        ) : hidden === 0 ? (
          <p className="mt-5 rounded-3xl bg-white px-5 py-10 text-center leading-7 text-ink-muted ring-1 ring-ink-950/5">
            {t('creatorPage.nothingYet', { name: creator.name })}
          </p>
        ) : null}
        {!signedIn && hidden > 0 ? <LoginToSeeMore hidden={hidden} creatorName={creator.name} /> : null}
      </section>
    </div>
  );
}

/** `/u/{username}`: a creator's public page (SPEC §2). */
export function CreatorPage() {
  return (
    <UnlockDialogProvider>
      <ReportDialogProvider>
        <CreatorPageContent />
      </ReportDialogProvider>
    </UnlockDialogProvider>
  );
}

function CreatorPageContent() {
  const { t, tm } = useT();
  const { username = '' } = useParams();
  // "View my page as a fan" (her dashboard): the visitor's answer, asked without her session.
  const asVisitor = useSearchParams()[0].get('as') === 'fan';
  const query = useCreatorPage(username, { asVisitor });
  useVisitBeacon(query.data ? { creatorId: query.data.creator.id } : null);

  if (query.data) return <CreatorPageView data={query.data} asVisitor={asVisitor} />;
  if (query.isError) {
    if (query.error instanceof ApiError) {
      const { code, movedTo } = query.error;
      // An old address: the creator who gave it up moved (or left); never someone else's page.
      if (code === 'CREATOR_MOVED' && movedTo !== null) return <CreatorMoved movedTo={movedTo} />;
      if (code === 'CREATOR_GONE') return <CreatorGone />;
      if (code === 'NOT_FOUND' || code === 'CREATOR_MOVED') return <CreatorNotFound />;
    }
    return (
      <PageLoadError
        title={t('creatorPage.loadFailed')}
        message={query.error instanceof ApiError ? tm(query.error.message) : t('creatorPage.pleaseTryAgain')}
        retrying={query.isFetching}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  return <LoadingPage />;
}
