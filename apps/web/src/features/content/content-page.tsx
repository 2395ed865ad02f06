import {
  CONTENT_MESSAGES,
  formatDate,
  formatPaise,
  itemShareMessage,
  PAGE_IMAGE_SIZES,
  translate,
  UNLOCK_WINDOW_DAYS,
  type ContentDetail,
  type Locale,
} from '@kholo/contracts';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ShareButtons } from '../../components/share/share-buttons.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { getPublicConfig } from '../../lib/public-config.ts';
import { preloadFirstPreview } from '../../lib/preload-preview.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  AccessBadge,
  AdultBadge,
  VideoBadge,
  AgeGate,
  LockedPreview,
  ContentVideo,
  CreatorAvatar,
  DownloadButton,
  PageLoadError,
  needsAgeGate,
  useAgeConfirmation,
  useUnlockAction,
} from '../creator-page/index.ts';
import { UnlockDialogProvider } from '../payments/index.ts';
import { ReportButton, ReportDialogProvider } from '../reports/index.ts';
import { useContent } from '../catalog/index.ts';
import { useVisitBeacon } from '../../lib/visit-beacon.ts';
import { useT } from '../../lib/i18n/index.ts';

const page = 'mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8 lg:py-12';
const layout = 'mt-5 grid gap-6 sm:gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start';
const mediaPanel = 'relative overflow-hidden rounded-[2rem] bg-ink-950 shadow-lift';

/** "Your access ended on 16 Dec 2025.": an earlier buyer's 14 days ran out (issue 23). */
export function accessEndedText(endedAt: number, locale: Locale = 'en'): string {
  return translate(locale, 'contentPage.accessEnded', { date: formatDate(endedAt, locale) });
}

function ContentNotFound() {
  const { t, tm } = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-28">
      <title>{`${t('contentPage.notFound.title')} · Kholo`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
        {tm(CONTENT_MESSAGES.contentNotFound)}
      </h1>
      <p className="mt-4 text-lg leading-8 text-ink-muted">{t('contentPage.notFound.body')}</p>
      <Link to="/" className={buttonClasses({ variant: 'dark', size: 'lg', className: 'mt-9' })}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('creatorPage.backHome')}
      </Link>
    </div>
  );
}

function LoadingContent() {
  const { t } = useT();
  return (
    <div role="status" className={page}>
      <span className="sr-only">{t('contentPage.loading')}</span>
      <div aria-hidden="true" className="h-5 w-40 rounded-full bg-ink-100 motion-safe:animate-pulse" />
      <div aria-hidden="true" className={layout}>
        <div className="aspect-[4/5] rounded-[2rem] bg-ink-100 motion-safe:animate-pulse sm:aspect-[4/3]" />
        <div className="space-y-4">
          <div className="h-10 w-3/4 rounded-full bg-ink-100 motion-safe:animate-pulse" />
          <div className="h-4 w-full rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
          <div className="h-4 w-2/3 rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
          <div className="h-12 w-48 rounded-full bg-ink-100 motion-safe:animate-pulse" />
        </div>
      </div>
    </div>
  );
}

/** The picture or player: the real media once unlocked, else only the blurred preview. */
function ContentMedia({ detail }: { detail: ContentDetail }) {
  const { item } = detail;
  const { confirmed, confirm } = useAgeConfirmation();
  const { media } = item;

  if (needsAgeGate(item, confirmed)) {
    return (
      <div className={`${mediaPanel} aspect-[4/5] sm:aspect-[4/3]`}>
        <AgeGate title={item.title} onConfirm={confirm} size="page" />
      </div>
    );
  }
  if (item.access.kind === 'locked' || !media) {
    return (
      <div className={`${mediaPanel} aspect-[4/5] sm:aspect-[4/3]`}>
        <LockedPreview item={item} priority sizes={PAGE_IMAGE_SIZES} />
      </div>
    );
  }
  // The media's own proportions reserve its box before it loads (no layout shift); 4:5 if unknown.
  if (item.mediaKind === 'video') {
    return (
      <div className={`${mediaPanel} grid place-items-center`}>
        <ContentVideo
          src={media.url}
          poster={item.previewUrl}
          title={item.title}
          mode="player"
          className="max-h-[75dvh] w-full bg-ink-950 object-contain"
        />
      </div>
    );
  }
  return (
    <div className={`${mediaPanel} grid place-items-center`}>
      <img
        src={media.url}
        alt={item.title}
        width={media.width ?? 800}
        height={media.height ?? 1000}
        decoding="async"
        fetchPriority="high"
        className="h-auto max-h-[75dvh] w-full object-contain"
      />
    </div>
  );
}

