import {
  ADMIN_LIST_LIMIT,
  formatDateTime,
  formatPaise,
  type AdminPayment,
  type AdminProblemReport,
} from '@kholo/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useCloseProblemReport } from '../api/close-problem-report.ts';
import { useAdminPayments } from '../api/get-admin-payments.ts';
import { useProblemReports } from '../api/get-problem-reports.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { useRetryRefund } from '../api/retry-refund.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, DoneNotice, ReasonDialog } from './admin-dialogs.tsx';
import { paiseOrNone, paymentStatus } from './admin-format.ts';
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
function statusFacts(payment: AdminPayment, reports: ReadonlyMap<string, AdminProblemReport>): CellFact[] {
  const facts: CellFact[] = [{ label: paymentStatus(payment) }];
  if (payment.refund !== null) facts.push(refundFact(payment.refund));
  if (payment.ticket !== null) facts.push(ticketFact(payment.ticket, reports.get(payment.ticket.id)));
  if (payment.dispute !== null) facts.push(disputeFact(payment.dispute));
  return facts;
}

function columns(reports: ReadonlyMap<string, AdminProblemReport>): ReadonlyArray<AdminColumn<AdminPayment>> {
  return [
    // The date wraps before its time, and the status sits beside the amount: with the actions the
    // table is wider than 1280 px, and what scrolls out of sight is the split, not where the money is.
    { header: 'Created', value: (p) => formatDateTime(p.createdAt), render: (p) => <DateTime at={p.createdAt} /> },
    { header: 'Order id', value: (p) => p.id },
    { header: 'Fan', value: (p) => p.fanEmail },
    { header: 'Item', value: (p) => p.contentTitle, href: (p) => `/content/${encodeURIComponent(p.contentId)}` },
    {
      header: 'Creator',
      value: (p) => `@${p.creatorHandle}`,
      href: (p) => `/u/${encodeURIComponent(p.creatorHandle)}`,
    },
    { header: 'Amount', value: (p) => formatPaise(p.amountPaise), numeric: true },
    {
      header: 'Status',
      value: (p) => factsText(statusFacts(p, reports)),
      render: (p, text) => <FactLines facts={statusFacts(p, reports)} text={text} />,
    },
    { header: 'Fee', value: (p) => paiseOrNone(p.feePaise), numeric: true },
    { header: 'Creator share', value: (p) => paiseOrNone(p.creditPaise), numeric: true },
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
            aria-label={`Refund ${formatPaise(payment.amountPaise)} to ${payment.fanEmail} for order ${payment.id}`}
            onClick={() => {
              open({ kind: 'refund', target: targetOf(payment, report) });
            }}
          >
            Refund
          </Button>
        ) : null}
        {failedRefund === null ? null : (
          <Button
            variant="dark"
            size="sm"
            aria-label={`Retry the refund for order ${payment.id}`}
            onClick={() => {
              open({ kind: 'retry', payment, refundId: failedRefund.id });
            }}
          >
            Retry
          </Button>
        )}
        {openTicket === null ? null : (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Answer ticket ${openTicket.id} without refund`}
            onClick={() => {
              open({ kind: 'answer', ticket: openTicket.id, fanEmail: payment.fanEmail });
            }}
          >
            Answer
          </Button>
        )}
      </>
    );
  };

  return (
    <AdminTabSection
      title="Payments"
      intro={`The latest ${ADMIN_LIST_LIMIT} orders, newest first, with the platform fee and the creator’s share of each sale. Fans’ open problem reports come first; refund one, or answer it without a refund.`}
    >
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
            label="Payments"
            rows={data.items}
            columns={columns(reportsByTicket)}
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
            setNotice(
              `${sent.status === 'SUCCESS' ? 'Refunded' : 'Refund on its way'}: ${formatPaise(sent.amountPaise)} to ${pending.target.fanEmail}.`,
            );
          }}
          pending={refund.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'retry' ? (
        <ConfirmDialog
          title={`Send the refund of ${formatPaise(pending.payment.amountPaise)} to ${pending.payment.fanEmail} again?`}
          description="The payment provider gave up on it. Kholo still owes it, so it is sent again now, as the same refund."
          confirmLabel="Retry refund"
          busyLabel="Retrying..."
          send={async () => {
            await retry.mutateAsync(pending.refundId);
            setNotice(`Refund sent again: ${formatPaise(pending.payment.amountPaise)} to ${pending.payment.fanEmail}.`);
          }}
          pending={retry.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'answer' ? (
        <ReasonDialog
          title={`Answer ${pending.ticket} without a refund?`}
          description={`${pending.fanEmail} is emailed your answer and the ticket closes. No money moves.`}
          confirmLabel="Send answer"
          busyLabel="Sending..."
          reasonLabel="Answer to the fan"
          send={async (resolution) => {
            await answer.mutateAsync({ ticket: pending.ticket, resolution });
            setNotice(`Answered ${pending.ticket}; ${pending.fanEmail} is emailed your answer.`);
          }}
          pending={answer.isPending}
          onClose={closeDialog}
        />
      ) : null}
    </AdminTabSection>
  );
}
