import type { Me } from '@kholo/contracts';
import { useState, type ComponentType } from 'react';
import { Tabs, type TabItem } from '../../../components/ui/tabs.tsx';
import { ContentTab } from './content-tab.tsx';
import { CreatorsTab } from './creators-tab.tsx';
import { DashboardTab } from './dashboard-tab.tsx';
import { LogsTab } from './logs-tab.tsx';
import { MessagesTab } from './messages-tab.tsx';
import { PaymentsTab } from './payments-tab.tsx';
import { WithdrawalsTab } from './withdrawals-tab.tsx';

type AdminTab = 'dashboard' | 'payments' | 'content' | 'creators' | 'logs' | 'withdrawals' | 'messages';

// SPEC §2's tabs, plus Messages for the Contact Us form (DESIGN §7). Only the open tab is
// mounted, so each loads its data when it opens.
const TABS: ReadonlyArray<{ key: AdminTab; label: string; Panel: ComponentType }> = [
  { key: 'dashboard', label: 'Dashboard', Panel: DashboardTab },
  { key: 'payments', label: 'Payments', Panel: PaymentsTab },
  { key: 'content', label: 'Content', Panel: ContentTab },
  { key: 'creators', label: 'Creators', Panel: CreatorsTab },
  { key: 'logs', label: 'Logs', Panel: LogsTab },
  { key: 'withdrawals', label: 'Withdrawals', Panel: WithdrawalsTab },
  { key: 'messages', label: 'Messages', Panel: MessagesTab },
];

export function AdminPanel({ account }: { account: NonNullable<Me['account']> }) {
  const [tab, setTab] = useState<AdminTab>('dashboard');
  const items: Array<TabItem<AdminTab>> = TABS.map(({ key, label, Panel }) => ({ key, label, panel: <Panel /> }));

  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <p className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">Admin</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">Admin panel</h1>
      {/* Logout is the header's, on this page as on every other. */}
      <p className="mt-1 truncate text-sm text-ink-muted">Signed in as {account.email}</p>
      <Tabs label="Admin sections" items={items} value={tab} onChange={setTab} className="mt-8" />
    </div>
  );
}
