import {
  formatDateTime,
  formatPaise,
  translate,
  UNLOCK_WINDOW_DAYS,
  type MessageKey,
  type Purchase,
} from '@kholo/contracts';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.tsx';
import { Wordmark } from '../../components/ui/logo.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { useT } from '../../lib/i18n/index.ts';
import { useMe } from '../accounts/index.ts';
import { usePurchases } from './api/get-purchases.ts';
import { hasReceipt, paymentMethodLabel, PURCHASE_BADGE, refundReasonText } from './components/purchase-wording.ts';

export const RECEIPT_NOT_FOUND = translate('en', 'purchases.receipt.notFound');

const page = 'mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0';

const REFUND_STATUS_TEXT: Record<NonNullable<Purchase['refund']>['status'], MessageKey> = {
  PENDING: 'purchases.receipt.onItsWay',
  PROCESSING: 'purchases.receipt.onItsWay',
  SUCCESS: 'purchases.receipt.sent',
  FAILED: 'purchases.receipt.onItsWay',
};

function BackLink() {
  const { t } = useT();
  return (
    <Link
      to="/purchases"
      className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-ink-800 hover:text-ink-950 print:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('purchases.heading')}
    </Link>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink-950">{children}</dd>
    </div>
  );
}

function Receipt({ purchase }: { purchase: Purchase }) {
  const { t, locale } = useT();
  const { supportEmail } = getPublicConfig();
  const badge = PURCHASE_BADGE[purchase.status];
  const { refund } = purchase;
  return (
    <article
      aria-labelledby="receipt-title"
      className="mt-5 rounded-3xl bg-white p-5 shadow-card ring-1 ring-ink-950/5 sm:p-8 print:mt-0 print:shadow-none print:ring-0"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <Wordmark />
        <div className="sm:text-right">
          <h1 id="receipt-title" className="text-2xl font-extrabold tracking-tight text-ink-950">
            {t('purchases.receipt')}
          </h1>
          <p className="text-sm text-ink-muted">Kholo · {supportEmail}</p>
        </div>
      </div>
      <p className="mt-6 text-3xl font-extrabold tracking-tight text-ink-950 tabular-nums">
        {formatPaise(purchase.amountPaise, locale)}
      </p>
      <p className="mt-1 text-ink-muted">
        {t('purchases.receipt.paidFor', {
          days: UNLOCK_WINDOW_DAYS,
          title: purchase.contentTitle,
          name: purchase.creatorName,
        })}
      </p>
      <dl className="mt-5 divide-y divide-ink-950/8 border-y border-ink-950/8">
        <Row label={t('purchases.receipt.orderId')}>
          <span className="font-mono text-sm break-all">{purchase.orderId}</span>
        </Row>
        <Row label={t('purchases.receipt.date')}>{formatDateTime(purchase.paidAt ?? purchase.createdAt, locale)}</Row>
        <Row label={t('purchases.receipt.item')}>{purchase.contentTitle}</Row>
        <Row label={t('purchases.receipt.creator')}>
          {purchase.creatorName} (@{purchase.creatorHandle})
        </Row>
        <Row label={t('purchases.receipt.amountPaid')}>{formatPaise(purchase.amountPaise, locale)}</Row>
        {/* Known once the provider has said; a receipt leaves out what it cannot state. */}
        {purchase.paymentMethod === null ? null : (
          <Row label={t('purchases.receipt.paymentMethod')}>{paymentMethodLabel(purchase.paymentMethod, locale)}</Row>
        )}
        {purchase.providerPaymentId === null ? null : (
          <Row label={t('purchases.receipt.paymentId')}>
            <span className="font-mono text-sm break-all">{purchase.providerPaymentId}</span>
          </Row>
        )}
        <Row label={t('purchases.receipt.status')}>
          <StatusBadge tone={badge.tone} label={t(badge.label)} />
        </Row>
        {refund === null ? null : (
          <>
            <Row label={t('purchases.receipt.refund')}>
              {formatPaise(refund.amountPaise, locale)} · {t(REFUND_STATUS_TEXT[refund.status])}
              {refund.finishedAt === null ? null : `, ${formatDateTime(refund.finishedAt, locale)}`}
            </Row>
            <Row label={t('purchases.receipt.refundReason')}>{refundReasonText(refund.reason, locale)}</Row>
            {refund.arn === null ? null : (
              <Row label={t('purchases.receipt.bankReference')}>
                <span className="font-mono text-sm">{refund.arn}</span>
              </Row>
            )}
          </>
        )}
      </dl>
      <p className="mt-5 text-sm leading-6 text-ink-muted">{t('purchases.receipt.footer', { email: supportEmail })}</p>
    </article>
  );
}

/** `/purchases/:orderId/receipt`: one paid order's receipt, laid out to print on its own. */
export function ReceiptPage() {
  const { t } = useT();
  const { orderId = '' } = useParams();
  const me = useMe();
  const signedIn = Boolean(me.data?.account);
  const purchases = usePurchases({ enabled: signedIn });
  const purchase = purchases.data?.items.find((item) => item.orderId === orderId);

  let body: ReactNode;
  let shown = false;
  if ((!me.isPending && !signedIn) || (purchases.error instanceof ApiError && purchases.error.status === 401)) {
    body = <p className="mt-6 leading-7 text-ink-muted">{t('purchases.receipt.logIn')}</p>;
  } else if (me.isPending || purchases.isPending) {
    body = (
      <div
        role="status"
        className="mt-5 h-96 rounded-3xl bg-white shadow-card ring-1 ring-ink-950/5 motion-safe:animate-pulse"
      >
        <span className="sr-only">{t('purchases.receipt.loading')}</span>
      </div>
    );
  } else if (purchases.data === undefined) {
    body = (
      <LoadFailedAlert
        title={t('purchases.receipt.failed')}
        error={purchases.error}
        retrying={purchases.isFetching}
        onRetry={() => {
          void purchases.refetch();
        }}
      />
    );
  } else if (purchase === undefined || !hasReceipt(purchase)) {
    body = <p className="mt-6 leading-7 text-ink-muted">{t('purchases.receipt.notFound')}</p>;
  } else {
    shown = true;
    body = (
      <>
        <Receipt purchase={purchase} />
        <div className="mt-5 flex flex-col gap-3 sm:flex-row print:hidden">
          <Button
            variant="dark"
            onClick={() => {
              window.print();
            }}
          >
            <Printer aria-hidden="true" className="size-4" />
            {t('purchases.receipt.print')}
          </Button>
          <Link to="/purchases" className={buttonClasses({ variant: 'outline' })}>
            {t('purchases.receipt.back')}
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className={page}>
      <title>{`${t('purchases.receipt.title', { orderId })} · Kholo`}</title>
      <BackLink />
      {shown ? null : (
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-ink-950">{t('purchases.receipt')}</h1>
      )}
      {body}
    </div>
  );
}
