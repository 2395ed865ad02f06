import {
  ADMIN_LIST_LIMIT,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUS_LABELS,
  formatDateTime,
  formatPaise,
  type AdminWithdrawal,
} from '@kholo/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals.ts';
import { useRejectWithdrawal } from '../api/reject-withdrawal.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ReasonDialog } from './admin-dialogs.tsx';
import { dateTimeOrNone, NONE } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';

// Few enough columns that a 1280 px screen shows them all beside the row's buttons; the
// creator's email is on the Creators tab.
const COLUMNS: ReadonlyArray<AdminColumn<AdminWithdrawal>> = [
  { header: 'Requested', value: (w) => formatDateTime(w.requestedAt) },
  { header: 'Creator', value: (w) => `${w.creatorName} (@${w.creatorHandle})` },
  { header: 'UPI ID', value: (w) => w.upiId, nowrap: true },
  { header: 'Amount', value: (w) => formatPaise(w.amountPaise), numeric: true },
  { header: 'Status', value: (w) => WITHDRAWAL_STATUS_LABELS[w.status] },
  { header: 'Resolved', value: resolution },
  { header: 'Reference / Reason', value: (w) => w.paymentReference ?? w.rejectionReason ?? NONE },
];

/** When and by whom it was paid or rejected. */
function resolution(withdrawal: AdminWithdrawal): string {
  const at = dateTimeOrNone(withdrawal.resolvedAt);
  return withdrawal.resolvedByEmail === null ? at : `${at} by ${withdrawal.resolvedByEmail}`;
}

type Pending = { kind: 'pay' | 'reject'; withdrawal: AdminWithdrawal } | null;

/** SPEC §2/§4/§7: withdrawals, newest first, at most 100; pay or reject each request once. */
export function WithdrawalsTab() {
  const withdrawals = useAdminWithdrawals();
  const reject = useRejectWithdrawal();
  const [pending, setPending] = useState<Pending>(null);
  const closeDialog = () => {
    setPending(null);
  };

  const actions = (withdrawal: AdminWithdrawal) => {
    if (withdrawal.status !== 'REQUESTED') return null;
    const target = `${formatPaise(withdrawal.amountPaise)} to ${withdrawal.upiId}`;
    return (
      <>
        <Button
          variant="dark"
          size="sm"
          aria-label={`${WITHDRAWAL_MESSAGES.markAsPaid} ${target}`}
          onClick={() => {
            setPending({ kind: 'pay', withdrawal });
          }}
        >
          {WITHDRAWAL_MESSAGES.markAsPaid}
        </Button>
        <Button
          variant="danger-ghost"
          size="sm"
          aria-label={`Reject ${target}`}
          onClick={() => {
            setPending({ kind: 'reject', withdrawal });
          }}
        >
          Reject
        </Button>
      </>
    );
  };

  return (
    <AdminTabSection
      title="Withdrawals"
      intro={`The latest ${ADMIN_LIST_LIMIT} withdrawal requests, newest first. Send the money to the UPI ID, then mark it paid; or reject it and the amount goes back to the creator’s wallet.`}
    >
      <AdminQueryView query={withdrawals}>
        {(data) => (
          <AdminDataView
            label="Withdrawals"
            rows={data.items}
            columns={COLUMNS}
            rowKey={(w) => w.id}
            actions={actions}
          />
        )}
      </AdminQueryView>
      {pending?.kind === 'pay' ? (
        <MarkPaidDialog withdrawal={pending.withdrawal} onClose={closeDialog} />
      ) : pending?.kind === 'reject' ? (
        <ReasonDialog
          title={`Reject ${formatPaise(pending.withdrawal.amountPaise)} to ${pending.withdrawal.upiId}?`}
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
