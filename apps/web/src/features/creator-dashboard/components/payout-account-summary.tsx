import { Landmark } from 'lucide-react';
import { translate } from '@kholo/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { usePayoutAccount } from '../api/get-payout-account.ts';
import { AccountSummary } from './payout-account-card.tsx';

export const NO_PAYOUT_ACCOUNT_MESSAGE = translate('en', 'dashboardWallet.account.none');

/** The Profile tab's line about where she is paid, with a way to the Wallet, where it is changed. */
export function PayoutAccountSummary({ onOpenWallet }: { onOpenWallet: () => void }) {
  const { t } = useT();
  const payoutAccount = usePayoutAccount();
  const account = payoutAccount.data;
  return (
    <section aria-labelledby="profile-payout-title" className="max-w-2xl rounded-2xl p-4 ring-1 ring-ink-950/8 sm:p-5">
      <h3 id="profile-payout-title" className="flex items-center gap-2 text-base font-bold text-ink-950">
        <Landmark aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
        {t('dashboardWallet.account.title')}
      </h3>
      {payoutAccount.isPending ? (
        <p className="mt-2 text-sm text-ink-muted">{t('dashboardWallet.account.loading')}</p>
      ) : account ? (
        <AccountSummary account={account} />
      ) : (
        <p className="mt-2 text-sm leading-6 text-ink-muted">
          {t(account === null ? 'dashboardWallet.account.none' : 'dashboardWallet.account.failed')}
        </p>
      )}
      <Button variant="outline" size="sm" className="mt-3" onClick={onOpenWallet}>
        {t(account ? 'dashboardWallet.account.changeInWallet' : 'dashboardWallet.account.goToWallet')}
      </Button>
    </section>
  );
}
