import {
  type ContentProcessing,
  formatDate,
  formatDateTime,
  formatPaise,
  LOCALE_TAGS,
  type Locale,
  type MessageKey,
  REPORT_REASON_TEXT,
  translate,
  type StudioContent,
  type StudioTakedown,
} from '@kholo/contracts';
import { AlertTriangle, Clock, EyeOff, ImagePlus, Loader2, Pencil, Play, RotateCw, Scale, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useStudioContents } from '../api/get-studio-contents.ts';
import { DeleteContentDialog } from './delete-content-dialog.tsx';
import { EditContentDialog } from './edit-content-dialog.tsx';
import { ItemShare } from './item-share.tsx';
import { reviewRequestedText, ReviewRequestDialog } from './review-request-dialog.tsx';

export const LIST_FAILED_MESSAGE = translate('en', 'dashboardContent.listFailed');
export const REFRESH_FAILED_MESSAGE = translate('en', 'dashboardContent.refreshFailed');
export const HIDDEN_BADGE = translate('en', 'dashboardContent.hiddenBadge');
export const UNDER_REVIEW_BADGE = translate('en', 'dashboardContent.underReviewBadge');

/** A phone video being converted to MP4 (ADR 010): "Processing 40%". */
export function processingText(progress: number, locale: Locale = 'en'): string {
  return translate(locale, 'dashboardContent.processing', { progress });
}

/** A conversion that failed: the server's reason, then what to do. */
export function processingFailedText(reason: string, locale: Locale = 'en'): string {
  return translate(locale, 'dashboardContent.processingFailed', { reason });
}

/** What a creator is told of her item held pending review, with when Kholo will have decided. */
export function underReviewText(takedown: Pick<StudioTakedown, 'decideBy'>, locale: Locale = 'en'): string {
  const held = translate(locale, 'dashboardContent.underReview');
  if (takedown.decideBy === null) return held;
  return `${held} ${translate(locale, 'dashboardContent.decideBy', { when: formatDateTime(takedown.decideBy, locale) })}`;
}

/** "1 item", "3 items": the number in the locale's digits, the word by the count. */
function plural(locale: Locale, count: number, one: MessageKey, many: MessageKey): string {
  return translate(locale, count === 1 ? one : many, { count: count.toLocaleString(LOCALE_TAGS[locale]) });
}

