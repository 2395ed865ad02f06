import { ADMIN_LIST_LIMIT, formatDateTime, formatPaise, type AdminCreator } from '@kholo/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useAdminCreators } from '../api/get-admin-creators.ts';
import { useReinstateCreator } from '../api/reinstate-creator.ts';
import { useSuspendCreator } from '../api/suspend-creator.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, ReasonDialog } from './admin-dialogs.tsx';
import { count, ENGLISH_WORDS, type AdminWords } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

export function creatorStatus(
  creator: Pick<AdminCreator, 'suspendedAt' | 'suspendedReason'>,
  { t }: AdminWords = ENGLISH_WORDS,
): string {
  if (creator.suspendedAt === null) return t('admin.creators.active');
  return creator.suspendedReason
    ? t('admin.creators.suspendedBecause', { reason: creator.suspendedReason })
    : t('admin.creators.suspended');
}

function creatorColumns(words: AdminWords): ReadonlyArray<AdminColumn<AdminCreator>> {
  const { t, locale } = words;
  return [
    { header: t('admin.creators.joined'), value: (c) => formatDateTime(c.createdAt, locale), nowrap: true },
    { header: t('admin.creators.name'), value: (c) => c.name },
    {
      header: t('admin.creators.handle'),
      value: (c) => `@${c.handle}`,
      href: (c) => `/u/${encodeURIComponent(c.handle)}`,
    },
    { header: t('admin.creators.email'), value: (c) => c.email },
    { header: t('admin.creators.balance'), value: (c) => formatPaise(c.walletBalancePaise, locale), numeric: true },
    { header: t('admin.creators.items'), value: (c) => count(c.contentCount), numeric: true },
    { header: t('admin.creators.earnings'), value: (c) => formatPaise(c.earningsPaise, locale), numeric: true },
    { header: t('admin.creators.status'), value: (c) => creatorStatus(c, words) },
  ];
}

type Pending = { kind: 'suspend' | 'reinstate'; creator: AdminCreator } | null;

/** SPEC §7: creators, at most 100; the admin can suspend one (their page and uploads stop). */
export function CreatorsTab() {
  const words = useT();
  const { t } = words;
  const creators = useAdminCreators();
  const suspend = useSuspendCreator();
  const reinstate = useReinstateCreator();
  const [pending, setPending] = useState<Pending>(null);
  const closeDialog = () => {
    setPending(null);
  };

  const actions = (creator: AdminCreator) =>
    creator.suspendedAt === null ? (
      <Button
        variant="danger-ghost"
        size="sm"
        aria-label={t('admin.creators.suspendLabel', { name: creator.name, handle: creator.handle })}
        onClick={() => {
          setPending({ kind: 'suspend', creator });
        }}
      >
        {t('admin.creators.suspend')}
      </Button>
    ) : (
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('admin.creators.reinstateLabel', { name: creator.name, handle: creator.handle })}
        onClick={() => {
          setPending({ kind: 'reinstate', creator });
        }}
      >
        {t('admin.creators.reinstate')}
      </Button>
    );

  return (
    <AdminTabSection title={t('admin.creators.title')} intro={t('admin.creators.intro', { limit: ADMIN_LIST_LIMIT })}>
      <AdminQueryView query={creators}>
        {(data) => (
          <AdminDataView
            label={t('admin.creators.title')}
            rows={data.items}
            columns={creatorColumns(words)}
            rowKey={(c) => c.id}
            actions={actions}
          />
        )}
      </AdminQueryView>
      {pending?.kind === 'suspend' ? (
        <ReasonDialog
          title={t('admin.creators.suspendTitle', { name: pending.creator.name })}
          description={t('admin.creators.suspendDescription', { handle: pending.creator.handle })}
          confirmLabel={t('admin.creators.suspend')}
          busyLabel={t('admin.creators.suspending')}
          confirmVariant="danger"
          send={(reason) => suspend.mutateAsync({ id: pending.creator.id, reason })}
          pending={suspend.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'reinstate' ? (
        <ConfirmDialog
          title={t('admin.creators.reinstateTitle', { name: pending.creator.name })}
          description={t('admin.creators.reinstateDescription', { handle: pending.creator.handle })}
          confirmLabel={t('admin.creators.reinstate')}
          busyLabel={t('admin.creators.reinstating')}
          send={() => reinstate.mutateAsync({ id: pending.creator.id })}
          pending={reinstate.isPending}
          onClose={closeDialog}
        />
      ) : null}
    </AdminTabSection>
  );
}
