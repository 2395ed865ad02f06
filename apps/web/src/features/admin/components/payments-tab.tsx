import {
  ADMIN_LIST_LIMIT,
  formatDateTime,
  formatPaise,
  type AdminPayment,
  type AdminProblemReport,
} from '@kholo/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useCloseProblemReport } from '../api/close-problem-report.ts';
import { useAdminPayments } from '../api/get-admin-payments.ts';
import { useProblemReports } from '../api/get-problem-reports.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { useRetryRefund } from '../api/retry-refund.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, DoneNotice, ReasonDialog } from './admin-dialogs.tsx';
import { paiseOrNone, paymentStatus, type AdminWords } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import {
  DateTime,
  disputeFact,
  FactLines,
  factsText,
  refundFact,
  ticketFact,
  type CellFact,
} from './money-back-format.tsx';
import { ProblemReportsSection, ticketRefundReason } from './problem-reports-section.tsx';
import { RefundDialog, type RefundTarget } from './refund-dialog.tsx';

/** The order's status, then what came back to the fan, her ticket and her bank's dispute, one to a line. */
function statusFacts(
  payment: AdminPayment,
  reports: ReadonlyMap<string, AdminProblemReport>,
  words: AdminWords,
): CellFact[] {
  const facts: CellFact[] = [{ label: paymentStatus(payment, words) }];
  if (payment.refund !== null) facts.push(refundFact(payment.refund, words));
  if (payment.ticket !== null) facts.push(ticketFact(payment.ticket, reports.get(payment.ticket.id), words));
  if (payment.dispute !== null) facts.push(disputeFact(payment.dispute, words));
  return facts;
}

function columns(
  reports: ReadonlyMap<string, AdminProblemReport>,
  words: AdminWords,
): ReadonlyArray<AdminColumn<AdminPayment>> {
  const { t, locale } = words;
  return [
    // The date wraps before its time, and the status sits beside the amount: with the actions the
    // table is wider than 1280 px, and what scrolls out of sight is the split, not where the money is.
    {
      header: t('adminPayments.created'),
      value: (p) => formatDateTime(p.createdAt, locale),
      render: (p) => <DateTime at={p.createdAt} />,
    },
    { header: t('adminPayments.orderId'), value: (p) => p.id },
    { header: t('adminPayments.fan'), value: (p) => p.fanEmail },
    {
      header: t('adminPayments.item'),
      value: (p) => p.contentTitle,
      href: (p) => `/content/${encodeURIComponent(p.contentId)}`,
    },
    {
      header: t('adminPayments.creator'),
      value: (p) => `@${p.creatorHandle}`,
      href: (p) => `/u/${encodeURIComponent(p.creatorHandle)}`,
    },
    { header: t('adminPayments.amount'), value: (p) => formatPaise(p.amountPaise, locale), numeric: true },
    {
      header: t('adminPayments.status'),
      value: (p) => factsText(statusFacts(p, reports, words)),
      render: (p, text) => <FactLines facts={statusFacts(p, reports, words)} text={text} />,
    },
    { header: t('adminPayments.fee'), value: (p) => paiseOrNone(p.feePaise, locale), numeric: true },
    { header: t('adminPayments.creatorShare'), value: (p) => paiseOrNone(p.creditPaise, locale), numeric: true },
  ];
}

type Pending =
  | { kind: 'refund'; target: RefundTarget }
  | { kind: 'retry'; payment: AdminPayment; refundId: string }
  | { kind: 'answer'; ticket: string; fanEmail: string }
  | null;

function targetOf(payment: AdminPayment, report: AdminProblemReport | undefined): RefundTarget {
  const target: RefundTarget = {
    orderId: payment.id,
    amountPaise: payment.amountPaise,
    fanEmail: payment.fanEmail,
    contentTitle: payment.contentTitle,
    creatorHandle: payment.creatorHandle,
  };
  return report === undefined ? target : { ...target, defaultReason: ticketRefundReason(report) };
}

/**
 * SPEC §7: payments by createdAt, newest first, at most 100, with each sale's split; and money
 * back (issue 22): fans' open tickets first, then per order its refund, ticket and dispute, with
 * Refund, Retry and Answer.
 */