/** The Content tab (SPEC §2): the creator's items, newest first, with a Refresh button. */
export function ContentList({ onUpload }: { onUpload: () => void }) {
  const { t, tm, locale } = useT();
  const contents = useStudioContents();
  const [editing, setEditing] = useState<StudioContent | null>(null);
  const [deleting, setDeleting] = useState<StudioContent | null>(null);
  const [reviewing, setReviewing] = useState<StudioContent | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const uploadRef = useRef<HTMLButtonElement>(null);

  // SPEC §8: a listing failure yields an empty list (with a way to try again here).
  const items = [...(contents.data?.items ?? [])].sort((a, b) => b.createdAt - a.createdAt);
  const failed = contents.isError && !contents.data;
  const refreshing = contents.isFetching;

  const refresh = async () => {
    if (refreshing) return;
    const result = await contents.refetch();
    // A failed first load already shows its notice; a failed refresh keeps the list it had.
    if (result.isError && result.data) {
      toast.error(t('dashboardContent.refreshFailed'), {
        description: tm(result.error instanceof ApiError ? result.error.message : UNEXPECTED_ERROR_MESSAGE),
      });
    }
  };

  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm font-medium text-ink-muted">
          {contents.isPending || failed
            ? ''
            : plural(locale, items.length, 'dashboardContent.itemsOne', 'dashboardContent.itemsOther')}
        </p>
        <Button
          variant="outline"
          size="sm"
          aria-disabled={refreshing}
          onClick={() => {
            void refresh();
          }}
        >
          <RotateCw aria-hidden="true" className={refreshing ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
          {t(refreshing ? 'dashboardContent.refreshing' : 'dashboardContent.refresh')}
        </Button>
      </div>

      {failed ? (
        <LoadFailedAlert
          title={t('dashboardContent.listFailed')}
          error={contents.error}
          retrying={refreshing}
          onRetry={() => {
            void refresh();
          }}
        />
      ) : null}

      {contents.isPending ? (
        <ContentListSkeleton />
      ) : items.length > 0 ? (
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={t('dashboardContent.yourContent')}
          className="mt-4 grid gap-3 rounded-2xl outline-offset-4 xl:grid-cols-2"
        >
          {items.map((item) => (
            <ContentRow
              key={item.id}
              item={item}
              onEdit={setEditing}
              onDelete={setDeleting}
              onAskForReview={setReviewing}
            />
          ))}
        </ul>
      ) : failed ? null : (
        <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-ink-200 px-5 py-10 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
            <ImagePlus aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-lg font-bold text-ink-950">{t('dashboardContent.emptyTitle')}</p>
          <p className="mt-1 max-w-sm leading-7 text-ink-muted">{t('dashboardContent.emptyBody')}</p>
          <Button ref={uploadRef} variant="primary" className="mt-5" onClick={onUpload}>
            {t('dashboardContent.uploadFirst')}
          </Button>
        </div>
      )}

      {editing ? (
        <EditContentDialog
          item={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
      {reviewing ? (
        <ReviewRequestDialog
          item={reviewing}
          onClose={() => {
            setReviewing(null);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteContentDialog
          item={deleting}
          onClose={(deleted) => {
            setDeleting(null);
            // The Delete button that opened the dialog is gone: keep focus near where it was.
            if (deleted) {
              requestAnimationFrame(() => {
                (listRef.current ?? uploadRef.current)?.focus();
              });
            }
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * An item out of view after a report (issue 24): held while Kholo looks, or removed with the
 * reason, "Ask for a review" while she may, and where her review request stands.
 */
function TakedownNotice({
  item,
  takedown,
  onAskForReview,
}: {
  item: StudioContent;
  takedown: StudioTakedown;
  onAskForReview: (item: StudioContent) => void;
}) {
  const { t, tm, locale } = useT();
  if (takedown.state === 'under_review') {
    const held = takedown.reportReason;
    return (
      <div className="mt-3 rounded-xl bg-marigold-50 px-3.5 py-2.5 text-sm leading-6 break-words text-ink-950 ring-1 ring-marigold-200">
        <p className="font-semibold">{underReviewText(takedown, locale)}</p>
        <p className="text-ink-muted">
          {held === null
            ? tm(takedown.reason)
            : t('dashboardContent.reportedAs', { reason: tm(REPORT_REASON_TEXT[held]) })}{' '}
          {t('dashboardContent.onlyYouUntilThen')}
        </p>
      </div>
    );
  }
  const review = takedown.reviewRequest;
  return (
    <div className="mt-3 rounded-xl bg-red-50 px-3.5 py-2.5 text-sm leading-6 break-words text-red-800 ring-1 ring-red-200">
      <p className="font-semibold">{t('dashboardContent.removed', { reason: tm(takedown.reason) })}</p>
      <p>{t('dashboardContent.offYourPage')}</p>
      {review === null ? null : review.status === 'open' ? (
        <p className="mt-1 font-semibold text-ink-950">
          {reviewRequestedText(review.ticket, locale)}. {t('dashboardContent.review.outcome')}
        </p>
      ) : review.status === 'kept' ? (
        <p className="mt-1 text-ink-950">{t('dashboardContent.reviewKept', { ticket: review.ticket })}</p>
      ) : null}
      {takedown.canAskForReview ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          aria-label={t('dashboardContent.askForReviewOf', { title: item.title })}
          onClick={() => {
            onAskForReview(item);
          }}
        >
          <Scale aria-hidden="true" className="size-4" />
          {t('dashboardContent.askForReview')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A phone video being made playable on every phone (MOV, HEVC → MP4): its progress, polled while
 * it runs, and that it goes on sale by itself; or why it failed and what to do.
 */
function ProcessingNotice({ processing }: { processing: ContentProcessing }) {
  const { t, tm, locale } = useT();
  if (processing.state === 'failed') {
    return (
      <p className="mt-3 flex gap-2 rounded-xl bg-red-50 px-3.5 py-2.5 text-sm leading-6 break-words text-red-800 ring-1 ring-red-200">
        <AlertTriangle aria-hidden="true" className="mt-1 size-4 shrink-0" />
        <span>
          <span className="font-semibold">{processingFailedText(tm(processing.reason), locale)}</span>{' '}
          {t('dashboardContent.fansCannotSee')}
        </span>
      </p>
    );
  }
  return (
    <div className="mt-3 rounded-xl bg-marigold-50 px-3.5 py-2.5 text-sm leading-6 text-ink-950 ring-1 ring-marigold-200">
      <p className="flex items-center gap-2 font-semibold">
        <Loader2 aria-hidden="true" className="size-4 shrink-0 motion-safe:animate-spin" />
        {processingText(processing.progress, locale)}
      </p>
      <div
        role="progressbar"
        aria-label={t('dashboardContent.videoProcessing')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={processing.progress}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-marigold-200"
      >
        <div
          className={`h-full rounded-full bg-marigold-600 transition-[width] ${progressWidth(processing.progress)}`}
        />
      </div>
      <p className="mt-1.5 text-ink-muted">{t('dashboardContent.makingPlayable')}</p>
    </div>
  );
}

/** The bar's width in steps of 5 % as classes (CSP forbids inline styles in rendered pages). */
function progressWidth(progress: number): string {
  const WIDTHS = [
    'w-0',
    'w-[5%]',
    'w-[10%]',
    'w-[15%]',
    'w-[20%]',
    'w-[25%]',
    'w-[30%]',
    'w-[35%]',
    'w-[40%]',
    'w-[45%]',
    'w-[50%]',
    'w-[55%]',
    'w-[60%]',
    'w-[65%]',
    'w-[70%]',
    'w-[75%]',
    'w-[80%]',
    'w-[85%]',
    'w-[90%]',
    'w-[95%]',
    'w-full',
  ];
  return WIDTHS[Math.max(0, Math.min(20, Math.floor(progress / 5)))] ?? 'w-0';
}

function ContentRow({
  item,
  onEdit,
  onDelete,
  onAskForReview,
}: {
  item: StudioContent;
  onEdit: (item: StudioContent) => void;
  onDelete: (item: StudioContent) => void;
  onAskForReview: (item: StudioContent) => void;
}) {
  const { t, tm, locale } = useT();
  const { takedown } = item;
  const isVideo = item.mediaKind === 'video';
  // The owner sees the real picture; a video shows its (blurred) poster rather than loading the file.
  const thumbnail = isVideo ? item.previewUrl : item.media.url;
  return (
    <li className="flex flex-col rounded-2xl bg-white p-3 ring-1 ring-ink-950/8 sm:p-4">
      <div className="flex gap-3 sm:gap-4">
        <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-ink-100 sm:size-28">
          <img src={thumbnail} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
          {item.isAdultContent ? (
            <span
              title={t('dashboardContent.mature')}
              className="absolute top-1.5 left-1.5 rounded-full bg-ink-950 px-2 py-0.5 text-xs font-bold text-marigold-300"
            >
              18+
            </span>
          ) : null}
          {isVideo ? (
            <span className="absolute bottom-1.5 left-1.5 inline-flex items-center gap-1 rounded-full bg-ink-950/80 px-2 py-0.5 text-xs font-semibold text-white">
              <Play aria-hidden="true" className="size-3 fill-current" />
              {t('dashboardContent.video')}
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="font-bold break-words text-ink-950">{item.title}</h3>
          {takedown?.state === 'under_review' ? (
            <p className="mt-1">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-marigold-100 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-marigold-800">
                <Clock aria-hidden="true" className="size-3.5" />
                {t('dashboardContent.underReviewBadge')}
              </span>
            </p>
          ) : item.hiddenReason !== null || takedown !== null ? (
            <p className="mt-1">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-red-800">
                <EyeOff aria-hidden="true" className="size-3.5" />
                {t('dashboardContent.hiddenBadge')}
              </span>
            </p>
          ) : null}
          <p className="mt-0.5 text-lg font-extrabold tracking-tight text-ink-950">
            <span className="sr-only">{t('dashboardContent.price')}</span>
            {formatPaise(item.pricePaise, locale)}
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-ink-muted">
            <li>{plural(locale, item.unlocks, 'dashboardContent.unlocksOne', 'dashboardContent.unlocksOther')}</li>
            <li>{t('dashboardContent.earned', { amount: formatPaise(item.earningsPaise, locale) })}</li>
            <li>
              <time dateTime={new Date(item.createdAt).toISOString()}>{formatDate(item.createdAt, locale)}</time>
            </li>
          </ul>
        </div>
      </div>
      {item.processing !== null ? <ProcessingNotice processing={item.processing} /> : null}
      {takedown !== null ? (
        <TakedownNotice item={item} takedown={takedown} onAskForReview={onAskForReview} />
      ) : item.hiddenReason !== null ? (
        <p className="mt-3 rounded-xl bg-red-50 px-3.5 py-2.5 text-sm leading-6 break-words text-red-800 ring-1 ring-red-200">
          {t('dashboardContent.hiddenReason', { reason: tm(item.hiddenReason) })}
        </p>
      ) : null}
      <ItemShare item={item} />
      <div className="mt-3 flex gap-2 border-t border-ink-950/8 pt-3">
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          aria-label={t('dashboardContent.editItem', { title: item.title })}
          onClick={() => {
            onEdit(item);
          }}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('dashboardContent.edit')}
        </Button>
        <Button
          variant="danger-ghost"
          size="sm"
          className="flex-1 sm:flex-none"
          aria-label={t('dashboardContent.deleteItem', { title: item.title })}
          onClick={() => {
            onDelete(item);
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('dashboardContent.delete')}
        </Button>
      </div>
    </li>
  );
}

function ContentListSkeleton() {
  const { t } = useT();
  return (
    <div role="status" className="mt-4 grid gap-3 xl:grid-cols-2">
      <span className="sr-only">{t('dashboardContent.loading')}</span>
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex gap-4 rounded-2xl p-4 ring-1 ring-ink-950/8">
          <div className="size-20 shrink-0 rounded-xl bg-ink-100 sm:size-28 motion-safe:animate-pulse" />
          <div className="flex-1 space-y-2.5 pt-1">
            <div className="h-4 w-2/3 rounded-full bg-ink-100 motion-safe:animate-pulse" />
            <div className="h-5 w-16 rounded-full bg-ink-100 motion-safe:animate-pulse" />
            <div className="h-3.5 w-1/2 rounded-full bg-ink-100 motion-safe:animate-pulse" />
          </div>
        </div>
      ))}
    </div>
  );
}
