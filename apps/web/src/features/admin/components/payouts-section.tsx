import { formatPaise, type AdminPayoutsOverview } from '@kholo/contracts';
import { CircleAlert, Hourglass, Landmark, Send, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { count, type AdminWords } from './admin-format.ts';

function withdrawals(n: number, { t }: AdminWords): string {
  return t(n === 1 ? 'adminWithdrawals.payouts.one' : 'adminWithdrawals.payouts.other', { count: count(n) });
}

function PayoutCard({
  label,
  icon: Icon,
  value,
  note,
  alert = false,
  children,
}: {
  label: string;
  icon: LucideIcon;
  value: string;
  note: ReactNode;
  /** Red: something needs doing before payouts can go (the balance is short, or unknown). */
  alert?: boolean;
  children?: ReactNode;
}) {
  return (
    <li
      aria-label={label}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-3xl p-4 ring-1 sm:p-5',
        alert ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-cream text-ink-950 ring-ink-950/5',
      )}
    >
      <div className="flex min-w-0 items-start gap-4">
        <span
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-2xl',
            alert ? 'bg-red-100 text-red-700' : 'bg-marigold-100 text-marigold-800',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <p className="min-w-0">
          <span className={cn('block text-sm font-semibold', alert ? 'text-red-800' : 'text-ink-muted')}>{label}</span>
          <span className="block truncate text-2xl font-extrabold tracking-tight tabular-nums">{value}</span>
          <span className={cn('block text-sm', alert ? 'text-red-800' : 'text-ink-muted')}>{note}</span>
        </p>
      </div>
      {children}
    </li>
  );
}

/** The provider's balance: what can be sent now, or why it is not known. */
function BalanceCard({ payouts }: { payouts: AdminPayoutsOverview }) {
  const { t, tm, locale } = useT();
  const { providerAvailablePaise: available, providerBalancePaise: balance, providerProblem } = payouts;
  if (available === null) {
    return (
      <PayoutCard
        label={t('adminWithdrawals.payouts.balance')}
        icon={providerProblem === null ? Landmark : CircleAlert}
        value={t('adminWithdrawals.payouts.unknown')}
        note={providerProblem === null ? t('adminWithdrawals.payouts.noProvider') : tm(providerProblem)}
        alert={providerProblem !== null}
      />
    );
  }
  return (
    <PayoutCard
      label={t('adminWithdrawals.payouts.balance')}
      icon={Landmark}
      value={formatPaise(available, locale)}
      note={
        balance === null || balance === available
          ? t('adminWithdrawals.payouts.available')
          : t('adminWithdrawals.payouts.availableOf', { balance: formatPaise(balance, locale) })
      }
    />
  );
}

/**
 * Issue 21: where automatic payouts stand. Kholo's payout account at the provider against what
 * waits for it (red when it cannot cover them: top it up), what waits for the admin's approval,
 * and what the bank has now. Paid by hand, there is nothing of this to show.
 */
export function PayoutsSection({
  payouts,
  onOpenWithdrawals,
}: {
  payouts: AdminPayoutsOverview;
  onOpenWithdrawals: () => void;
}) {
  const words = useT();
  const { t, locale } = words;
  const money = (paise: number) => formatPaise(paise, locale);
  const headingId = useId();
  const available = payouts.providerAvailablePaise;
  const short = available !== null && available < payouts.waitingForFundsPaise;

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">
        {t('adminWithdrawals.payouts.heading')}
      </h3>
      {payouts.mode === 'manual' ? (
        <div className="mt-3 flex flex-col gap-4 rounded-3xl bg-cream p-4 ring-1 ring-ink-950/5 sm:flex-row sm:items-center sm:p-5">
          <p className="min-w-0 flex-1 leading-7 text-ink-muted">
            <span className="block font-semibold text-ink-950">{t('adminWithdrawals.payouts.manual')}</span>{' '}
            {t('adminWithdrawals.payouts.manualHow')}
          </p>
          <Button variant="outline" size="sm" className="w-full sm:w-auto" onClick={onOpenWithdrawals}>
            {t('adminWithdrawals.payouts.open')}
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 leading-7 text-ink-muted">{t('adminWithdrawals.payouts.auto')}</p>
          {/* Two across at most: a crore in the payout account is eleven characters of large type. */}
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            <BalanceCard payouts={payouts} />
            <PayoutCard
              label={t('adminWithdrawals.payouts.waiting')}
              icon={Hourglass}
              value={money(payouts.waitingForFundsPaise)}
              note={
                short
                  ? t('adminWithdrawals.payouts.short', {
                      withdrawals: withdrawals(payouts.waitingForFundsCount, words),
                      short: money(payouts.waitingForFundsPaise - available),
                    })
                  : t('adminWithdrawals.payouts.waitingNote', {
                      withdrawals: withdrawals(payouts.waitingForFundsCount, words),
                    })
              }
              alert={short}
            />
            <PayoutCard
              label={t('adminWithdrawals.payouts.review')}
              icon={ShieldCheck}
              value={money(payouts.reviewPaise)}
              note={t('adminWithdrawals.payouts.reviewNote', { withdrawals: withdrawals(payouts.reviewCount, words) })}
            >
              {payouts.reviewCount > 0 ? (
                <Button variant="dark" size="sm" className="w-full" onClick={onOpenWithdrawals}>
                  {t('adminWithdrawals.payouts.reviewButton')}
                </Button>
              ) : null}
            </PayoutCard>
            <PayoutCard
              label={t('adminWithdrawals.payouts.sending')}
              icon={Send}
              value={money(payouts.sendingPaise)}
              note={t('adminWithdrawals.payouts.sendingNote', {
                withdrawals: withdrawals(payouts.sendingCount, words),
              })}
            />
          </ul>
        </>
      )}
    </section>
  );
}
