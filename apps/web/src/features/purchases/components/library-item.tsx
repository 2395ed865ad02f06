import { formatDate, formatPaise, translate, type Locale, type Purchase } from '@kholo/contracts';
import { ArrowUpRight, EyeOff, Film, ImageOff, Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useAgeConfirmation } from '../../catalog/index.ts';
import { DownloadButton } from '../../creator-page/index.ts';
import { useUnlockAction } from '../../payments/index.ts';
import { ReportButton } from '../../reports/index.ts';
import { useT } from '../../../lib/i18n/index.ts';

const inlineLink =
  'font-semibold text-ink-950 underline decoration-ink-200 decoration-2 underline-offset-4 hover:decoration-ink-600';

/** "12 days left", "1 day left". */
export function daysLeftText(days: number, locale: Locale = 'en'): string {
  return translate(locale, days === 1 ? 'purchases.daysLeftOne' : 'purchases.daysLeftOther', { days });
}

/** "Access ended 3 Dec 2025". */
export function accessEndedText(endedAt: number | null, locale: Locale = 'en'): string {
  return endedAt === null
    ? translate(locale, 'purchases.accessEnded')
    : translate(locale, 'purchases.accessEndedOn', { date: formatDate(endedAt, locale) });
}

/**
 * The item's small picture: its blurred preview (never the media), or a plain tile when there is
 * none to show her. An 18+ item she no longer holds waits for this tab's 18+ answer as a locked
 * card does (needsAgeGate); one she holds never asks again.
 */
function Thumbnail({ purchase, held }: { purchase: Purchase; held: boolean }) {
  const { t } = useT();
  const { confirmed } = useAgeConfirmation();
  const gated = purchase.isAdultContent && !held && !confirmed;
  return (
    <div className="relative aspect-[4/5] w-20 shrink-0 overflow-hidden rounded-2xl bg-ink-100 sm:w-24">
      {gated ? (
        <div className="absolute inset-0 grid place-items-center bg-gradient-to-br from-ink-800 to-ink-950 text-white">
          <span className="flex flex-col items-center gap-1 text-xs font-bold">
            <EyeOff aria-hidden="true" className="size-4" />
            18+
          </span>
        </div>
      ) : purchase.previewUrl === null ? (
        <div className="absolute inset-0 grid place-items-center text-ink-500">
          <ImageOff aria-hidden="true" className="size-5" />
        </div>
      ) : (
        <img
          src={purchase.previewUrl}
          alt=""
          width={96}
          height={120}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full scale-105 object-cover"
        />
      )}
      {purchase.mediaKind === 'video' ? (
        <span className="absolute right-1.5 bottom-1.5 grid size-6 place-items-center rounded-full bg-white/90 text-ink-950">
          <Film aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t('creatorPage.video')}</span>
        </span>
      ) : null}
    </div>
  );
}

/**
 * One item in her library: a held one with its days left, Download and Open; an ended one with
 * when it ended and "Unlock again" at today's price (or why it cannot be bought again).
 */
export function LibraryItem({ purchase, held }: { purchase: Purchase; held: boolean }) {
  const { t, tRich, locale } = useT();
  const titleId = useId();
  const { unlock, preload } = useUnlockAction();
  const contentPath = `/content/${encodeURIComponent(purchase.contentId)}`;
  const { priceNowPaise } = purchase;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-3xl bg-white p-3 shadow-card ring-1 ring-ink-950/5 sm:p-4"
    >
      <div className="flex gap-3 sm:gap-4">
        <Thumbnail purchase={purchase} held={held} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base leading-6 font-bold break-words text-ink-950">
            <Link to={contentPath} className="line-clamp-2 rounded underline-offset-4 hover:underline">
              {purchase.contentTitle}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm break-words text-ink-muted">
            {tRich('purchases.by', {
              name: (
                <Link to={`/u/${encodeURIComponent(purchase.creatorHandle)}`} className={inlineLink}>
                  {purchase.creatorName}
                </Link>
              ),
            })}
          </p>
          {held ? (
            <p className="mt-2 text-sm font-semibold text-emerald-800">
              {purchase.daysLeft === null ? t('purchases.library.yoursNow') : daysLeftText(purchase.daysLeft, locale)}
              {purchase.accessUntil === null ? null : (
                <span className="font-normal text-ink-muted">
                  {t('purchases.until', { date: formatDate(purchase.accessUntil, locale) })}
                </span>
              )}
            </p>
          ) : (
            <p className="mt-2 text-sm font-semibold text-ink-800">{accessEndedText(purchase.accessUntil, locale)}</p>
          )}
        </div>
      </div>

      <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">
        {held ? (
          <>
            <DownloadButton
              item={{
                title: purchase.contentTitle,
                media: purchase.downloadUrl === null ? null : { downloadUrl: purchase.downloadUrl },
              }}
              variant="dark"
              size="sm"
              className="flex-1 sm:flex-none"
              aria-describedby={titleId}
            />
            <Link
              to={contentPath}
              aria-describedby={titleId}
              className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1 sm:flex-none' })}
            >
              {t('creatorPage.open')}
              <ArrowUpRight aria-hidden="true" className="size-4" />
            </Link>
          </>
        ) : priceNowPaise === null ? (
          <p className="text-sm text-ink-muted">{t('purchases.noLongerOnSale')}</p>
        ) : (
          <Button
            variant="primary"
            size="sm"
            className="w-full sm:w-auto"
            aria-describedby={titleId}
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => {
              unlock({
                id: purchase.contentId,
                title: purchase.contentTitle,
                pricePaise: priceNowPaise,
                isAdultContent: purchase.isAdultContent,
                creatorId: purchase.creatorId,
                creatorName: purchase.creatorName,
              });
            }}
          >
            <Lock aria-hidden="true" className="size-4" />
            {t('creatorPage.unlockAgainFor', { price: formatPaise(priceNowPaise, locale) })}
          </Button>
        )}
        <ReportButton
          subject={{
            type: 'content',
            contentId: purchase.contentId,
            title: purchase.contentTitle,
            creatorId: purchase.creatorId,
          }}
          className="ml-auto"
        />
      </div>
    </article>
  );
}
