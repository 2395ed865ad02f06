import {
  ADMIN_LOG_LIMIT,
  formatDateTime,
  type AdminAuditEntry,
  type AdminPaymentEvent,
  type AdminPayoutEvent,
} from '@kholo/contracts';
import { useAdminLogs } from '../api/get-admin-logs.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { compactJson, count, NONE, paiseOrNone } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

const SOURCE_LABELS: Record<AdminPaymentEvent['source'], string> = {
  webhook: 'Webhook',
  verify: 'Verify',
  reconcile: 'Reconcile',
};

const EVENT_COLUMNS: ReadonlyArray<AdminColumn<AdminPaymentEvent>> = [
  { header: 'Time', value: (e) => formatDateTime(e.createdAt), nowrap: true },
  { header: 'Source', value: (e) => SOURCE_LABELS[e.source] },
  { header: 'Event', value: (e) => e.eventType },
  { header: 'Order', value: (e) => e.orderId ?? NONE },
  { header: 'Payment status', value: (e) => e.paymentStatus ?? NONE },
  { header: 'Amount', value: (e) => paiseOrNone(e.amountPaise), numeric: true },
  { header: 'Outcome', value: (e) => e.outcome },
  { header: 'Deliveries', value: (e) => count(e.deliveries), numeric: true },
];

const PAYOUT_SOURCE_LABELS: Record<AdminPayoutEvent['source'], string> = {
  webhook: 'Webhook',
  poll: 'Poll',
  send: 'Send',
};

/** The provider's transfer status with its code: "SUCCESS (200)", "FAILED (INSUFFICIENT_BALANCE)". */
function transferStatus(event: AdminPayoutEvent): string {
  if (event.transferStatus === null) return event.statusCode ?? NONE;
  return event.statusCode === null ? event.transferStatus : `${event.transferStatus} (${event.statusCode})`;
}

const PAYOUT_EVENT_COLUMNS: ReadonlyArray<AdminColumn<AdminPayoutEvent>> = [
  { header: 'Time', value: (e) => formatDateTime(e.createdAt), nowrap: true },
  { header: 'Source', value: (e) => PAYOUT_SOURCE_LABELS[e.source] },
  { header: 'Event', value: (e) => e.eventType },
  { header: 'Withdrawal', value: (e) => e.withdrawalId ?? NONE },
  { header: 'Transfer status', value: transferStatus },
  { header: 'Outcome', value: (e) => e.outcome },
  { header: 'Deliveries', value: (e) => count(e.deliveries), numeric: true },
];

const AUDIT_COLUMNS: ReadonlyArray<AdminColumn<AdminAuditEntry>> = [
  { header: 'Time', value: (a) => formatDateTime(a.createdAt), nowrap: true },
  { header: 'Admin', value: (a) => a.actorEmail },
  { header: 'Action', value: (a) => a.action },
  { header: 'Subject', value: (a) => a.subjectId },
  { header: 'Before', value: (a) => compactJson(a.before) },
  { header: 'After', value: (a) => compactJson(a.after) },
  { header: 'Reason', value: (a) => a.reason ?? NONE },
];

/**
 * SPEC §7 orderMeta: what the payment provider told us and what we asked it, newest first, at
 * most 50; the same for the payouts provider's transfers (issue 21); and the audit log of every
 * admin action (issue item 7).
 */
export function LogsTab() {
  const logs = useAdminLogs();
  return (
    <AdminTabSection
      title="Logs"
      intro={`The latest ${ADMIN_LOG_LIMIT} of each, newest first: what the payment and payouts providers told us, and what admins did.`}
    >
      <AdminQueryView query={logs}>
        {(data) => (
          <div className="space-y-8">
            <div>
              <h3 className="mb-3 text-lg font-bold tracking-tight text-ink-950">Payment events</h3>
              <AdminDataView label="Payment events" rows={data.events} columns={EVENT_COLUMNS} rowKey={(e) => e.id} />
            </div>
            <div>
              <h3 className="mb-3 text-lg font-bold tracking-tight text-ink-950">Payouts</h3>
              <AdminDataView
                label="Payout events"
                rows={data.payoutEvents}
                columns={PAYOUT_EVENT_COLUMNS}
                rowKey={(e) => e.id}
              />
            </div>
            <div>
              <h3 className="mb-3 text-lg font-bold tracking-tight text-ink-950">Admin actions</h3>
              <AdminDataView label="Admin actions" rows={data.audit} columns={AUDIT_COLUMNS} rowKey={(a) => a.id} />
            </div>
          </div>
        )}
      </AdminQueryView>
    </AdminTabSection>
  );
}
