import type { Me } from '@kholo/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MessageKey } from '@kholo/contracts';
import { Tabs, type TabItem } from '../../../components/ui/tabs.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import type { JobsFilter } from '../api/get-admin-jobs.ts';
import { ContentTab } from './content-tab.tsx';
import { CreatorsTab } from './creators-tab.tsx';
import { DashboardTab } from './dashboard-tab.tsx';
import { DisputesTab } from './disputes-tab.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { LogsTab } from './logs-tab.tsx';
import { MessagesTab } from './messages-tab.tsx';
import { PaymentsTab } from './payments-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { WithdrawalsTab } from './withdrawals-tab.tsx';

type AdminTab =
  | 'dashboard'
  | 'payments'
  | 'disputes'
  | 'content'
  | 'creators'
  | 'logs'
  | 'withdrawals'
  | 'messages'
  | 'reports'
  | 'jobs';

const TAB_LABELS: ReadonlyArray<{ key: AdminTab; label: MessageKey }> = [
  { key: 'dashboard', label: 'admin.tab.dashboard' },
  { key: 'payments', label: 'admin.tab.payments' },
  { key: 'disputes', label: 'admin.tab.disputes' },
  { key: 'content', label: 'admin.tab.content' },
  { key: 'creators', label: 'admin.tab.creators' },
  { key: 'logs', label: 'admin.tab.logs' },
  { key: 'withdrawals', label: 'admin.tab.withdrawals' },
  { key: 'messages', label: 'admin.tab.messages' },
  { key: 'reports', label: 'admin.tab.reports' },
  { key: 'jobs', label: 'admin.tab.jobs' },
];

export function AdminPanel({ account }: { account: NonNullable<Me['account']> }) {
  const { t } = useT();
  const [tab, setTab] = useState<AdminTab>('dashboard');
  // The Jobs tab's filter lives here, so the Dashboard can open it on Failed.
  const [jobsFilter, setJobsFilter] = useState<JobsFilter>('all');
  const [fromDashboard, setFromDashboard] = useState(false);
  const tabsRef = useRef<HTMLDivElement>(null);

  // The Dashboard's links to Withdrawals, Payments and Disputes unmount the button that had the
  // focus: it goes to the tab opened, so keyboard and screen-reader users land where the page now
  // is. (Jobs focuses its filter itself.)
  useEffect(() => {
    if (fromDashboard && tab !== 'jobs' && tab !== 'dashboard') {
      tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    }
  }, [fromDashboard, tab]);
  const openFromDashboard = (next: AdminTab) => () => {
    setFromDashboard(true);
    setTab(next);
  };

  // SPEC §2's tabs, plus Disputes for fans' banks' chargebacks (issue 22), Messages for the
  // Contact Us form (DESIGN §7), Reports for the takedown queue (issue 24) and Jobs for background
  // work (ADR 019). Only the open tab is mounted, so each loads its data when it opens.
  const panels: Record<AdminTab, ReactNode> = {
    dashboard: (
      <DashboardTab
        onOpenFailedJobs={() => {
          setJobsFilter('failed');
          setFromDashboard(true);
          setTab('jobs');
        }}
        onOpenWithdrawals={openFromDashboard('withdrawals')}
        onOpenPayments={openFromDashboard('payments')}
        onOpenDisputes={openFromDashboard('disputes')}
        onOpenReports={openFromDashboard('reports')}
      />
    ),
    payments: <PaymentsTab />,
    disputes: <DisputesTab />,
    content: <ContentTab />,
    creators: <CreatorsTab />,
    logs: <LogsTab />,
    withdrawals: <WithdrawalsTab />,
    messages: <MessagesTab />,
    reports: <ReportsTab />,
    jobs: <JobsTab filter={jobsFilter} onFilterChange={setJobsFilter} focusFilter={fromDashboard} />,
  };
  const items: Array<TabItem<AdminTab>> = TAB_LABELS.map(({ key, label }) => ({
    key,
    label: t(label),
    panel: panels[key],
  }));

  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <p className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">{t('admin.panel.eyebrow')}</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
        {t('admin.panel.heading')}
      </h1>
      {/* Logout is the header's, on this page as on every other. */}
      <p className="mt-1 truncate text-sm text-ink-muted">{t('admin.panel.signedInAs', { email: account.email })}</p>
      <div ref={tabsRef}>
        <Tabs
          label={t('admin.panel.sections')}
          items={items}
          value={tab}
          onChange={(next) => {
            setFromDashboard(false);
            setTab(next);
          }}
          className="mt-8"
        />
      </div>
    </div>
  );
}
