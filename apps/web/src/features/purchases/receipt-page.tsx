import { formatDateTime, formatPaise, REFUND_REASON_TEXT, UNLOCK_WINDOW_DAYS, type Purchase } from '@kholo/contracts';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.tsx';
import { Wordmark } from '../../components/ui/logo.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { useMe } from '../accounts/index.ts';
import { usePurchases } from './api/get-purchases.ts';
import { hasReceipt, paymentMethodLabel, PURCHASE_BADGE } from './components/purchase-wording.ts';

export const RECEIPT_NOT_FOUND = 'We couldn’t find a receipt for this order.';

const page = 'mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0';

const REFUND_STATUS_TEXT: Record<NonNullable<Purchase['refund']>['status'], string> = {
  PENDING: 'On its way',
  PROCESSING: 'On its way',
  SUCCESS: 'Sent',
  FAILED: 'On its way',
};

function BackLink() {
  return (
    <Link
      to="/purchases"
      className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-ink-800 hover:text-ink-950 print:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      My purchases
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
            Receipt
          </h1>
          <p className="text-sm text-ink-muted">Kholo · {supportEmail}</p>
        </div>
      </div>
      <p className="mt-6 text-3xl font-extrabold tracking-tight text-ink-950 tabular-nums">
        {formatPaise(purchase.amountPaise)}
      </p>
      <p className="mt-1 text-ink-muted">
        Paid for {UNLOCK_WINDOW_DAYS} days’ access to “{purchase.contentTitle}” by {purchase.creatorName}.
      </p>
      <dl className="mt-5 divide-y divide-ink-950/8 border-y border-ink-950/8">
        <Row label="Order id">
          <span className="font-mono text-sm break-all">{purchase.orderId}</span>
        </Row>
        <Row label="Date">{formatDateTime(purchase.paidAt ?? purchase.createdAt)}</Row>
        <Row label="Item">{purchase.contentTitle}</Row>
        <Row label="Creator">
          {purchase.creatorName} (@{purchase.creatorHandle})
        </Row>
        <Row label="Amount paid">{formatPaise(purchase.amountPaise)}</Row>
        {/* Known once the provider has said; a receipt leaves out what it cannot state. */}
        {purchase.paymentMethod === null ? null : (
          <Row label="Payment method">{paymentMethodLabel(purchase.paymentMethod)}</Row>
        )}
        {purchase.providerPaymentId === null ? null : (
          <Row label="Payment id">
            <span className="font-mono text-sm break-all">{purchase.providerPaymentId}</span>
          </Row>
        )}
        <Row label="Status">
          <StatusBadge tone={badge.tone} label={badge.label} />
        </Row>
        {refund === null ? null : (
          <>
            <Row label="Refund">
              {formatPaise(refund.amountPaise)} · {REFUND_STATUS_TEXT[refund.status]}
              {refund.finishedAt === null ? null : `, ${formatDateTime(refund.finishedAt)}`}
            </Row>
            <Row label="Refund reason">{REFUND_REASON_TEXT[refund.reason]}</Row>
            {refund.arn === null ? null : (
              <Row label="Bank reference (ARN)">
                <span className="font-mono text-sm">{refund.arn}</span>
              </Row>
            )}
          </>
        )}
      </dl>
      <p className="mt-5 text-sm leading-6 text-ink-muted">
        Kholo sells digital access only; nothing is shipped. Questions about this payment? Write to {supportEmail} with
        the order id.
      </p>
    </article>
  );
}

/** `/purchases/:orderId/receipt`: one paid order's receipt, laid out to print on its own. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const me = useMe();
  const signedIn = Boolean(me.data?.account);
  const purchases = usePurchases({ enabled: signedIn });
  const purchase = purchases.data?.items.find((item) => item.orderId === orderId);

  let body: ReactNode;
  let shown = false;
  if ((!me.isPending && !signedIn) || (purchases.error instanceof ApiError && purchases.error.status === 401)) {
    body = (
      <p className="mt-6 leading-7 text-ink-muted">Log in with the fan account you paid with to see this receipt.</p>
    );
  } else if (me.isPending || purchases.isPending) {
    body = (
      <div
        role="status"
        className="mt-5 h-96 rounded-3xl bg-white shadow-card ring-1 ring-ink-950/5 motion-safe:animate-pulse"
      >
        <span className="sr-only">Loading the receipt…</span>
      </div>
    );
  } else if (purchases.data === undefined) {
    body = (
      <LoadFailedAlert
        title="We couldn’t load this receipt."
        error={purchases.error}
        retrying={purchases.isFetching}
        onRetry={() => {
          void purchases.refetch();
        }}
      />
    );
  } else if (purchase === undefined || !hasReceipt(purchase)) {
    body = <p className="mt-6 leading-7 text-ink-muted">{RECEIPT_NOT_FOUND}</p>;
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
            Print or save as PDF
          </Button>
          <Link to="/purchases" className={buttonClasses({ variant: 'outline' })}>
            Back to my purchases
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className={page}>
      <title>{`Receipt ${orderId} · Kholo`}</title>
      <BackLink />
      {shown ? null : <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-ink-950">Receipt</h1>}
      {body}
    </div>
  );
}
