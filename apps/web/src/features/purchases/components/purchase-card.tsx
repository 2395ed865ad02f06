import { formatDateTime, formatPaise, type Purchase } from '@kholo/contracts';
import { LifeBuoy, ReceiptText } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import {
  accessUntilText,
  endedText,
  hasReceipt,
  NOT_CHARGED,
  PURCHASE_BADGE,
  refundedText,
  refundOnItsWayText,
  refundReasonText,
  reportText,
} from './purchase-wording.ts';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

const inlineLink =
  'font-semibold text-ink-950 underline decoration-ink-200 decoration-2 underline-offset-4 hover:decoration-ink-600';

/** The status in words: until when she has it, why it ended, where her money is. */
function StatusText({ purchase }: { purchase: Purchase }) {
  const { t, locale } = useT();
  const { status, refund } = purchase;
  const contentPath = `/content/${encodeURIComponent(purchase.contentId)}`;
  switch (status) {
    case 'paid':
      return purchase.accessUntil === null ? null : (
        <p className="font-semibold text-emerald-800">{accessUntilText(purchase.accessUntil, locale)}</p>
      );
    case 'expired':
      if (purchase.accessUntil === null) return null;
      return (
        <p>
          {endedText(purchase.accessUntil, locale)}
          {purchase.priceNowPaise === null ? null : (
            <>
              {' — '}
              <Link to={contentPath} className={inlineLink}>
                {t('purchases.unlockAgainFor', { price: formatPaise(purchase.priceNowPaise, locale) })}
              </Link>
            </>
          )}
        </p>
      );
    case 'refunding':
      return (
        <p className="font-semibold text-marigold-800">
          {refundOnItsWayText(
            refund?.amountPaise ?? purchase.amountPaise,
            refund?.paymentMethod ?? purchase.paymentMethod,
            locale,
          )}
        </p>
      );
    case 'refunded':
      return refund === null ? (
        <p className="font-semibold text-ink-950">{t('purchases.badge.refunded')}</p>
      ) : (
        <p className="font-semibold text-ink-950">
          {refundedText(refund.amountPaise, refund.finishedAt ?? refund.createdAt, locale)}
        </p>
      );
    case 'disputed':
      return <p className="text-red-800">{t('purchases.disputed')}</p>;
    case 'failed':
    case 'cancelled':
      return <p>{t(NOT_CHARGED[status])}</p>;
  }
}

/** Why the money went back, Kholo's words when it gave some, and the bank's reference once it has one. */
function RefundDetails({ refund }: { refund: NonNullable<Purchase['refund']> }) {
  const { t, locale } = useT();
  return (
    <ul className="mt-1 space-y-0.5">
      <li>{refundReasonText(refund.reason, locale)}</li>
      {/* The server sends Kholo's words (the admin's reason, why an item was taken down), never a creator's. */}
      {refund.note === null ? null : (
        <li className="break-words">{t('purchases.kholoReason', { note: refund.note })}</li>
      )}
      {refund.arn === null ? null : (
        <li className="break-words">{t('purchases.bankReference', { arn: refund.arn })}</li>
      )}
    </ul>
  );
}

function ReportBox({
  report,
  ref,
}: {
  report: NonNullable<Purchase['report']>;
  ref: RefObject<HTMLDivElement | null>;
}) {
  const { locale } = useT();
  const { title, detail } = reportText(report, locale);
  const open = report.status === 'OPEN';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={cn(
        'outline-none',
        'mt-3 flex items-start gap-2.5 rounded-2xl px-3.5 py-3 text-sm',
        open ? 'bg-marigold-50 text-ink-800 ring-1 ring-marigold-200' : 'bg-ink-50 text-ink-800',
      )}
    >
      <LifeBuoy
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0', open ? 'text-marigold-800' : 'text-ink-600')}
      />
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink-950">{title}</p>
        <p className="break-words">{detail}</p>
      </div>
    </div>
  );
}

