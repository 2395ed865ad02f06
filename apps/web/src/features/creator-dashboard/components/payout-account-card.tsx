import { translate, type PayoutAccount } from '@kholo/contracts';
import { BadgeCheck, Landmark, ShieldCheck } from 'lucide-react';
import { useCallback, useRef, useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { usePayoutAccount } from '../api/get-payout-account.ts';
import { PayingTo } from './paying-to.tsx';
import { PayoutAccountForm } from './payout-account-form.tsx';

export const PAYOUT_ACCOUNT_FAILED_MESSAGE = translate('en', 'dashboardWallet.account.failed');
export const NEW_ACCOUNT_TITLE = translate('en', 'dashboardWallet.account.newTitle');

/**
 * The Wallet's payout account (issue 21): the form when she has none ("Where should we pay
 * you?"), otherwise who is paid and at which UPI ID, with her PAN masked and a way to change it.
 * `ref` reaches the card, so the withdraw modal's "Add payout account" can bring her here.
 */
export function PayoutAccountCard({ ref }: { ref?: Ref<HTMLElement> }) {
  const { t } = useT();
  const payoutAccount = usePayoutAccount();
  const [editing, setEditing] = useState(false);
  // The form she was in is gone: focus goes to the Change button that replaces it, once it exists
  // (after a first save, only when the saved account has been fetched again).
  const focusChange = useRef(false);
  const changeRef = useCallback((button: HTMLButtonElement | null) => {
    if (button === null || !focusChange.current) return;
    focusChange.current = false;
    button.focus();
  }, []);

  if (payoutAccount.isPending) {
    return (
      <div role="status" className="mt-6">
        <span className="sr-only">{t('dashboardWallet.account.loading')}</span>
        <div aria-hidden="true" className="h-28 rounded-2xl bg-ink-100/70 motion-safe:animate-pulse" />
      </div>
    );
  }
  if (payoutAccount.isError) {
    return (
      <LoadFailedAlert
        title={t('dashboardWallet.account.failed')}
        error={payoutAccount.error}
        retrying={payoutAccount.isFetching}
        onRetry={() => {
          void payoutAccount.refetch();
        }}
      />
    );
  }

  const account = payoutAccount.data;
  const showForm = account === null || editing;
  const title = t(
    account === null
      ? 'dashboardWallet.account.newTitle'
      : editing
        ? 'dashboardWallet.account.changeTitle'
        : 'dashboardWallet.account.title',
  );

  return (
    <section
      ref={ref}
      aria-labelledby="payout-account-title"
      className="mt-6 rounded-2xl p-4 ring-1 ring-ink-950/8 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id="payout-account-title" className="flex items-center gap-2 text-lg font-bold text-ink-950">
          <Landmark aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
          {title}
        </h3>
        {account !== null && !editing ? (
          <Button
            ref={changeRef}
            variant="outline"
            size="sm"
            aria-label={t('dashboardWallet.account.changeTitle')}
            onClick={() => {
              setEditing(true);
            }}
          >
            {t('dashboardWallet.account.change')}
          </Button>
        ) : null}
      </div>
      {showForm ? (
        <>
          {account === null ? (
            <p className="mt-1 max-w-2xl text-sm leading-6 text-ink-muted">{t('dashboardWallet.account.newLead')}</p>
          ) : null}
          <div className="mt-4 max-w-xl">
            <PayoutAccountForm
              account={account}
              onSaved={() => {
                focusChange.current = true;
                setEditing(false);
              }}
              onCancel={
                account === null
                  ? undefined
                  : () => {
                      focusChange.current = true;
                      setEditing(false);
                    }
              }
            />
          </div>
        </>
      ) : (
        <AccountSummary account={account} />
      )}
    </section>
  );
}

/** "Paying to MEERA RATHORE — meera@okaxis", her legal name and masked PAN, and any review to come. */
export function AccountSummary({ account }: { account: PayoutAccount }) {
  const { t } = useT();
  return (
    <div className="mt-3 space-y-2 text-sm leading-6 text-ink-muted">
      <p className="flex items-start gap-2 text-base text-ink-950">
        <BadgeCheck aria-hidden="true" className="mt-1 size-4 shrink-0 text-emerald-700" />
        <span className="min-w-0 break-words">
          <PayingTo name={account.verifiedName} upiId={account.upiId} />
        </span>
      </p>
      <p className="break-words">
        {t('dashboardWallet.account.legalName', { name: account.legalName })} ·{' '}
        <span className="whitespace-nowrap">{t('dashboardWallet.account.pan', { pan: account.panMasked })}</span>
      </p>
      {account.nameMatches ? null : <p>{t('dashboardWallet.account.nameNotYours')}</p>}
      {account.status === 'review' ? (
        <p className="flex items-start gap-2 font-medium text-marigold-800">
          <ShieldCheck aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {t('dashboardWallet.accountReviewNote')}
        </p>
      ) : null}
    </div>
  );
}
