import {
  formatDateTime,
  formatPaise,
  WALLET_HISTORY_LIMIT,
  WITHDRAWAL_STATUS_LABELS,
  type WalletEntry,
  type WithdrawalStatus,
} from '@kholo/contracts';
import { ArrowDownLeft, ArrowUpRight, Receipt, Undo2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.tsx';
import { cn } from '../../../lib/cn.ts';

export const WALLET_EMPTY_MESSAGE = 'No wallet activity yet. When fans unlock your content, your earnings appear here.';
export const WALLET_HAS_MORE_MESSAGE = `Showing your latest ${WALLET_HISTORY_LIMIT} entries.`;

/** +₹141.55 for money in, −₹1,424.53 (a real minus sign) for money out. */
export function signedPaise(paise: number): string {
  return paise < 0 ? `−${formatPaise(-paise)}` : `+${formatPaise(paise)}`;
}

const STATUS_TONE: Record<WithdrawalStatus, StatusTone> = { REQUESTED: 'waiting', PAID: 'done', REJECTED: 'bad' };

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <StatusBadge tone={STATUS_TONE[status]} label={WITHDRAWAL_STATUS_LABELS[status]} srPrefix="Status: " />;
}

function When({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{formatDateTime(at)}</time>;
}

/** The wallet's movements, newest first as the server sends them (SPEC §2 Wallet tab). */
export function WalletHistory({ history, hasMore }: { history: readonly WalletEntry[]; hasMore: boolean }) {
  return (
    <section aria-labelledby="wallet-history-title" className="mt-8">
      <h3 id="wallet-history-title" className="text-lg font-bold text-ink-950">
        Wallet history
      </h3>
      {history.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-ink-200 px-5 py-8 text-center leading-7 text-ink-muted">
          {WALLET_EMPTY_MESSAGE}
        </p>
      ) : (
        <ul
          aria-labelledby="wallet-history-title"
          className="mt-3 divide-y divide-ink-950/8 rounded-2xl ring-1 ring-ink-950/8"
        >
          {history.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {hasMore ? <p className="mt-3 text-sm text-ink-muted">{WALLET_HAS_MORE_MESSAGE}</p> : null}
    </section>
  );
}

function EntryRow({ entry }: { entry: WalletEntry }) {
  switch (entry.kind) {
    case 'sale':
      return (
        <Row
          icon={ArrowDownLeft}
          tone="in"
          title={entry.contentTitle}
          amountPaise={entry.amountPaise}
          details={
            <>
              <p>
                Sale · <When at={entry.at} />
              </p>
              <p>
                Price {formatPaise(entry.pricePaise)} · Platform fee {formatPaise(entry.feePaise)}
              </p>
            </>
          }
        />
      );
    case 'withdrawal': {
      const { withdrawal } = entry;
      return (
        <Row
          icon={ArrowUpRight}
          tone="out"
          title={`Withdrawal to ${withdrawal.upiId}`}
          badge={<WithdrawalStatusBadge status={withdrawal.status} />}
          amountPaise={entry.amountPaise}
          details={
            <>
              <p>
                Requested <When at={withdrawal.requestedAt} />
              </p>
              {withdrawal.resolvedAt !== null && withdrawal.status !== 'REQUESTED' ? (
                <p>
                  {WITHDRAWAL_STATUS_LABELS[withdrawal.status]} <When at={withdrawal.resolvedAt} />
                </p>
              ) : null}
              {withdrawal.paymentReference ? (
                <p className="break-words">Payment reference: {withdrawal.paymentReference}</p>
              ) : null}
              {withdrawal.rejectionReason ? <p className="break-words">Reason: {withdrawal.rejectionReason}</p> : null}
            </>
          }
        />
      );
    }
    case 'withdrawal_reversal':
      return (
        <Row
          icon={Undo2}
          tone="in"
          title="Returned to your wallet"
          amountPaise={entry.amountPaise}
          details={
            <>
              <p>
                Withdrawal not paid · <When at={entry.at} />
              </p>
              <p className="break-words">Reason: {entry.reason}</p>
            </>
          }
        />
      );
    case 'adjustment':
      return (
        <Row
          icon={Receipt}
          tone={entry.amountPaise < 0 ? 'out' : 'in'}
          title="Adjustment by Kholo"
          amountPaise={entry.amountPaise}
          details={
            <>
              <p>
                <When at={entry.at} />
              </p>
              <p className="break-words">{entry.memo}</p>
            </>
          }
        />
      );
  }
}

function Row({
  icon: Icon,
  tone,
  title,
  badge,
  amountPaise,
  details,
}: {
  icon: LucideIcon;
  tone: 'in' | 'out';
  title: ReactNode;
  badge?: ReactNode;
  amountPaise: number;
  details: ReactNode;
}) {
  return (
    <li className="flex gap-3 p-4 sm:gap-4">
      <span
        className={cn(
          'hidden size-10 shrink-0 place-items-center rounded-xl sm:grid',
          tone === 'in' ? 'bg-emerald-50 text-emerald-700' : 'bg-ink-50 text-ink-700',
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 font-semibold break-words text-ink-950">{title}</p>
          <p
            className={cn(
              'shrink-0 font-extrabold whitespace-nowrap tabular-nums',
              amountPaise < 0 ? 'text-ink-950' : 'text-emerald-700',
            )}
          >
            {signedPaise(amountPaise)}
          </p>
        </div>
        {badge ? <div className="mt-1">{badge}</div> : null}
        <div className="mt-1 space-y-0.5 text-sm leading-6 text-ink-muted">{details}</div>
      </div>
    </li>
  );
}
