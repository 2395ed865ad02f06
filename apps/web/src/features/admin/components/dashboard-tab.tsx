import { formatPaise, type AdminOverview, type MessageKey } from '@kholo/contracts';
import {
  Banknote,
  Gavel,
  LifeBuoy,
  RotateCcw,
  Undo2,
  CircleAlert,
  FileImage,
  Flag,
  ListChecks,
  Hourglass,
  IndianRupee,
  KeyRound,
  Landmark,
  Palette,
  Receipt,
  Users,
  UserRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useAdminOverview } from '../api/get-admin-overview.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { count, type AdminWords } from './admin-format.ts';
import { PayoutsSection } from './payouts-section.tsx';
import { PolicyReminderCard } from './policy-reminder-card.tsx';

interface StatCard {
  label: MessageKey;
  icon: LucideIcon;
  value: (overview: AdminOverview, words: AdminWords) => string;
  note?: (overview: AdminOverview, words: AdminWords) => string;
}

const COUNT_CARDS: readonly StatCard[] = [
  {
    label: 'admin.dashboard.users',
    icon: Users,
    value: (o) => count(o.counts.users),
    note: (_o, { t }) => t('admin.dashboard.usersNote'),
  },
  { label: 'admin.dashboard.creators', icon: Palette, value: (o) => count(o.counts.creators) },
  { label: 'admin.dashboard.fans', icon: UserRound, value: (o) => count(o.counts.fans) },
  {
    label: 'admin.dashboard.payments',
    icon: Receipt,
    value: (o) => count(o.counts.payments),
    note: (o, { t }) =>
      t(o.counts.orders === 1 ? 'admin.dashboard.paymentsNoteOne' : 'admin.dashboard.paymentsNoteOther', {
        count: count(o.counts.orders),
      }),
  },
  { label: 'admin.dashboard.unlocks', icon: KeyRound, value: (o) => count(o.counts.unlocks) },
  { label: 'admin.dashboard.contents', icon: FileImage, value: (o) => count(o.counts.contents) },
];

const MONEY_CARDS: readonly StatCard[] = [
  {
    label: 'admin.dashboard.sales',
    icon: IndianRupee,
    value: (o, { locale }) => formatPaise(o.money.salesPaise, locale),
    note: (_o, { t }) => t('admin.dashboard.salesNote'),
  },
  {
    label: 'admin.dashboard.platformFees',
    icon: Landmark,
    value: (o, { locale }) => formatPaise(o.money.platformFeesPaise, locale),
  },
  {
    label: 'admin.dashboard.owedToCreators',
    icon: Wallet,
    value: (o, { locale }) => formatPaise(o.money.creatorBalancesPaise, locale),
    note: (_o, { t }) => t('admin.dashboard.owedToCreatorsNote'),
  },
  {
    label: 'admin.dashboard.withdrawalsPending',
    icon: Hourglass,
    value: (o, { locale }) => formatPaise(o.money.withdrawalsPendingPaise, locale),
    // Everything held and not yet paid: requested, in review or being sent.
    note: (o, { t }) =>
      t(
        o.money.withdrawalsPendingCount === 1
          ? 'admin.dashboard.withdrawalsPendingNoteOne'
          : 'admin.dashboard.withdrawalsPendingNoteOther',
        { count: count(o.money.withdrawalsPendingCount) },
      ),
  },
  {
    label: 'admin.dashboard.paidOut',
    icon: Banknote,
    value: (o, { locale }) => formatPaise(o.money.withdrawalsPaidPaise, locale),
  },
  {
    label: 'admin.dashboard.refunded',
    icon: Undo2,
    value: (o, { locale }) => formatPaise(o.money.refundsPaise, locale),
    note: (_o, { t }) => t('admin.dashboard.refundedNote'),
  },
  {
    label: 'admin.dashboard.owedByCreators',
    icon: RotateCcw,
    value: (o, { locale }) => formatPaise(o.money.creatorReceivablesPaise, locale),
    note: (_o, { t }) => t('admin.dashboard.owedByCreatorsNote'),
  },
];