function ContentView({ detail }: { detail: ContentDetail }) {
  const { t, tm, tRich, locale } = useT();
  const { item, creator } = detail;
  preloadFirstPreview([item], PAGE_IMAGE_SIZES);
  const { unlock, preload } = useUnlockAction();
  const locked = item.access.kind === 'locked';
  // Her 14 days ran out: say when, rather than the spec's words for someone who never bought it.
  const endedAt = item.access.kind === 'locked' ? item.access.accessEndedAt : null;
  const creatorPath = `/u/${encodeURIComponent(creator.handle)}`;

  return (
    <div className={page}>
      <title>{`${item.title} · Kholo`}</title>
      <meta
        name="description"
        content={t('contentPage.description', {
          title: item.title,
          name: creator.name,
          about: item.description.replace(/\s+/g, ' ').trim().slice(0, 140),
        }).trim()}
      />
      <div className="flex items-center justify-between gap-3">
        <Link
          to={creatorPath}
          className="inline-flex min-w-0 items-center gap-1.5 rounded text-sm font-semibold text-ink-muted underline-offset-4 hover:text-ink-950 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{t('contentPage.moreFrom', { name: creator.name })}</span>
        </Link>
        <ReportButton
          subject={{ type: 'content', contentId: item.id, title: item.title, creatorId: creator.id }}
          className="-my-2 -mr-3"
        />
      </div>

      <div className={layout}>
        <ContentMedia detail={detail} />

        <div className="min-w-0">
          <Link
            to={creatorPath}
            className="group inline-flex max-w-full items-center gap-3 rounded-full py-1 pr-3"
            aria-label={`${creator.name}, @${creator.handle}`}
          >
            <CreatorAvatar creator={creator} />
            <span className="min-w-0">
              <span className="block truncate font-bold text-ink-950 group-hover:underline">{creator.name}</span>
              <span className="block truncate text-sm text-ink-muted">@{creator.handle}</span>
            </span>
          </Link>

          <h1 className="mt-4 text-2xl leading-tight font-extrabold tracking-tight break-words text-ink-950 sm:text-3xl">
            {item.title}
          </h1>
          <div className="mt-3 flex flex-wrap gap-2">
            {locked ? (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-ink-950 px-2.5 py-1 text-xs font-bold text-white">
                <Lock aria-hidden="true" className="size-3" />
                {tm(CONTENT_MESSAGES.locked)}
              </span>
            ) : (
              <AccessBadge access={item.access} className="bg-emerald-50 ring-1 ring-emerald-200" />
            )}
            {item.isAdultContent ? <AdultBadge /> : null}
            {item.mediaKind === 'video' ? <VideoBadge className="ring-1 ring-ink-950/10" /> : null}
          </div>
          {item.description ? (
            <p className="mt-5 leading-7 break-words whitespace-pre-line text-ink-muted">{item.description}</p>
          ) : null}

          {locked ? (
            <div className="mt-6 rounded-3xl bg-white p-5 shadow-card ring-1 ring-ink-950/5">
              <p className="flex gap-3 leading-7 font-medium text-ink-950">
                <Lock aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-marigold-700" />
                {endedAt === null ? tm(CONTENT_MESSAGES.contentLocked) : accessEndedText(endedAt, locale)}
              </p>
              <p className="mt-4 text-sm text-ink-muted">
                {tRich('contentPage.priceFor', {
                  price: (
                    <span className="text-2xl font-extrabold text-ink-950">{formatPaise(item.pricePaise, locale)}</span>
                  ),
                  days: UNLOCK_WINDOW_DAYS,
                })}
              </p>
              <Button
                size="lg"
                className="mt-4 w-full sm:w-auto"
                onPointerEnter={preload}
                onFocus={preload}
                onClick={() => {
                  unlock({
                    id: item.id,
                    title: item.title,
                    pricePaise: item.pricePaise,
                    isAdultContent: item.isAdultContent,
                    creatorId: creator.id,
                    creatorName: creator.name,
                  });
                }}
              >
                <Lock aria-hidden="true" className="size-4" />
                {t(endedAt === null ? 'creatorPage.unlockFor' : 'creatorPage.unlockAgainFor', {
                  price: formatPaise(item.pricePaise, locale),
                })}
              </Button>
            </div>
          ) : (
            <DownloadButton item={item} variant="dark" size="lg" className="mt-6 w-full sm:w-auto" />
          )}
          <ShareButtons
            className="mt-6"
            url={`${getPublicConfig().publicUrl}/content/${encodeURIComponent(item.id)}`}
            title={`${item.title} · Kholo`}
            message={(link) => itemShareMessage(item.title, creator.name, link)}
          />
        </div>
      </div>
    </div>
  );
}

/** `/content/{contentId}`: one item, shown in full once unlocked (SPEC §2 and §8). */
export function ContentPage() {
  return (
    <UnlockDialogProvider>
      <ReportDialogProvider>
        <ContentPageContent />
      </ReportDialogProvider>
    </UnlockDialogProvider>
  );
}

function ContentPageContent() {
  const { t, tm } = useT();
  const { contentId = '' } = useParams();
  const query = useContent(contentId);
  useVisitBeacon(query.data ? { creatorId: query.data.creator.id, contentId: query.data.item.id } : null);

  if (query.data) return <ContentView detail={query.data} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 'NOT_FOUND') return <ContentNotFound />;
    return (
      <PageLoadError
        title={t('contentPage.loadFailed')}
        message={query.error instanceof ApiError ? tm(query.error.message) : t('creatorPage.pleaseTryAgain')}
        retrying={query.isFetching}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  return <LoadingContent />;
}
