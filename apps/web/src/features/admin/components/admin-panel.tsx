import { ADMIN_LIST_LIMIT, ADMIN_LOG_LIMIT, type Me } from '@kholo/contracts';
import { useState } from 'react';
import { Tabs, type TabItem } from '../../../components/ui/tabs.tsx';

type AdminTab = 'dashboard' | 'payments' | 'content' | 'creators' | 'logs' | 'withdrawals' | 'messages';

// SPEC §2's tabs, plus Messages for the Contact Us form (DESIGN §7). Their data arrives with the admin issue.
const TABS: ReadonlyArray<{ key: AdminTab; label: string; text: string }> = [
  { key: 'dashboard', label: 'Dashboard', text: 'Counts of users, payments and unlocks will show here.' },
  {
    key: 'payments',
    label: 'Payments',
    text: `The latest ${ADMIN_LIST_LIMIT} payments, newest first, with each sale’s fee split, will be listed here.`,
  },
  { key: 'content', label: 'Content', text: `The latest ${ADMIN_LIST_LIMIT} uploads will be listed here for review.` },
  { key: 'creators', label: 'Creators', text: `Up to ${ADMIN_LIST_LIMIT} creators will be listed here.` },
  { key: 'logs', label: 'Logs', text: `The latest ${ADMIN_LOG_LIMIT} payment order logs will be listed here.` },
  {
    key: 'withdrawals',
    label: 'Withdrawals',
    text: 'Withdrawal requests will be listed here, each with a Mark as Paid button.',
  },
  { key: 'messages', label: 'Messages', text: 'Messages sent through the Contact Us page will be listed here.' },
];

export function AdminPanel({ account }: { account: NonNullable<Me['account']> }) {
  const [tab, setTab] = useState<AdminTab>('dashboard');
  const items: Array<TabItem<AdminTab>> = TABS.map(({ key, label, text }) => ({
    key,
    label,
    panel: (
      <section aria-label={label} className="rounded-3xl bg-white p-5 shadow-card ring-1 ring-ink-950/5 sm:p-8">
        <h2 className="text-2xl font-bold tracking-tight text-ink-950">{label}</h2>
        <p className="mt-3 max-w-2xl leading-7 text-ink-muted">
          {text} This part of the admin panel opens in the next admin release.
        </p>
      </section>
    ),
  }));

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
