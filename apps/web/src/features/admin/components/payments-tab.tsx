import { ADMIN_LIST_LIMIT, formatDateTime, formatPaise, type AdminPayment } from '@kholo/contracts';
import { useAdminPayments } from '../api/get-admin-payments.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { paiseOrNone, paymentStatus } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

const COLUMNS: ReadonlyArray<AdminColumn<AdminPayment>> = [
  { header: 'Created', value: (p) => formatDateTime(p.createdAt), nowrap: true },
  { header: 'Order id', value: (p) => p.id },
  { header: 'Fan', value: (p) => p.fanEmail },
  { header: 'Item', value: (p) => p.contentTitle, href: (p) => `/content/${encodeURIComponent(p.contentId)}` },
  { header: 'Creator', value: (p) => `@${p.creatorHandle}`, href: (p) => `/u/${encodeURIComponent(p.creatorHandle)}` },
  { header: 'Amount', value: (p) => formatPaise(p.amountPaise), numeric: true },
  { header: 'Fee', value: (p) => paiseOrNone(p.feePaise), numeric: true },
  { header: 'Creator share', value: (p) => paiseOrNone(p.creditPaise), numeric: true },
  { header: 'Status', value: paymentStatus },
];

/** SPEC §7: payments by createdAt, newest first, at most 100, with each sale's split. */
export function PaymentsTab() {
  const payments = useAdminPayments();
  return (
    <AdminTabSection
      title="Payments"
      intro={`The latest ${ADMIN_LIST_LIMIT} orders, newest first, with the platform fee and the creator’s share of each sale.`}
    >
      <AdminQueryView query={payments}>
        {(data) => <AdminDataView label="Payments" rows={data.items} columns={COLUMNS} rowKey={(p) => p.id} />}
      </AdminQueryView>
    </AdminTabSection>
  );
}
