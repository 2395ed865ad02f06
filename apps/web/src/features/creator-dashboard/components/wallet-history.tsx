import { BreakableUpiId } from '../../../components/ui/upi-id.tsx';
import {
  formatDateTime,
  formatPaise,
  formatTimeAfter,
  isCancellable,
  translate,
  WALLET_HISTORY_LIMIT,
  type Locale,
  type MessageKey,
  type WalletEntry,
  type Withdrawal,
  type WithdrawalStatus,
} from '@kholo/contracts';
import {
  ArrowDownLeft,
  ArrowUpRight,
  Gavel,
  Hourglass,
  Receipt,
  RotateCcw,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig, type PayoutsMode } from '../../../lib/public-config.ts';
import { CancelWithdrawalDialog } from './cancel-withdrawal-dialog.tsx';
import { RefundSaleDialog } from './refund-sale-dialog.tsx';
import { refundShareText } from './refund-wording.ts';
import { withdrawalTimeline, type StepState, type TimelineStep } from './withdrawal-timeline-steps.ts';

export const WALLET_EMPTY_MESSAGE = translate('en', 'dashboardWallet.history.empty');
export const WALLET_HAS_MORE_MESSAGE = translate('en', 'dashboardWallet.history.hasMore', {
  count: WALLET_HISTORY_LIMIT,
});
export const WAITING_FOR_FUNDS_MESSAGE = translate('en', 'dashboardWallet.history.waitingForFunds');

/** +₹141.55 for money in, −₹1,424.53 (a real minus sign) for money out. */
export function signedPaise(paise: number, locale: Locale = 'en'): string {
  return paise < 0 ? `−${formatPaise(-paise, locale)}` : `+${formatPaise(paise, locale)}`;
}

/** Waiting for a person or a check (marigold), being sent (ink), paid (green), not paid (red), taken back (grey). */
const STATUS_TONE: Record<WithdrawalStatus, StatusTone> = {
  REQUESTED: 'waiting',
  REVIEW: 'waiting',
  PROCESSING: 'active',
  PAID: 'done',
  FAILED: 'bad',
  REVERSED: 'bad',
  REJECTED: 'bad',
  CANCELLED: 'neutral',
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useT();
  return (
    <StatusBadge
      tone={STATUS_TONE[status]}
      label={t(`dashboardWallet.status.${status}`)}
      srPrefix={t('dashboardWallet.history.statusPrefix')}
    />
  );
}

function When({ at, children }: { at: number; children?: ReactNode }) {
  const { locale } = useT();
  return <time dateTime={new Date(at).toISOString()}>{children ?? formatDateTime(at, locale)}</time>;
}

/** How the money coming back is described, by what happened to the withdrawal. */
const RETURN_TITLE: Partial<Record<WithdrawalStatus, MessageKey>> = {
  CANCELLED: 'dashboardWallet.history.cancelledTitle',
  FAILED: 'dashboardWallet.history.failedTitle',
  REVERSED: 'dashboardWallet.history.reversedTitle',
};

type SaleEntry = Extract<WalletEntry, { kind: 'sale' }>;

/** A fan's bank's dispute, step by step, in words to the creator. */
const DISPUTE_STEP: Record<
  Extract<WalletEntry, { kind: 'dispute' }>['step'],
  { title: MessageKey; detail: MessageKey }
> = {
  held: { title: 'dashboardWallet.history.disputeHeld', detail: 'dashboardWallet.history.disputeHeldBody' },
  released: { title: 'dashboardWallet.history.disputeWon', detail: 'dashboardWallet.history.disputeWonBody' },
  lost: { title: 'dashboardWallet.history.disputeLost', detail: 'dashboardWallet.history.disputeLostBody' },
};

