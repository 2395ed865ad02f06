import {
  CARD_IMAGE_SIZES,
  CONTENT_MESSAGES,
  formatDate,
  formatPaise,
  previewPicture,
  translate,
  type ContentCard as ContentCardData,
  type Locale,
} from '@kholo/contracts';
import { ArrowUpRight, CalendarX2, Lock, Play } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { needsAgeGate, useAgeConfirmation } from '../../catalog/index.ts';
import { useUnlockAction } from '../../payments/index.ts';
import { ReportButton } from '../../reports/index.ts';
import { AccessBadge, AdultBadge, VideoBadge } from './access-badge.tsx';
import { AgeGate } from './age-gate.tsx';
import { ContentVideo } from './content-video.tsx';
import { DownloadButton } from './download-button.tsx';

/** Cards are drawn at most ~400 px wide; the numbers only reserve the 4:5 box before the image arrives. */
const CARD_WIDTH = 400;
const CARD_HEIGHT = 500;

export function lockedPreviewAlt(title: string, locale: Locale = 'en'): string {
  return translate(locale, 'creatorPage.previewAlt', { title });
}

/**
 * The blurred preview in every width and type the server made: AVIF for browsers that take it,
 * WebP otherwise, the width chosen from `sizes`; its intrinsic size is set so nothing shifts.
 * Only the page's first picture (`priority`) loads at once and ahead of the rest; the others wait
 * until they near the screen. Items from before several widths have their one preview.
 */
