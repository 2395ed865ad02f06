import { ADMIN_LIST_LIMIT, WITHDRAWAL_MESSAGES, formatPaise, type AdminWithdrawal } from '@kholo/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useApproveWithdrawal } from '../api/approve-withdrawal.ts';
import { useAdminOverview } from '../api/get-admin-overview.ts';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals.ts';
import { useRejectWithdrawal } from '../api/reject-withdrawal.ts';
import { AdminDataView } from './admin-data-view.tsx';
import type { AdminWords } from './admin-format.ts';
import { ConfirmDialog, DoneNotice, ReasonDialog } from './admin-dialogs.tsx';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { withdrawalColumns, type PayoutMode } from './withdrawal-columns.tsx';

type Pending = { kind: 'approve' | 'pay' | 'reject'; withdrawal: AdminWithdrawal } | null;

function intro(mode: PayoutMode | undefined, { t }: AdminWords): string {
  const limit = ADMIN_LIST_LIMIT;
  if (mode === 'auto') return t('adminWithdrawals.introAuto', { limit });
  if (mode === 'manual') return t('adminWithdrawals.introManual', { limit });
  return t('adminWithdrawals.latest', { limit });
}

/** "₹1,424.53 to meera.rathore@okaxis": which payout a button is about, for its accessible name. */
function target(withdrawal: AdminWithdrawal, { t, locale }: AdminWords): string {
  return t('adminWithdrawals.target', { amount: formatPaise(withdrawal.amountPaise, locale), upi: withdrawal.upiId });
}

/**
 * SPEC §2/§4/§7 and issue 21: withdrawals, newest first, at most 100. With automatic payouts the
 * admin approves or rejects those held for review and may reject one still waiting to be sent;
 * paid by hand (PAYOUTS=manual), she marks each paid after sending it, or rejects it.
 */
export function WithdrawalsTab() {
  // The mode is the Dashboard's (GET /api/admin/overview); the panel opens there, so it is
  // usually in the cache already. Until it is known no action is offered.
  const words = useT();
  const { t, tm } = words;
  const overview = useAdminOverview();
  const mode = overview.data?.payouts.mode;
  const withdrawals = useAdminWithdrawals({ watch: mode === 'auto' });
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const columns = withdrawalColumns(mode, words);
  const closeDialog = () => {
    setPending(null);
  };
  const open = (kind: NonNullable<Pending>['kind'], withdrawal: AdminWithdrawal) => {
    setNotice(null);
    setPending({ kind, withdrawal });
  };

  const actions = (withdrawal: AdminWithdrawal) => {
    const { status } = withdrawal;
    // Nothing has been sent for it yet: the only states the server lets the admin act on.
    if (mode === undefined || (status !== 'REQUESTED' && status !== 'REVIEW')) return null;
    const rejectButton = (
      <Button
        variant="danger-ghost"
        size="sm"
        aria-label={t('adminWithdrawals.rejectLabel', { target: target(withdrawal, words) })}
        onClick={() => {
          open('reject', withdrawal);
        }}
      >
        {t('adminWithdrawals.reject')}
      </Button>
    );
    const markPaidButton = (
      <Button
        variant="dark"
        size="sm"
        aria-label={t('adminWithdrawals.markPaidLabel', { target: target(withdrawal, words) })}
        onClick={() => {
          open('pay', withdrawal);
        }}
      >
        {tm(WITHDRAWAL_MESSAGES.markAsPaid)}
      </Button>
    );
    if (mode === 'auto') {
      // Asked for while payouts were paid by hand: she may have paid it already, so she can say so.
      const askedWhileManual = withdrawal.reviewReasons.includes('asked_while_manual');
      return (
        <>
          {status === 'REVIEW' ? (
            <Button
              variant="dark"
              size="sm"
              aria-label={t('adminWithdrawals.approveLabel', { target: target(withdrawal, words) })}
              onClick={() => {
                open('approve', withdrawal);
              }}
            >
              {t('adminWithdrawals.approve')}
            </Button>
          ) : null}
          {status === 'REVIEW' && askedWhileManual ? markPaidButton : null}
          {rejectButton}
        </>
      );
    }
    return (
      <>
        {markPaidButton}
        {rejectButton}
      </>
    );
  };

  return (
    <AdminTabSection title={t('adminWithdrawals.title')} intro={intro(mode, words)}>
      {overview.isError ? <AdminQueryView query={overview}>{() => null}</AdminQueryView> : null}
      <div aria-live="polite">{notice === null ? null : <DoneNotice>{notice}</DoneNotice>}</div>
      <AdminQueryView query={withdrawals}>
        {(data) => (
          <AdminDataView
            label={t('adminWithdrawals.title')}
            rows={data.items}
            columns={columns}
            rowKey={(w) => w.id}
            actions={actions}
          />
        )}
      </AdminQueryView>
      {pending?.kind === 'approve' ? (
        <ApproveDialog
          withdrawal={pending.withdrawal}
          send={async () => {
            await approve.mutateAsync({ id: pending.withdrawal.id });
            setNotice(t('adminWithdrawals.approved', { target: target(pending.withdrawal, words) }));
          }}
          pending={approve.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'pay' ? (
        <MarkPaidDialog withdrawal={pending.withdrawal} onClose={closeDialog} />
      ) : pending?.kind === 'reject' ? (
        <ReasonDialog
          title={t('adminWithdrawals.rejectTitle', { target: target(pending.withdrawal, words) })}
          description={t('adminWithdrawals.rejectDescription', { name: pending.withdrawal.creatorName })}
          confirmLabel={t('adminWithdrawals.reject')}
          busyLabel={t('adminWithdrawals.rejecting')}
          confirmVariant="danger"
          send={(reason) => reject.mutateAsync({ id: pending.withdrawal.id, reason })}
          pending={reject.isPending}
          onClose={closeDialog}
        />
      ) : null}
    </AdminTabSection>
  );
}

/**
 * "Send ₹X to NAME (upi)?", with why it was held. The name is the one her bank gave for the UPI
 * ID, so the admin sees who really receives it; the Kholo account is named beside it.
 */
function ApproveDialog({
  withdrawal,
  send,
  pending,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  send: () => Promise<void>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t, locale } = useT();
  const name = withdrawal.payeeName ?? withdrawal.creatorName;
  return (
    <ConfirmDialog
      title={t('adminWithdrawals.approveTitle', {
        amount: formatPaise(withdrawal.amountPaise, locale),
        name,
        upi: withdrawal.upiId,
      })}
      description={
        <>
          <p>
            {t('adminWithdrawals.approveFor', { name: withdrawal.creatorName, handle: withdrawal.creatorHandle })}
            {withdrawal.reviewReasons.length > 0 ? ` ${t('adminWithdrawals.heldBecause')}` : ''}
          </p>
          {withdrawal.reviewReasons.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-950">
              {withdrawal.reviewReasons.map((reason) => (
                <li key={reason}>{t(`messages.reviewReason.${reason}`)}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2">{t('adminWithdrawals.approveEffect')}</p>
        </>
      }
      confirmLabel={t('adminWithdrawals.approve')}
      busyLabel={t('adminWithdrawals.approving')}
      send={send}
      pending={pending}
      onClose={onClose}
    />
  );
}