/** The wallet's movements, newest first as the server sends them (SPEC §2 Wallet tab). */
export function WalletHistory({ history, hasMore }: { history: readonly WalletEntry[]; hasMore: boolean }) {
  const { t } = useT();
  const { payoutsMode } = getPublicConfig();
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);
  const [refunding, setRefunding] = useState<SaleEntry | null>(null);
  const statusById = new Map(
    history.flatMap((entry) =>
      entry.kind === 'withdrawal' ? [[entry.withdrawal.id, entry.withdrawal.status] as const] : [],
    ),
  );
  return (
    <section aria-labelledby="wallet-history-title" className="mt-8">
      <h3 id="wallet-history-title" className="text-lg font-bold text-ink-950">
        {t('dashboardWallet.history.title')}
      </h3>
      {history.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-ink-200 px-5 py-8 text-center leading-7 text-ink-muted">
          {t('dashboardWallet.history.empty')}
        </p>
      ) : (
        <ul
          aria-labelledby="wallet-history-title"
          className="mt-3 divide-y divide-ink-950/8 rounded-2xl ring-1 ring-ink-950/8"
        >
          {history.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              payoutsMode={payoutsMode}
              returnedStatus={entry.kind === 'withdrawal_reversal' ? statusById.get(entry.withdrawalId) : undefined}
              onCancel={setCancelling}
              onRefund={setRefunding}
            />
          ))}
        </ul>
      )}
      {hasMore ? (
        <p className="mt-3 text-sm text-ink-muted">
          {t('dashboardWallet.history.hasMore', { count: WALLET_HISTORY_LIMIT })}
        </p>
      ) : null}
      {refunding ? (
        <RefundSaleDialog
          sale={refunding}
          onClose={() => {
            setRefunding(null);
          }}
        />
      ) : null}
      {cancelling ? (
        <CancelWithdrawalDialog
          withdrawal={cancelling}
          onClose={() => {
            setCancelling(null);
          }}
        />
      ) : null}
    </section>
  );
}

