import { Landmark } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { usePayoutAccount } from '../api/get-payout-account.ts';
import { AccountSummary, PAYOUT_ACCOUNT_FAILED_MESSAGE } from './payout-account-card.tsx';

export const NO_PAYOUT_ACCOUNT_MESSAGE =
  'You have not saved a payout account yet. Add the UPI ID we should pay you at, in your Wallet.';

/** The Profile tab's line about where she is paid, with a way to the Wallet, where it is changed. */
export function PayoutAccountSummary({ onOpenWallet }: { onOpenWallet: () => void }) {
  const payoutAccount = usePayoutAccount();
  const account = payoutAccount.data;
  return (
    <section aria-labelledby="profile-payout-title" className="max-w-2xl rounded-2xl p-4 ring-1 ring-ink-950/8 sm:p-5">
      <h3 id="profile-payout-title" className="flex items-center gap-2 text-base font-bold text-ink-950">
        <Landmark aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
        Payout account
      </h3>
      {payoutAccount.isPending ? (
        <p className="mt-2 text-sm text-ink-muted">Loading your payout account…</p>
      ) : account ? (
        <AccountSummary account={account} />
      ) : (
        <p className="mt-2 text-sm leading-6 text-ink-muted">
          {account === null ? NO_PAYOUT_ACCOUNT_MESSAGE : PAYOUT_ACCOUNT_FAILED_MESSAGE}
        </p>
      )}
      <Button variant="outline" size="sm" className="mt-3" onClick={onOpenWallet}>
        {account ? 'Change it in Wallet' : 'Go to Wallet'}
      </Button>
    </section>
  );
}
