import { formatDateTime, formatPaise, type AdminProblemReport } from '@kholo/contracts';
import { LifeBuoy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { ENGLISH_WORDS, type AdminWords } from './admin-format.ts';

/** What the fan chose in her ticket ("I bought it by accident"), by its code. */
export function problemReasonText(reason: AdminProblemReport['reason'], { t }: AdminWords = ENGLISH_WORDS): string {
  return t(`adminPayments.problemReason.${reason}`);
}

/**
 * Prefilled into the refund dialog's reason when the refund answers a ticket. In English whatever
 * the admin's language: the reason is the refund's note, shown word for word to the fan and the
 * creator in their emails and purchases, and their language need not be the admin's.
 */
export function ticketRefundReason(report: Pick<AdminProblemReport, 'ticket' | 'reason'>): string {
  return ENGLISH_WORDS.t('adminPayments.tickets.refundReason', {
    ticket: report.ticket,
    reason: problemReasonText(report.reason),
  });
}

/**
 * Fans' open tickets, above the payments: each with the fan's words and the two answers, a
 * refund (one click to a prefilled dialog) or an answer without one. Nothing shows when none is open.
 */
export function ProblemReportsSection({
  reports,
  onRefund,
  onAnswer,
}: {
  reports: readonly AdminProblemReport[];
  onRefund: (report: AdminProblemReport) => void;
  onAnswer: (report: AdminProblemReport) => void;
}) {
  const words = useT();
  const { t, locale } = words;
  const headingId = useId();
  const open = reports.filter((report) => report.status === 'OPEN');
  if (open.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-6">
      <h3 id={headingId} className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">
        {t('adminPayments.tickets.heading', { count: open.length })}
      </h3>
      <ul className="mt-3 space-y-3">
        {open.map((report) => (
          <li
            key={report.ticket}
            className="rounded-2xl bg-marigold-50 p-4 ring-1 ring-marigold-200 sm:flex sm:items-start sm:gap-4"
          >
            <span className="hidden size-10 shrink-0 place-items-center rounded-xl bg-marigold-100 text-marigold-800 sm:grid">
              <LifeBuoy aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-bold break-words text-ink-950">
                {report.ticket} · {problemReasonText(report.reason, words)}
              </p>
              <p className="mt-0.5 text-sm break-words text-ink-muted">
                {t('adminPayments.tickets.paid', {
                  email: report.fanEmail,
                  amount: formatPaise(report.amountPaise, locale),
                  title: report.contentTitle,
                  handle: report.creatorHandle,
                  when: formatDateTime(report.createdAt, locale),
                })}
              </p>
              <blockquote className="mt-2 rounded-xl bg-white px-3.5 py-2.5 text-sm leading-6 break-words whitespace-pre-line text-ink-900 ring-1 ring-ink-950/5">
                {report.message}
              </blockquote>
              <div className="mt-3 flex flex-wrap gap-2">
                {report.refund === null ? (
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={t('adminPayments.tickets.refundLabel', {
                      amount: formatPaise(report.amountPaise, locale),
                      ticket: report.ticket,
                    })}
                    onClick={() => {
                      onRefund(report);
                    }}
                  >
                    {t('adminPayments.tickets.refund', { amount: formatPaise(report.amountPaise, locale) })}
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t('adminPayments.answerLabel', { ticket: report.ticket })}
                  onClick={() => {
                    onAnswer(report);
                  }}
                >
                  {t('adminPayments.tickets.answer')}
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
