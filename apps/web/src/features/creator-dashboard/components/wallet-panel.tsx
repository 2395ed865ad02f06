import {
  formatPaise,
  isInFlight,
  MIN_WITHDRAWAL_PAISE,
  translate,
  type Locale,
  WITHDRAWAL_MESSAGES,
  type WalletEntry,
  type WalletResponse,
} from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, Gavel, RotateCcw, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { studioContentsQueryKey } from '../api/get-studio-contents.ts';
import { useWallet } from '../api/get-wallet.ts';
import { PayoutAccountCard } from './payout-account-card.tsx';
import { heldText, owedText } from './refund-wording.ts';
import { WalletHistory } from './wallet-history.tsx';
import { WithdrawDialog } from './withdraw-dialog.tsx';

export const WALLET_FAILED_MESSAGE = translate('en', 'dashboardWallet.failed');

/** '₹1,424.53 on its way to your UPI ID': money held for withdrawals the admin has not paid yet. */
export function pendingText(paise: number, locale: Locale = 'en'): string {
  return translate(locale, 'dashboardWallet.pending', { amount: formatPaise(paise, locale) });
}

/** The UPI ID of the newest withdrawal in the history (newest first), to prefill the next one. */
function lastUpiId(history: readonly WalletEntry[]): string | null {
  const latest = history.find((entry) => entry.kind === 'withdrawal');
  return latest?.kind === 'withdrawal' ? latest.withdrawal.upiId : null;
}

/** The ids of the withdrawals in the history that are still on their way. */
function inFlightIds(wallet: WalletResponse | undefined): string {
  return (wallet?.history ?? [])
    .flatMap((entry) =>
      entry.kind === 'withdrawal' && isInFlight(entry.withdrawal.status) ? [entry.withdrawal.id] : [],
    )
    .join(',');
}

/**
 * The summary cards at the top read the balance from another query: when a withdrawal on its way
 * ends while the Wallet refreshes itself (failed, rejected: the money is back), they ask again.
 */
function useSummaryFollowsPayouts(wallet: WalletResponse | undefined) {
  const queryClient = useQueryClient();
  const ids = inFlightIds(wallet);
  const previous = useRef(ids);
  useEffect(() => {
    const before = previous.current.split(',').filter(Boolean);
    previous.current = ids;
    const now = new Set(ids.split(','));
    if (before.some((id) => !now.has(id))) {
      void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey });
    }
  }, [ids, queryClient]);
}

/**
 * The Wallet tab (SPEC §2, §4, §5): the balance, money on its way to the creator's UPI ID, a
 * 'Withdraw to UPI' button that opens the modal when there is something to withdraw, where she is
 * paid (her payout account), and the wallet's history from the ledger, each withdrawal with its
 * steps. While one is on its way the wallet refreshes itself.
 */
export function WalletPanel({ creatorEmail }: { creatorEmail: string }) {
  const { t, tm, locale } = useT();
  const wallet = useWallet();
  const [withdrawing, setWithdrawing] = useState(false);
  const [noBalance, setNoBalance] = useState(false);
  const payoutAccountRef = useRef<HTMLElement>(null);
  useSummaryFollowsPayouts(wallet.data);

  if (wallet.isPending) return <WalletSkeleton />;

  if (!wallet.data) {
    const retrying = wallet.isFetching;
    return (
      <LoadFailedAlert
        title={t('dashboardWallet.failed')}
        error={wallet.error}
        retrying={retrying}
        onRetry={() => {
          void wallet.refetch();
        }}
        spinIcon
      />
    );
  }

  const { balancePaise, pendingWithdrawalPaise, owedPaise, heldPaise, history, hasMore } = wallet.data;
  const empty = balancePaise <= 0;

  return (
    <div className="mt-4">
      <div className="flex flex-col gap-5 rounded-3xl bg-ink-950 p-5 text-white sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-ink-100">{t('dashboardWallet.balance')}</p>
          <p className="mt-1 text-4xl font-extrabold tracking-tight break-words tabular-nums sm:text-5xl">
            {formatPaise(balancePaise, locale)}
          </p>
          {pendingWithdrawalPaise > 0 ? (
            <p className="mt-2 flex items-start gap-1.5 text-sm text-marigold-200">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {pendingText(pendingWithdrawalPaise, locale)}
            </p>
          ) : null}
          {owedPaise > 0 ? (
            <p className="mt-2 flex max-w-xl items-start gap-1.5 text-sm text-marigold-200">
              <RotateCcw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {owedText(owedPaise, locale)}
            </p>
          ) : null}
          {heldPaise > 0 ? (
            <p className="mt-2 flex max-w-xl items-start gap-1.5 text-sm text-marigold-200">
              <Gavel aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {heldText(heldPaise, locale)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <Button
            variant="primary"
            aria-describedby={noBalance && empty ? 'wallet-no-balance' : undefined}
            onClick={() => {
              // SPEC §5: a withdrawal can start only when there is a balance.
              if (empty) {
                setNoBalance(true);
                return;
              }
              // On a phone the modal fills the screen; a lingering toast ('Welcome back') would
              // sit over its Withdraw button.
              toast.dismiss();
              setWithdrawing(true);
            }}
          >
            <Send aria-hidden="true" className="size-4" />
            {tm(WITHDRAWAL_MESSAGES.withdrawToUpi)}
          </Button>
          {/* Always in the page, so the message is announced when it appears. */}
          <p id="wallet-no-balance" role="status" className="text-sm font-medium text-marigold-200 empty:hidden">
            {noBalance && empty ? tm(WITHDRAWAL_MESSAGES.noBalance) : ''}
          </p>
        </div>
      </div>
      <p className="mt-3 max-w-2xl text-sm leading-6 text-ink-muted">
        {t('dashboardWallet.lead', { min: formatPaise(MIN_WITHDRAWAL_PAISE, locale) })}
      </p>

      <PayoutAccountCard ref={payoutAccountRef} />

      <WalletHistory history={history} hasMore={hasMore} />

      {withdrawing ? (
        <WithdrawDialog
          balancePaise={balancePaise}
          creatorEmail={creatorEmail}
          lastUpiId={lastUpiId(history)}
          onClose={() => {
            setWithdrawing(false);
          }}
          onAddPayoutAccount={() => {
            // The form's first field (the UPI ID), scrolled into view by the focus.
            payoutAccountRef.current?.querySelector<HTMLInputElement>('input')?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

function WalletSkeleton() {
  const { t } = useT();
  return (
    <div role="status" className="mt-4">
      <span className="sr-only">{t('dashboardWallet.loading')}</span>
      <div aria-hidden="true" className="h-36 rounded-3xl bg-ink-950/85 motion-safe:animate-pulse sm:h-32" />
      <div aria-hidden="true" className="mt-8 space-y-3">
        <div className="h-5 w-40 rounded-full bg-ink-100 motion-safe:animate-pulse" />
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="h-20 rounded-2xl bg-ink-100/70 motion-safe:animate-pulse" />
        ))}
      </div>
    </div>
  );
}