function Meta({ children }: { children: ReactNode }) {
  return <span className="text-sm text-ink-muted">{children}</span>;
}

/** One order on /purchases: what, from whom, how much, when, where it stands, and what she can do. */
export function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const { t, tRich, locale } = useT();
  const [reporting, setReporting] = useState(false);
  const reportRef = useRef<HTMLDivElement>(null);
  const reportButtonRef = useRef<HTMLButtonElement>(null);
  const badge = PURCHASE_BADGE[purchase.status];
  const paid = purchase.paidAt !== null;
  const receipt = hasReceipt(purchase);

  return (
    <>
      <article
        aria-labelledby={`purchase-${purchase.orderId}`}
        className="rounded-3xl bg-white p-4 shadow-card ring-1 ring-ink-950/5 sm:p-6"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id={`purchase-${purchase.orderId}`}
              className="text-lg font-bold tracking-tight break-words text-ink-950"
            >
              <Link
                to={`/content/${encodeURIComponent(purchase.contentId)}`}
                className="rounded hover:underline hover:decoration-2 hover:underline-offset-4"
              >
                {purchase.contentTitle}
              </Link>
            </h2>
            <p className="text-sm break-words text-ink-muted">
              {tRich('purchases.by', {
                name: (
                  <Link to={`/u/${encodeURIComponent(purchase.creatorHandle)}`} className={inlineLink}>
                    {purchase.creatorName}
                  </Link>
                ),
              })}
            </p>
          </div>
          <p className="shrink-0 text-lg font-extrabold whitespace-nowrap text-ink-950 tabular-nums">
            {formatPaise(purchase.amountPaise, locale)}
          </p>
        </div>

        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <StatusBadge tone={badge.tone} label={t(badge.label)} srPrefix={t('purchases.statusPrefix')} />
          <Meta>
            {tRich(paid ? 'purchases.paidAt' : 'purchases.triedAt', {
              date: (
                <time dateTime={new Date(purchase.paidAt ?? purchase.createdAt).toISOString()}>
                  {formatDateTime(purchase.paidAt ?? purchase.createdAt, locale)}
                </time>
              ),
            })}
          </Meta>
        </div>

        <div className="mt-2 text-[0.9375rem] leading-7 break-words text-ink-muted">
          <StatusText purchase={purchase} />
          {purchase.refund !== null && (purchase.status === 'refunded' || purchase.status === 'refunding') ? (
            <div className="text-sm leading-6">
              <RefundDetails refund={purchase.refund} />
            </div>
          ) : null}
        </div>

        {purchase.report === null ? null : <ReportBox ref={reportRef} report={purchase.report} />}

        {receipt || purchase.canReport ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-ink-950/5 pt-4">
            {receipt ? (
              <Link
                to={`/purchases/${encodeURIComponent(purchase.orderId)}/receipt`}
                aria-label={t('purchases.receiptFor', { title: purchase.contentTitle })}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                <ReceiptText aria-hidden="true" className="size-4" />
                {t('purchases.receipt')}
              </Link>
            ) : null}
            {purchase.canReport ? (
              <Button
                ref={reportButtonRef}
                variant="ghost"
                size="sm"
                aria-label={t('purchases.reportProblemWith', { title: purchase.contentTitle })}
                onClick={() => {
                  setReporting(true);
                }}
              >
                <LifeBuoy aria-hidden="true" className="size-4" />
                {t('purchases.reportProblem')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
      {/* Beside the card, not in it: the dialog's words are not the order's. */}
      {reporting ? (
        <ReportProblemDialog
          purchase={purchase}
          onClose={() => {
            setReporting(false);
            // Sent, the button has gone (she can report once): focus lands on the ticket instead of the page's top.
            requestAnimationFrame(() => {
              if (!reportButtonRef.current?.isConnected) reportRef.current?.focus();
            });
          }}
        />
      ) : null}
    </>
  );
}
