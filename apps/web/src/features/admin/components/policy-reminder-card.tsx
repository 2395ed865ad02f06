import {
  formatDate,
  formatDateTime,
  POLICY_REMINDER_INTERVAL_MONTHS,
  type PolicyReminderStatus,
} from '@kholo/contracts';
import { Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { usePolicyReminders, useStartPolicyReminder } from '../api/policy-reminders.ts';
import { ConfirmDialog } from './admin-dialogs.tsx';
import { count, type AdminWords } from './admin-format.ts';

/** What the card says about the next reminder: due by when, overdue, or never sent. */
function nextDue(status: PolicyReminderStatus, { t, locale }: AdminWords): { text: string; overdue: boolean } {
  if (status.nextDueBy === null) return { text: t('adminJobs.reminder.neverSent'), overdue: true };
  const overdue = status.nextDueBy <= status.now;
  return {
    text: t(overdue ? 'adminJobs.reminder.overdueSince' : 'adminJobs.reminder.dueBy', {
      date: formatDate(status.nextDueBy, locale),
    }),
    overdue,
  };
}

/**
 * The rules' reminder (issue 24 §6): the IT Rules ask that every account be told at least every
 * three months that breaking the rules can lead to removal or termination. The admin sends it
 * here; the server mails everyone in batches, and the card follows the run.
 */
export function PolicyReminderCard() {
  const words = useT();
  const { t, locale } = words;
  const headingId = useId();
  const query = usePolicyReminders();
  const start = useStartPolicyReminder();
  const [confirming, setConfirming] = useState(false);
  const status = query.data;
  const running = status?.lastRun?.finishedAt === null;
  const due = status === undefined ? null : nextDue(status, words);

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">
        {t('adminJobs.reminder.heading')}
      </h3>
      <div
        className={cn(
          'mt-3 flex flex-col gap-4 rounded-3xl p-4 ring-1 sm:flex-row sm:items-center sm:justify-between sm:p-5',
          due?.overdue === true && !running ? 'bg-red-50 ring-red-200' : 'bg-cream ring-ink-950/5',
        )}
      >
        <div className="flex min-w-0 items-start gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
            <Megaphone aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 space-y-1 text-sm">
            {status === undefined ? (
              <p className="text-ink-muted">
                {query.isError ? t('adminJobs.reminder.loadFailed') : t('adminJobs.reminder.loading')}
              </p>
            ) : (
              <>
                <p className="font-semibold text-ink-950">
                  {status.lastSentAt === null
                    ? t('adminJobs.reminder.notSent')
                    : t('adminJobs.reminder.lastSent', { when: formatDateTime(status.lastSentAt, locale) })}
                </p>
                {running ? (
                  <p role="status" className="text-ink-800">
                    {t('adminJobs.reminder.sendingNow', { count: count(status.lastRun?.sent ?? 0) })}
                  </p>
                ) : (
                  <p className={cn('font-semibold', due?.overdue === true ? 'text-red-700' : 'text-ink-muted')}>
                    {due?.text}
                  </p>
                )}
                <p className="text-ink-muted">
                  {t('adminJobs.reminder.rule', { months: POLICY_REMINDER_INTERVAL_MONTHS })}
                </p>
              </>
            )}
          </div>
        </div>
        <Button
          variant="dark"
          size="sm"
          className="w-full shrink-0 sm:w-auto"
          aria-disabled={running || status === undefined}
          onClick={() => {
            if (!running && status !== undefined) setConfirming(true);
          }}
        >
          {running ? t('adminJobs.reminder.sending') : t('adminJobs.reminder.send')}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('adminJobs.reminder.confirmTitle')}
          description={t('adminJobs.reminder.confirmDescription')}
          confirmLabel={t('adminJobs.reminder.confirm')}
          busyLabel={t('adminJobs.reminder.starting')}
          send={() => start.mutateAsync()}
          pending={start.isPending}
          onClose={() => {
            setConfirming(false);
          }}
        />
      ) : null}
    </section>
  );
}
