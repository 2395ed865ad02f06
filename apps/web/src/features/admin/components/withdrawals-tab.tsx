import {
  ADMIN_LIST_LIMIT,
  REVIEW_REASON_LABELS,
  WITHDRAWAL_MESSAGES,
  formatPaise,
  type AdminWithdrawal,
} from '@kholo/contracts';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useApproveWithdrawal } from '../api/approve-withdrawal.ts';
import { useAdminOverview } from '../api/get-admin-overview.ts';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals.ts';
import { useRejectWithdrawal } from '../api/reject-withdrawal.ts';
import { AdminDataView } from './admin-data-view.tsx';
import { ConfirmDialog, DoneNotice, ReasonDialog } from './admin-dialogs.tsx';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { withdrawalColumns, type PayoutMode } from './withdrawal-columns.tsx';

type Pending = { kind: 'approve' | 'pay' | 'reject'; withdrawal: AdminWithdrawal } | null;

export const APPROVED_NOTICE = 'Approved: it is being sent to the bank.';

function intro(mode: PayoutMode | undefined): string {
  const latest = `The latest ${ADMIN_LIST_LIMIT} withdrawals, newest first.`;
  if (mode === 'auto') {
    return `${latest} Payouts go to the creator’s bank on their own. Those held for review wait for you: approve one and it is sent at once, or reject it and the amount goes back to the creator’s wallet.`;
  }
  if (mode === 'manual') {
    return `${latest} Payouts are paid by hand: send the money to the UPI ID from Kholo’s bank first, then mark it paid; or reject it and the amount goes back to the creator’s wallet.`;
  }
  return latest;
}

/** "₹1,424.53 to meera.rathore@okaxis": which payout a button is about, for its accessible name. */
function target(withdrawal: AdminWithdrawal): string {
  return `${formatPaise(withdrawal.amountPaise)} to ${withdrawal.upiId}`;
}

/**
 * SPEC §2/§4/§7 and issue 21: withdrawals, newest first, at most 100. With automatic payouts the
 * admin approves or rejects those held for review and may reject one still waiting to be sent;
 * paid by hand (PAYOUTS=manual), she marks each paid after sending it, or rejects it.
 */
export function WithdrawalsTab() {
  // The mode is the Dashboard's (GET /api/admin/overview); the panel opens there, so it is
  // usually in the cache already. Until it is known no action is offered.
  const overview = useAdminOverview();
  const mode = overview.data?.payouts.mode;
  const withdrawals = useAdminWithdrawals({ watch: mode === 'auto' });
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo(() => withdrawalColumns(mode), [mode]);
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
        aria-label={`Reject ${target(withdrawal)}`}
        onClick={() => {
          open('reject', withdrawal);
        }}
      >
        Reject
      </Button>
    );
    const markPaidButton = (
      <Button
        variant="dark"
        size="sm"
        aria-label={`${WITHDRAWAL_MESSAGES.markAsPaid} ${target(withdrawal)}`}
        onClick={() => {
          open('pay', withdrawal);
        }}
      >
        {WITHDRAWAL_MESSAGES.markAsPaid}
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
              aria-label={`Approve ${target(withdrawal)}`}
              onClick={() => {
                open('approve', withdrawal);
              }}
            >
              Approve
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
    <AdminTabSection title="Withdrawals" intro={intro(mode)}>
      {overview.isError ? <AdminQueryView query={overview}>{() => null}</AdminQueryView> : null}
      <div aria-live="polite">{notice === null ? null : <DoneNotice>{notice}</DoneNotice>}</div>
      <AdminQueryView query={withdrawals}>
        {(data) => (
          <AdminDataView
            label="Withdrawals"
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
            setNotice(`${APPROVED_NOTICE} ${target(pending.withdrawal)}`);
          }}
          pending={approve.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'pay' ? (
        <MarkPaidDialog withdrawal={pending.withdrawal} onClose={closeDialog} />
      ) : pending?.kind === 'reject' ? (
        <ReasonDialog
          title={`Reject ${target(pending.withdrawal)}?`}
          description={`The amount goes back to ${pending.withdrawal.creatorName}’s wallet and they are emailed your reason.`}
          confirmLabel="Reject"
          busyLabel="Rejecting..."
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
  const name = withdrawal.payeeName ?? withdrawal.creatorName;
  return (
    <ConfirmDialog
      title={`Send ${formatPaise(withdrawal.amountPaise)} to ${name} (${withdrawal.upiId})?`}
      description={
        <>
          <p>
            For {withdrawal.creatorName} (@{withdrawal.creatorHandle}).
            {withdrawal.reviewReasons.length > 0 ? ' Held for review because:' : ''}
          </p>
          {withdrawal.reviewReasons.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-950">
              {withdrawal.reviewReasons.map((reason) => (
                <li key={reason}>{REVIEW_REASON_LABELS[reason]}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2">
            It goes to the bank at once and cannot be taken back; the creator is emailed when it is paid.
          </p>
        </>
      }
      confirmLabel="Approve"
      busyLabel="Approving..."
      send={send}
      pending={pending}
      onClose={onClose}
    />
  );
}
