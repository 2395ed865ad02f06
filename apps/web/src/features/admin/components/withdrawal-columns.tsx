import { BreakableUpiId } from '../../../components/ui/upi-id.tsx';
import {
  formatDateTime,
  formatTimeAfter,
  formatPaise,
  type AdminPayoutsOverview,
  type AdminWithdrawal,
  type MessageKey,
} from '@kholo/contracts';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AdminColumn } from './admin-data-view.tsx';
import { NONE, type AdminWords } from './admin-format.ts';

export type PayoutMode = AdminPayoutsOverview['mode'];

// A cell that holds several facts keeps them one to a line: its text (the cell's title, what the
// card cuts at 50 characters) joins them with newlines, and the cell shows each on its own line.
const LINE = '\n';

/**
 * Marigold when someone has to act (the admin reviews or pays by hand; Kholo's payout account
 * needs topping up), grey while the bank has it, red when it did not reach the creator.
 */
function statusTone(withdrawal: AdminWithdrawal, mode: PayoutMode | undefined): StatusTone {
  switch (withdrawal.status) {
    case 'REVIEW':
      return 'waiting';
    case 'REQUESTED':
      return mode === 'manual' || withdrawal.waitingForFunds ? 'waiting' : 'active';
    case 'PROCESSING':
      return 'active';
    case 'PAID':
      return 'done';
    case 'FAILED':
    case 'REVERSED':
    case 'REJECTED':
      return 'bad';
    case 'CANCELLED':
      return 'neutral';
  }
}

/** The status, and for one that waits on Kholo rather than on the admin, what it waits for. */
function statusText(withdrawal: AdminWithdrawal, mode: PayoutMode | undefined, { t }: AdminWords): string {
  const label = t(`adminWithdrawals.status.${withdrawal.status}`);
  if (withdrawal.status !== 'REQUESTED' || mode !== 'auto') return label;
  return (
    label + LINE + (withdrawal.waitingForFunds ? t('adminWithdrawals.waitingForFunds') : t('adminWithdrawals.queued'))
  );
}

const RESOLVED_AS: Partial<Record<AdminWithdrawal['status'], MessageKey>> = {
  PAID: 'adminWithdrawals.resolved.PAID',
  // A returned payout was paid first; when it came back is its own line.
  REVERSED: 'adminWithdrawals.resolved.PAID',
  FAILED: 'adminWithdrawals.resolved.FAILED',
  REJECTED: 'adminWithdrawals.resolved.REJECTED',
  CANCELLED: 'adminWithdrawals.resolved.CANCELLED',
};

/**
 * Each step it took after the request, with its time: approved, sent, paid (or how it ended),
 * returned. A step on the day it was requested shows only its time ("Paid 9:59 am"), so the
 * column stays narrow enough for the whole table to fit beside the buttons at 1280 px.
 */
export function withdrawalProgress(withdrawal: AdminWithdrawal, { t, locale }: AdminWords): string {
  const when = (at: number) => formatTimeAfter(at, withdrawal.requestedAt, locale);
  const steps: string[] = [];
  if (withdrawal.approvedAt !== null)
    steps.push(t('adminWithdrawals.step.approved', { when: when(withdrawal.approvedAt) }));
  if (withdrawal.sentAt !== null) steps.push(t('adminWithdrawals.step.sent', { when: when(withdrawal.sentAt) }));
  const resolvedAs = RESOLVED_AS[withdrawal.status];
  if (withdrawal.resolvedAt !== null && resolvedAs !== undefined) {
    const what = t(resolvedAs);
    const at = when(withdrawal.resolvedAt);
    steps.push(
      withdrawal.resolvedByEmail === null
        ? `${what} ${at}`
        : t('adminWithdrawals.step.resolvedBy', { what, when: at, email: withdrawal.resolvedByEmail }),
    );
  }
  if (withdrawal.reversedAt !== null)
    steps.push(t('adminWithdrawals.step.returned', { when: when(withdrawal.reversedAt) }));
  return steps.length === 0 ? NONE : steps.join(LINE);
}