function StatGrid({
  title,
  cards,
  overview,
  dark = false,
}: {
  title: string;
  cards: readonly StatCard[];
  overview: AdminOverview;
  dark?: boolean;
}) {
  const words = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8 first:mt-0">
      <h3 id={headingId} className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">
        {title}
      </h3>
      <ul className="mt-3 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ label, icon: Icon, value, note }) => (
          <li
            key={label}
            className={cn(
              'flex min-w-0 items-start gap-4 rounded-3xl p-4 ring-1 sm:p-5',
              dark ? 'bg-ink-950 text-white ring-ink-950' : 'bg-cream text-ink-950 ring-ink-950/5',
            )}
          >
            <span
              className={cn(
                'grid size-11 shrink-0 place-items-center rounded-2xl',
                dark ? 'bg-white/10 text-marigold-300' : 'bg-marigold-100 text-marigold-800',
              )}
            >
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <p className="min-w-0">
              <span className={cn('block text-sm font-semibold', dark ? 'text-ink-100' : 'text-ink-muted')}>
                {words.t(label)}
              </span>
              <span className="block truncate text-2xl font-extrabold tracking-tight tabular-nums">
                {value(overview, words)}
              </span>
              {note ? (
                <span className={cn('block text-sm', dark ? 'text-ink-200' : 'text-ink-muted')}>
                  {note(overview, words)}
                </span>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Background jobs that used all their tries (an email nobody received among them): first on the
 * Dashboard, red with a way to them when there are any, so they are not found by chance.
 */
function FailedJobs({ failed, onOpen }: { failed: number; onOpen: () => void }) {
  const { t } = useT();
  const headingId = useId();
  const warn = failed > 0;
  const Icon = warn ? CircleAlert : ListChecks;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-3xl p-4 ring-1 sm:flex-row sm:items-center sm:p-5',
        warn ? 'bg-red-50 ring-red-200' : 'bg-cream ring-ink-950/5',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <span
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-2xl',
            warn ? 'bg-red-100 text-red-700' : 'bg-marigold-100 text-marigold-800',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className={cn('text-sm font-semibold', warn ? 'text-red-800' : 'text-ink-muted')}>
            {t('admin.dashboard.failedJobs')}
          </h3>
          <p
            className={cn(
              'text-2xl font-extrabold tracking-tight tabular-nums',
              warn ? 'text-red-800' : 'text-ink-950',
            )}
          >
            {count(failed)}
          </p>
          <p className={cn('text-sm', warn ? 'text-red-800' : 'text-ink-muted')}>
            {warn ? t('admin.dashboard.failedJobsWaiting') : t('admin.dashboard.failedJobsClear')}
          </p>
        </div>
      </div>
      {warn ? (
        <Button variant="danger" size="sm" className="w-full sm:w-auto" onClick={onOpen}>
          {t('admin.dashboard.failedJobsButton')}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The takedown queue (issue 24): reports, grievances and review requests not yet decided, red when
 * any is past its deadline, with a way to the Reports tab.
 */
function OpenReports({ open, overdue, onOpen }: { open: number; overdue: number; onOpen: () => void }) {
  const { t } = useT();
  const headingId = useId();
  const warn = overdue > 0;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'mt-3 flex flex-col gap-4 rounded-3xl p-4 ring-1 sm:flex-row sm:items-center sm:p-5',
        warn ? 'bg-red-50 ring-red-200' : open > 0 ? 'bg-marigold-50 ring-marigold-200' : 'bg-cream ring-ink-950/5',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <span
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-2xl',
            warn ? 'bg-red-100 text-red-700' : 'bg-marigold-100 text-marigold-800',
          )}
        >
          {warn ? (
            <CircleAlert aria-hidden="true" className="size-5" />
          ) : (
            <Flag aria-hidden="true" className="size-5" />
          )}
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className={cn('text-sm font-semibold', warn ? 'text-red-800' : 'text-ink-muted')}>
            {t('admin.dashboard.reports')}
          </h3>
          <p className="text-2xl font-extrabold tracking-tight tabular-nums text-ink-950">
            {t('admin.dashboard.reportsOpen', { count: count(open) })}
            {', '}
            <span className={warn ? 'text-red-800' : undefined}>
              {t('admin.dashboard.reportsOverdue', { count: count(overdue) })}
            </span>
          </p>
          <p className={cn('text-sm', warn ? 'text-red-800' : 'text-ink-muted')}>
            {warn
              ? t('admin.dashboard.reportsOverdueNote')
              : open > 0
                ? t('admin.dashboard.reportsOpenNote')
                : t('admin.dashboard.reportsClear')}
          </p>
        </div>
      </div>
      {open > 0 ? (
        <Button variant={warn ? 'danger' : 'dark'} size="sm" className="w-full sm:w-auto" onClick={onOpen}>
          {t('admin.dashboard.reportsButton')}
        </Button>
      ) : null}
    </section>
  );
}

interface MoneyBackCard {
  key: 'openProblemReports' | 'openDisputes' | 'failedRefunds';
  label: MessageKey;
  icon: LucideIcon;
  /** What a count above zero means, and what to do. */
  waiting: MessageKey;
  clear: MessageKey;
  action: MessageKey;
  /** Red for money Kholo owes or may lose; marigold for fans waiting on an answer. */
  tone: 'red' | 'marigold';
  view: 'payments' | 'disputes';
}

const MONEY_BACK_CARDS: readonly MoneyBackCard[] = [
  {
    key: 'openProblemReports',
    label: 'admin.dashboard.openProblemReports',
    icon: LifeBuoy,
    waiting: 'admin.dashboard.openProblemReportsWaiting',
    clear: 'admin.dashboard.openProblemReportsClear',
    action: 'admin.dashboard.openProblemReportsButton',
    tone: 'marigold',
    view: 'payments',
  },
  {
    key: 'openDisputes',
    label: 'admin.dashboard.openDisputes',
    icon: Gavel,
    waiting: 'admin.dashboard.openDisputesWaiting',
    clear: 'admin.dashboard.openDisputesClear',
    action: 'admin.dashboard.openDisputesButton',
    tone: 'red',
    view: 'disputes',
  },
  {
    key: 'failedRefunds',
    label: 'admin.dashboard.failedRefunds',
    icon: CircleAlert,
    waiting: 'admin.dashboard.failedRefundsWaiting',
    clear: 'admin.dashboard.failedRefundsClear',
    action: 'admin.dashboard.failedRefundsButton',
    tone: 'red',
    view: 'payments',
  },
];

const MONEY_BACK_TONES = {
  red: { box: 'bg-red-50 ring-red-200', icon: 'bg-red-100 text-red-700', text: 'text-red-800', button: 'danger' },
  marigold: {
    box: 'bg-marigold-50 ring-marigold-200',
    icon: 'bg-marigold-100 text-marigold-800',
    text: 'text-ink-950',
    button: 'dark',
  },
} as const;

/** Money back (issue 22): tickets, disputes and refunds that need the admin, each with a way to its view. */
function MoneyBack({ overview, onOpen }: { overview: AdminOverview; onOpen: (view: MoneyBackCard['view']) => void }) {
  const { t } = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">
        {t('admin.dashboard.moneyBack')}
      </h3>
      <ul className="mt-3 grid grid-cols-1 gap-3 lg:grid-cols-3">
        {MONEY_BACK_CARDS.map(({ key, label, icon: Icon, waiting, clear, action, tone, view }) => {
          const value = overview.counts[key];
          const warn = value > 0;
          const style = MONEY_BACK_TONES[tone];
          return (
            <li
              key={key}
              className={cn(
                'flex min-w-0 flex-col gap-3 rounded-3xl p-4 ring-1 sm:p-5',
                warn ? style.box : 'bg-cream ring-ink-950/5',
              )}
            >
              <div className="flex min-w-0 items-start gap-4">
                <span
                  className={cn(
                    'grid size-11 shrink-0 place-items-center rounded-2xl',
                    warn ? style.icon : 'bg-marigold-100 text-marigold-800',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <h4 className={cn('text-sm font-semibold', warn ? style.text : 'text-ink-muted')}>{t(label)}</h4>
                  <p
                    className={cn(
                      'text-2xl font-extrabold tracking-tight tabular-nums',
                      warn ? style.text : 'text-ink-950',
                    )}
                  >
                    {count(value)}
                  </p>
                  <p className={cn('text-sm', warn ? style.text : 'text-ink-muted')}>{t(warn ? waiting : clear)}</p>
                </div>
              </div>
              {warn ? (
                <Button
                  variant={style.button}
                  size="sm"
                  className="mt-auto w-full sm:w-auto sm:self-start"
                  onClick={() => {
                    onOpen(view);
                  }}
                >
                  {t(action)}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * SPEC §2/§7: counts of users, payments and unlocks, and the money at a glance; whether any
 * background job failed for good; tickets, disputes and refunds waiting for the admin (issue 22);
 * and where payouts stand (issue 21).
 */
export function DashboardTab({
  onOpenFailedJobs,
  onOpenWithdrawals,
  onOpenPayments,
  onOpenDisputes,
  onOpenReports,
}: {
  onOpenFailedJobs: () => void;
  onOpenWithdrawals: () => void;
  onOpenPayments: () => void;
  onOpenDisputes: () => void;
  onOpenReports: () => void;
}) {
  const { t } = useT();
  const overview = useAdminOverview();
  return (
    <AdminTabSection title={t('admin.dashboard.title')} intro={t('admin.dashboard.intro')}>
      <AdminQueryView query={overview}>
        {(data) => (
          <>
            <FailedJobs failed={data.counts.failedJobs} onOpen={onOpenFailedJobs} />
            <OpenReports open={data.counts.openReports} overdue={data.counts.overdueReports} onOpen={onOpenReports} />
            <MoneyBack
              overview={data}
              onOpen={(view) => {
                if (view === 'disputes') onOpenDisputes();
                else onOpenPayments();
              }}
            />
            <PayoutsSection payouts={data.payouts} onOpenWithdrawals={onOpenWithdrawals} />
            <PolicyReminderCard />
            <StatGrid title={t('admin.dashboard.money')} cards={MONEY_CARDS} overview={data} dark />
            <StatGrid title={t('admin.dashboard.counts')} cards={COUNT_CARDS} overview={data} />
          </>
        )}
      </AdminQueryView>
    </AdminTabSection>
  );
}