export function PaymentsTab() {
  const words = useT();
  const { t, locale } = words;
  const money = (paise: number) => formatPaise(paise, locale);
  const payments = useAdminPayments();
  const reports = useProblemReports();
  const refund = useRefundPayment();
  const retry = useRetryRefund();
  const answer = useCloseProblemReport();
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reportsByTicket = new Map((reports.data?.items ?? []).map((report) => [report.ticket, report] as const));
  const closeDialog = () => {
    setPending(null);
  };
  const open = (next: NonNullable<Pending>) => {
    setNotice(null);
    setPending(next);
  };

  const actions = (payment: AdminPayment) => {
    const openTicket = payment.ticket?.status === 'OPEN' ? payment.ticket : null;
    const report = openTicket === null ? undefined : reportsByTicket.get(openTicket.id);
    const failedRefund = payment.refund?.status === 'FAILED' ? payment.refund : null;
    if (!payment.refundable && openTicket === null && failedRefund === null) return null;
    return (
      <>
        {payment.refundable ? (
          <Button
            variant="danger-ghost"
            size="sm"
            aria-label={t('adminPayments.refundLabel', {
              amount: money(payment.amountPaise),
              email: payment.fanEmail,
              order: payment.id,
            })}
            onClick={() => {
              open({ kind: 'refund', target: targetOf(payment, report) });
            }}
          >
            {t('adminPayments.refund')}
          </Button>
        ) : null}
        {failedRefund === null ? null : (
          <Button
            variant="dark"
            size="sm"
            aria-label={t('adminPayments.retryLabel', { order: payment.id })}
            onClick={() => {
              open({ kind: 'retry', payment, refundId: failedRefund.id });
            }}
          >
            {t('adminPayments.retry')}
          </Button>
        )}
        {openTicket === null ? null : (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('adminPayments.answerLabel', { ticket: openTicket.id })}
            onClick={() => {
              open({ kind: 'answer', ticket: openTicket.id, fanEmail: payment.fanEmail });
            }}
          >
            {t('adminPayments.answer')}
          </Button>
        )}
      </>
    );
  };

  return (
    <AdminTabSection title={t('adminPayments.title')} intro={t('adminPayments.intro', { limit: ADMIN_LIST_LIMIT })}>
      <div aria-live="polite">{notice === null ? null : <DoneNotice>{notice}</DoneNotice>}</div>
      {reports.isError ? <AdminQueryView query={reports}>{() => null}</AdminQueryView> : null}
      {reports.data ? (
        <ProblemReportsSection
          reports={reports.data.items}
          onRefund={(report) => {
            open({
              kind: 'refund',
              target: {
                orderId: report.orderId,
                amountPaise: report.amountPaise,
                fanEmail: report.fanEmail,
                contentTitle: report.contentTitle,
                creatorHandle: report.creatorHandle,
                defaultReason: ticketRefundReason(report),
              },
            });
          }}
          onAnswer={(report) => {
            open({ kind: 'answer', ticket: report.ticket, fanEmail: report.fanEmail });
          }}
        />
      ) : null}
      <AdminQueryView query={payments}>
        {(data) => (
          <AdminDataView
            label={t('adminPayments.title')}
            rows={data.items}
            columns={columns(reportsByTicket, words)}
            rowKey={(p) => p.id}
            actions={actions}
          />
        )}
      </AdminQueryView>
      {pending?.kind === 'refund' ? (
        <RefundDialog
          target={pending.target}
          send={async (reason) => {
            const sent = await refund.mutateAsync({ orderId: pending.target.orderId, reason });
            const done = { amount: money(sent.amountPaise), email: pending.target.fanEmail };
            setNotice(
              sent.status === 'SUCCESS' ? t('adminPayments.refunded', done) : t('adminPayments.refundOnItsWay', done),
            );
          }}
          pending={refund.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'retry' ? (
        <ConfirmDialog
          title={t('adminPayments.retryTitle', {
            amount: money(pending.payment.amountPaise),
            email: pending.payment.fanEmail,
          })}
          description={t('adminPayments.retryDescription')}
          confirmLabel={t('adminPayments.retryConfirm')}
          busyLabel={t('adminPayments.retrying')}
          send={async () => {
            await retry.mutateAsync(pending.refundId);
            setNotice(
              t('adminPayments.retried', {
                amount: money(pending.payment.amountPaise),
                email: pending.payment.fanEmail,
              }),
            );
          }}
          pending={retry.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'answer' ? (
        <ReasonDialog
          title={t('adminPayments.answerTitle', { ticket: pending.ticket })}
          description={t('adminPayments.answerDescription', { email: pending.fanEmail })}
          confirmLabel={t('adminPayments.answerConfirm')}
          busyLabel={t('adminPayments.answering')}
          reasonLabel={t('adminPayments.answerField')}
          send={async (resolution) => {
            await answer.mutateAsync({ ticket: pending.ticket, resolution });
            setNotice(t('adminPayments.answered', { ticket: pending.ticket, email: pending.fanEmail }));
          }}
          pending={answer.isPending}
          onClose={closeDialog}
        />
      ) : null}
    </AdminTabSection>
  );
}