function EntryRow({
  entry,
  payoutsMode,
  returnedStatus,
  onCancel,
  onRefund,
}: {
  entry: WalletEntry;
  payoutsMode: PayoutsMode;
  /** For money coming back: what happened to its withdrawal, when that is in the list too. */
  returnedStatus: WithdrawalStatus | undefined;
  onCancel: (withdrawal: Withdrawal) => void;
  onRefund: (sale: SaleEntry) => void;
}) {
  const { t, tm, tRich, locale } = useT();
  const money = (paise: number) => formatPaise(paise, locale);
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
                {t('dashboardWallet.history.sale')} · <When at={entry.at} />
              </p>
              <p>
                {t('dashboardWallet.history.priceAndFee', {
                  price: money(entry.pricePaise),
                  fee: money(entry.feePaise),
                })}
              </p>
              {entry.recoveredPaise > 0 ? (
                <p>{t('dashboardWallet.history.recovered', { amount: money(entry.recoveredPaise) })}</p>
              ) : null}
              {entry.refundedAt === null ? null : (
                <p className="font-semibold text-ink-800">
                  {t('dashboardWallet.history.refunded')} · <When at={entry.refundedAt} />
                </p>
              )}
              {entry.refundable ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-3"
                  aria-label={t('dashboardWallet.history.refundSaleOf', {
                    title: entry.contentTitle,
                    price: money(entry.pricePaise),
                  })}
                  onClick={() => {
                    onRefund(entry);
                  }}
                >
                  <Undo2 aria-hidden="true" className="size-4" />
                  {t('dashboardWallet.history.refund')}
                </Button>
              ) : null}
            </>
          }
        />
      );
    case 'refund':
      return (
        <Row
          icon={RotateCcw}
          tone="out"
          title={t('dashboardWallet.history.refundTitle', { title: entry.contentTitle })}
          amountPaise={entry.amountPaise}
          details={
            <>
              <p>
                {t(`dashboardWallet.refundReason.${entry.reason}`)} · <When at={entry.at} />
              </p>
              {entry.note === null ? null : (
                <p className="break-words">{t('dashboardWallet.history.reason', { reason: entry.note })}</p>
              )}
              <p>
                {refundShareText(
                  {
                    sharePaise: entry.sharePaise,
                    fromWalletPaise: -entry.amountPaise,
                    owedPaise: entry.owedPaise,
                  },
                  locale,
                )}
              </p>
            </>
          }
        />
      );
    case 'dispute': {
      const step = DISPUTE_STEP[entry.step];
      return (
        <Row
          icon={Gavel}
          tone={entry.amountPaise > 0 ? 'in' : 'out'}
          title={`${t(step.title)}: ${entry.contentTitle}`}
          amountPaise={entry.amountPaise}
          details={
            <>
              <p>
                <When at={entry.at} />
              </p>
              <p>{t(step.detail, { amount: money(entry.sharePaise) })}</p>
            </>
          }
        />
      );
    }
    case 'withdrawal': {
      const { withdrawal } = entry;
      return (
        <Row
          icon={ArrowUpRight}
          tone="out"
          title={tRich('dashboardWallet.history.withdrawalTo', { upiId: <BreakableUpiId upiId={withdrawal.upiId} /> })}
          badge={<WithdrawalStatusBadge status={withdrawal.status} />}
          amountPaise={entry.amountPaise}
          details={
            <>
              {withdrawal.payeeName ? (
                <p className="break-words">
                  {t('dashboardWallet.history.accountHolder', { name: withdrawal.payeeName })}
                </p>
              ) : null}
              <WithdrawalTimeline steps={withdrawalTimeline(withdrawal, payoutsMode, locale)} />
              {withdrawal.waitingForFunds ? (
                <p className="mt-2 flex items-start gap-2 rounded-xl bg-marigold-50 px-3 py-2 text-ink-800">
                  <Hourglass aria-hidden="true" className="mt-1 size-4 shrink-0 text-marigold-800" />
                  {t('dashboardWallet.history.waitingForFunds')}
                </p>
              ) : null}
              {isCancellable(withdrawal.status) ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-3"
                  aria-label={t('dashboardWallet.history.cancelWithdrawalOf', {
                    amount: money(withdrawal.amountPaise),
                  })}
                  onClick={() => {
                    onCancel(withdrawal);
                  }}
                >
                  {t('dashboardWallet.history.cancelWithdrawal')}
                </Button>
              ) : null}
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
          title={t('dashboardWallet.history.returned')}
          amountPaise={entry.amountPaise}
          details={
            <>
              <p>
                {t((returnedStatus && RETURN_TITLE[returnedStatus]) ?? 'dashboardWallet.history.notPaidTitle')} ·{' '}
                <When at={entry.at} />
              </p>
              <p className="break-words">{t('dashboardWallet.history.reason', { reason: tm(entry.reason) })}</p>
            </>
          }
        />
      );
    case 'adjustment':
      return (
        <Row
          icon={Receipt}
          tone={entry.amountPaise < 0 ? 'out' : 'in'}
          title={t('dashboardWallet.history.adjustment')}
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

const DOT: Record<StepState, string> = {
  done: 'bg-emerald-600',
  current: 'bg-marigold-500 ring-4 ring-marigold-200',
  next: 'border-2 border-ink-300 bg-white',
  bad: 'bg-red-600',
  ended: 'bg-ink-400',
};

/** Read before a step's label where its dot alone would say it (colour is never the only sign). */
const STATE_PREFIX: Partial<Record<StepState, MessageKey>> = {
  current: 'dashboardWallet.history.now',
  next: 'dashboardWallet.history.next',
};

/** A withdrawal's steps, oldest first, each with its time; the step to come is drawn hollow. */
export function WithdrawalTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  const { t, tm, locale } = useT();
  // Each step's time is read against the last step before it that has one.
  const dayOf = steps.map((_, index) => steps.slice(0, index).findLast((step) => step.at !== null)?.at ?? null);
  return (
    <ol aria-label={t('dashboardWallet.history.steps')} className="mt-2">
      {steps.map((step, index) => {
        const previousAt = dayOf[index] ?? null;
        const last = index === steps.length - 1;
        const prefix = STATE_PREFIX[step.state];
        return (
          <li key={step.key} className="relative flex gap-2.5 pb-2 last:pb-0">
            {last ? null : (
              <span aria-hidden="true" className="absolute top-3.5 bottom-0 left-[0.3125rem] w-px bg-ink-200" />
            )}
            <span aria-hidden="true" className={cn('relative mt-2 size-2.5 shrink-0 rounded-full', DOT[step.state])} />
            <div className="min-w-0">
              <p className={cn(step.state === 'next' && 'text-ink-muted/80')}>
                {prefix ? <span className="sr-only">{t(prefix)}</span> : null}
                <span
                  className={cn(
                    'font-semibold',
                    step.state === 'bad' ? 'text-red-700' : step.state === 'next' ? 'text-ink-muted' : 'text-ink-900',
                  )}
                >
                  {step.label}
                </span>
                {step.at === null ? null : (
                  <>
                    {' · '}
                    <When at={step.at}>
                      {previousAt === null
                        ? formatDateTime(step.at, locale)
                        : formatTimeAfter(step.at, previousAt, locale)}
                    </When>
                  </>
                )}
              </p>
              {step.detail ? (
                <p className={cn('break-words', step.state === 'bad' && 'text-red-700')}>
                  {step.state === 'bad'
                    ? t('dashboardWallet.history.reason', { reason: tm(step.detail) })
                    : step.detail}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
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
  const { locale } = useT();
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
              amountPaise < 0 ? 'text-ink-950' : amountPaise === 0 ? 'text-ink-muted' : 'text-emerald-700',
            )}
          >
            {/* A step that moved nothing in the wallet (a dispute lost from what was held) is neither in nor out. */}
            {amountPaise === 0 ? formatPaise(0, locale) : signedPaise(amountPaise, locale)}
          </p>
        </div>
        {badge ? <div className="mt-1">{badge}</div> : null}
        <div className="mt-1 space-y-0.5 text-sm leading-6 text-ink-muted">{details}</div>
      </div>
    </li>
  );
}