/** Why it waits for review, the bank's reference once paid, or why it was not paid or came back. */
export function withdrawalDetails(withdrawal: AdminWithdrawal, { t }: AdminWords): string {
  const lines: string[] = [];
  if (withdrawal.status === 'REVIEW') {
    lines.push(...withdrawal.reviewReasons.map((reason) => t(`messages.reviewReason.${reason}`)));
  }
  if (withdrawal.rejectionReason !== null && withdrawal.status !== 'PAID') lines.push(withdrawal.rejectionReason);
  if (withdrawal.paymentReference !== null) lines.push(withdrawal.paymentReference);
  return lines.length === 0 ? NONE : lines.join(LINE);
}

/** The UPI ID, and the holder's name her bank gave for it when there is one. */
function payee(withdrawal: AdminWithdrawal): string {
  return withdrawal.payeeName === null ? withdrawal.upiId : withdrawal.upiId + LINE + withdrawal.payeeName;
}

// A date ("26 Nov 2026,", "3 Sept 2026,") or a time ("9:59 am") inside a line; ICU may put a
// narrow no-break space before "am".
const DATE_OR_TIME = /(\d{1,2} [A-Z][a-z]{2,3} \d{4},|\d{1,2}:\d{2}\s[ap]m)/i;

/**
 * "Approved 26 Nov 2026, 9:59 am by …" wrapping between its parts, never inside a date or a
 * time: the table's cells may break anywhere (a long UPI ID must not widen the page), which would
 * leave "am" or "2026," on a line of its own.
 */
function DateLine({ text }: { text: string }) {
  // split() with a capturing group puts the dates and times at the odd places.
  return text.split(DATE_OR_TIME).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

// A word this long or shorter (a UTR, an admin's email) is kept whole; a longer one may break
// anywhere, as in every admin cell, so it cannot widen the table.
const WHOLE_WORD_MAX = 24;

/** A cell's facts, one to a line, broken between words where they can be. */
function Lines({ text, dates = false }: { text: string; dates?: boolean }) {
  return text.split(LINE).map((line, index) => (
    <span
      key={index}
      className={cn(
        'block',
        index > 0 && 'mt-1',
        line.split(/\s+/).every((word) => word.length <= WHOLE_WORD_MAX) && 'wrap-break-word',
      )}
    >
      {dates ? <DateLine text={line} /> : line}
    </span>
  ));
}

/** Who is paid, how much, where it stands and how it got there; the same in the table and on a card. */
export function withdrawalColumns(
  mode: PayoutMode | undefined,
  words: AdminWords,
): ReadonlyArray<AdminColumn<AdminWithdrawal>> {
  const { t, locale } = words;
  return [
    {
      header: t('adminWithdrawals.col.requested'),
      value: (w) => formatDateTime(w.requestedAt, locale),
      render: (_w, text) => <DateLine text={text} />,
    },
    { header: t('adminWithdrawals.col.creator'), value: (w) => `${w.creatorName} (@${w.creatorHandle})` },
    {
      header: t('adminWithdrawals.col.payee'),
      value: payee,
      render: (_w, text) => {
        const [upiId = '', name] = text.split(LINE);
        // It wraps before its @ rather than widening the table past the sticky actions.
        return (
          <>
            <span className="block font-medium">
              <BreakableUpiId upiId={upiId} />
            </span>
            {name === undefined ? null : <span className="mt-0.5 block text-ink-muted">{name}</span>}
          </>
        );
      },
    },
    { header: t('adminWithdrawals.col.amount'), value: (w) => formatPaise(w.amountPaise, locale), numeric: true },
    {
      header: t('adminWithdrawals.col.status'),
      value: (w) => statusText(w, mode, words),
      render: (w, text) => {
        const [, ...notes] = text.split(LINE);
        return (
          <>
            <StatusBadge tone={statusTone(w, mode)} label={t(`adminWithdrawals.status.${w.status}`)} />
            {notes.map((note) => (
              <span
                key={note}
                className={cn(
                  'mt-1 block text-xs font-semibold',
                  w.waitingForFunds ? 'text-marigold-800' : 'text-ink-muted',
                )}
              >
                {note}
              </span>
            ))}
          </>
        );
      },
    },
    {
      header: t('adminWithdrawals.col.progress'),
      value: (w) => withdrawalProgress(w, words),
      render: (_w, text) => <Lines text={text} dates />,
    },
    {
      header: t('adminWithdrawals.col.details'),
      value: (w) => withdrawalDetails(w, words),
      render: (_w, text) => <Lines text={text} />,
    },
  ];
}
