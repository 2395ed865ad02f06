import {
  ADMIN_LOG_LIMIT,
  formatDateTime,
  type AdminAuditEntry,
  type AdminPaymentEvent,
  type AdminPayoutEvent,
} from '@kholo/contracts';
import { useAdminLogs } from '../api/get-admin-logs.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { compactJson, count, NONE, paiseOrNone, type AdminWords } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

/** The provider's transfer status with its code: "SUCCESS (200)", "FAILED (INSUFFICIENT_BALANCE)". */
function transferStatus(event: AdminPayoutEvent): string {
  if (event.transferStatus === null) return event.statusCode ?? NONE;
  return event.statusCode === null ? event.transferStatus : `${event.transferStatus} (${event.statusCode})`;
}

// An automatic decision's actor is the server's words ("Kholo (automatic, a report)"), not an email.
function logColumns({ t, tm, locale }: AdminWords & { tm: (message: string) => string }) {
  const time = t('admin.logs.time');
  const events: ReadonlyArray<AdminColumn<AdminPaymentEvent>> = [
    { header: time, value: (e) => formatDateTime(e.createdAt, locale), nowrap: true },
    { header: t('admin.logs.source'), value: (e) => t(`admin.logs.source.${e.source}`) },
    { header: t('admin.logs.event'), value: (e) => e.eventType },
    { header: t('admin.logs.order'), value: (e) => e.orderId ?? NONE },
    { header: t('admin.logs.paymentStatus'), value: (e) => e.paymentStatus ?? NONE },
    { header: t('admin.logs.amount'), value: (e) => paiseOrNone(e.amountPaise, locale), numeric: true },
    { header: t('admin.logs.outcome'), value: (e) => e.outcome },
    { header: t('admin.logs.deliveries'), value: (e) => count(e.deliveries), numeric: true },
  ];
  const payoutEvents: ReadonlyArray<AdminColumn<AdminPayoutEvent>> = [
    { header: time, value: (e) => formatDateTime(e.createdAt, locale), nowrap: true },
    { header: t('admin.logs.source'), value: (e) => t(`admin.logs.source.${e.source}`) },
    { header: t('admin.logs.event'), value: (e) => e.eventType },
    { header: t('admin.logs.withdrawal'), value: (e) => e.withdrawalId ?? NONE },
    { header: t('admin.logs.transferStatus'), value: transferStatus },
    { header: t('admin.logs.outcome'), value: (e) => e.outcome },
    { header: t('admin.logs.deliveries'), value: (e) => count(e.deliveries), numeric: true },
  ];
  const audit: ReadonlyArray<AdminColumn<AdminAuditEntry>> = [
    { header: time, value: (a) => formatDateTime(a.createdAt, locale), nowrap: true },
    { header: t('admin.logs.admin'), value: (a) => tm(a.actorEmail) },
    { header: t('admin.logs.action'), value: (a) => a.action },
    { header: t('admin.logs.subject'), value: (a) => a.subjectId },
    { header: t('admin.logs.before'), value: (a) => compactJson(a.before) },
    { header: t('admin.logs.after'), value: (a) => compactJson(a.after) },
    { header: t('admin.logs.reason'), value: (a) => a.reason ?? NONE },
  ];
  return { events, payoutEvents, audit };
}

/**
 * SPEC §7 orderMeta: what the payment provider told us and what we asked it, newest first, at
 * most 50; the same for the payouts provider's transfers (issue 21); and the audit log of every
 * admin action (issue item 7).
 */
export function LogsTab() {
  const words = useT();
  const { t } = words;
  const columns = logColumns(words);
  const logs = useAdminLogs();
  return (
    <AdminTabSection title={t('admin.logs.title')} intro={t('admin.logs.intro', { limit: ADMIN_LOG_LIMIT })}>
      <AdminQueryView query={logs}>
        {(data) => (
          <div className="space-y-8">
            <div>
              <h3 className="mb-3 text-lg font-bold tracking-tight text-ink-950">{t('admin.logs.paymentEvents')}</h3>
              <AdminDataView
                label={t('admin.logs.paymentEvents')}
                rows={data.events}
                columns={columns.events}
                rowKey={(e) => e.id}
              />
            </div>
            <div>
              <h3 className="mb-3 text-lg font-bold tracking-tight text-ink-950">{t('admin.logs.payouts')}</h3>
              <AdminDataView
                label={t('admin.logs.payoutEvents')}
                rows={data.payoutEvents}
                columns={columns.payoutEvents}
                rowKey={(e) => e.id}
              />
            </div>
            <div>
              <h3 className="mb-3 text-lg font-bold tracking-tight text-ink-950">{t('admin.logs.adminActions')}</h3>
              <AdminDataView
                label={t('admin.logs.adminActions')}
                rows={data.audit}
                columns={columns.audit}
                rowKey={(a) => a.id}
              />
            </div>
          </div>
        )}
      </AdminQueryView>
    </AdminTabSection>
  );
}