export function PreviewPicture({
  item,
  priority = false,
  sizes = CARD_IMAGE_SIZES,
  className,
}: {
  item: ContentCardData;
  priority?: boolean;
  sizes?: string;
  className: string;
}) {
  const { locale } = useT();
  const preview = item.preview ?? { url: item.previewUrl, width: null, height: null, srcset: [] };
  const { avifSrcset, webpSrcset } = previewPicture(preview);
  const image = (
    <img
      src={preview.url}
      srcSet={webpSrcset ?? undefined}
      sizes={webpSrcset === null ? undefined : sizes}
      alt={lockedPreviewAlt(item.title, locale)}
      width={preview.width ?? CARD_WIDTH}
      height={preview.height ?? CARD_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
  if (avifSrcset === null) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={avifSrcset} sizes={sizes} />
      {image}
    </picture>
  );
}

/**
 * The picture of a locked item: only the server-made blurred preview, never the media
 * (DESIGN §5), with the 'Locked' label and, for a video, a play mark.
 */
export function LockedPreview({
  item,
  priority = false,
  sizes,
}: {
  item: ContentCardData;
  /** The page's first picture (its LCP): loaded at once, ahead of the rest. */
  priority?: boolean;
  /** How wide it is drawn; a creator page's card by default. */
  sizes?: string;
}) {
  const { tm } = useT();
  const video = item.mediaKind === 'video';
  return (
    <>
      <PreviewPicture
        item={item}
        priority={priority}
        {...(sizes === undefined ? {} : { sizes })}
        className="absolute inset-0 size-full scale-105 object-cover"
      />
      <div aria-hidden="true" className="absolute inset-0 bg-ink-950/30" />
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2.5 p-3">
        <span
          aria-hidden="true"
          className="grid size-12 place-items-center rounded-full bg-white/90 text-ink-950 shadow-sm"
        >
          {video ? <Play className="ml-0.5 size-5" fill="currentColor" /> : <Lock className="size-5" />}
        </span>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-ink-950/85 px-3 py-1 text-sm font-bold text-white">
          <Lock aria-hidden="true" className="size-3.5" />
          {tm(CONTENT_MESSAGES.locked)}
        </span>
      </div>
    </>
  );
}

function CardMedia({
  item,
  index,
  gated,
  onConfirmAge,
}: {
  item: ContentCardData;
  index: number;
  gated: boolean;
  onConfirmAge: () => void;
}) {
  // The first card's picture is the page's largest paint (the server preloads it, firstCardPreload):
  // it loads at once and first; the rest wait until they near the screen.
  const priority = index === 0;
  if (gated) return <AgeGate title={item.title} onConfirm={onConfirmAge} />;
  if (item.access.kind === 'locked') return <LockedPreview item={item} priority={priority} />;
  const { media } = item;
  if (!media) {
    // Access without a file (it was removed): the preview is all there is to show.
    return <PreviewPicture item={item} priority={priority} className="absolute inset-0 size-full object-cover" />;
  }
  if (item.mediaKind === 'video') {
    return (
      <ContentVideo
        src={media.url}
        poster={item.previewUrl}
        title={item.title}
        mode="loop"
        className="absolute inset-0 size-full object-cover"
      />
    );
  }
  return (
    <img
      src={media.url}
      alt={item.title}
      width={media.width ?? CARD_WIDTH}
      height={media.height ?? CARD_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className="absolute inset-0 size-full object-cover"
    />
  );
}

/** "Ended 16 Dec 2025": when the fan's 14 days ran out, on the card of an item she bought before. */
export function endedText(endedAt: number, locale: Locale = 'en'): string {
  return translate(locale, 'creatorPage.ended', { date: formatDate(endedAt, locale) });
}

/**
 * One item on a creator's page (SPEC §2): locked and blurred with its price, or unlocked with
 * Download. A fan whose access ran out is told when, and offered to unlock it again.
 */
export function ContentCard({
  item,
  creatorName,
  index = 0,
}: {
  item: ContentCardData;
  /** Named in the unlock dialog. */
  creatorName: string;
  index?: number;
}) {
  const { t, locale } = useT();
  const titleId = useId();
  const { unlock, preload } = useUnlockAction();
  const { confirmed, confirm } = useAgeConfirmation();
  const locked = item.access.kind === 'locked';
  const endedAt = item.access.kind === 'locked' ? item.access.accessEndedAt : null;
  // An unconfirmed 18+ card is compact: its picture box shrinks to the gate (never taller than a
  // card, and stretched to its row's height beside others), so the newest 18+ item does not fill
  // a visitor's first screen and the creator's name and other items stay in view.
  const gated = needsAgeGate(item, confirmed);

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-card ring-1 ring-ink-950/5"
    >
      <div
        className={cn(
          'relative overflow-hidden',
          gated ? 'min-h-44 grow basis-44 bg-ink-950' : 'aspect-[4/5] bg-ink-100',
        )}
      >
        <CardMedia item={item} index={index} gated={gated} onConfirmAge={confirm} />
        {(item.isAdultContent && !gated) || item.mediaKind === 'video' ? (
          <div className="pointer-events-none absolute inset-x-3 top-3 z-10 flex justify-between gap-2">
            {/* The gate says 18+ itself. */}
            {item.isAdultContent && !gated ? <AdultBadge /> : <span />}
            {item.mediaKind === 'video' ? <VideoBadge /> : null}
          </div>
        ) : null}
        {!locked ? (
          <div className="pointer-events-none absolute bottom-3 left-3 z-10">
            <AccessBadge access={item.access} />
          </div>
        ) : null}
      </div>

      <div className={cn('flex flex-col p-4 sm:p-5', gated ? null : 'flex-1')}>
        <h3 id={titleId} className="text-base leading-6 font-bold text-ink-950">
          <Link
            to={`/content/${encodeURIComponent(item.id)}`}
            className="line-clamp-2 rounded underline-offset-4 break-words hover:underline"
          >
            {item.title}
          </Link>
        </h3>
        {item.description ? (
          <p className="mt-1 line-clamp-2 text-sm leading-6 break-words text-ink-muted">{item.description}</p>
        ) : null}
        {endedAt === null ? null : (
          <p className="mt-2 inline-flex items-center gap-1.5 self-start rounded-full bg-ink-50 px-2.5 py-1 text-xs font-bold text-ink-800 ring-1 ring-ink-950/10">
            <CalendarX2 aria-hidden="true" className="size-3.5" />
            {endedText(endedAt, locale)}
          </p>
        )}
        <div className="mt-auto flex gap-2 pt-4">
          {locked ? (
            <Button
              variant="primary"
              className="w-full"
              aria-describedby={titleId}
              onPointerEnter={preload}
              onFocus={preload}
              onClick={() => {
                unlock({
                  id: item.id,
                  title: item.title,
                  pricePaise: item.pricePaise,
                  isAdultContent: item.isAdultContent,
                  creatorId: item.creatorId,
                  creatorName,
                });
              }}
            >
              <Lock aria-hidden="true" className="size-4" />
              {t(endedAt === null ? 'creatorPage.unlockFor' : 'creatorPage.unlockAgainFor', {
                price: formatPaise(item.pricePaise, locale),
              })}
            </Button>
          ) : (
            <>
              <DownloadButton item={item} variant="dark" className="flex-1" aria-describedby={titleId} />
              <Link
                to={`/content/${encodeURIComponent(item.id)}`}
                aria-describedby={titleId}
                className={buttonClasses({ variant: 'outline' })}
              >
                {t('creatorPage.open')}
                <ArrowUpRight aria-hidden="true" className="size-4" />
              </Link>
            </>
          )}
        </div>
        <ReportButton
          subject={{ type: 'content', contentId: item.id, title: item.title, creatorId: item.creatorId }}
          className="-mb-2 self-end sm:-mb-3"
        />
      </div>
    </article>
  );
}

/** Holds a card's place while the page loads (SPEC §2: skeleton cards). */
export function ContentCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-3xl bg-white shadow-card ring-1 ring-ink-950/5">
      <div className="aspect-[4/5] bg-ink-100 motion-safe:animate-pulse" />
      <div className="space-y-3 p-4 sm:p-5">
        <div className="h-4 w-3/4 rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="h-3 w-1/2 rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
        <div className="h-11 rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}
