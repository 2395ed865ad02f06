import { ADMIN_LIST_LIMIT, formatDateTime, formatPaise, type AdminCreator } from '@kholo/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminCreators } from '../api/get-admin-creators.ts';
import { useReinstateCreator } from '../api/reinstate-creator.ts';
import { useSuspendCreator } from '../api/suspend-creator.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, ReasonDialog } from './admin-dialogs.tsx';
import { count } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

export function creatorStatus(creator: Pick<AdminCreator, 'suspendedAt' | 'suspendedReason'>): string {
  if (creator.suspendedAt === null) return 'Active';
  return creator.suspendedReason ? `Suspended: ${creator.suspendedReason}` : 'Suspended';
}

const COLUMNS: ReadonlyArray<AdminColumn<AdminCreator>> = [
  { header: 'Joined', value: (c) => formatDateTime(c.createdAt), nowrap: true },
  { header: 'Name', value: (c) => c.name },
  { header: 'Handle', value: (c) => `@${c.handle}`, href: (c) => `/u/${encodeURIComponent(c.handle)}` },
  { header: 'Email', value: (c) => c.email },
  { header: 'Balance', value: (c) => formatPaise(c.walletBalancePaise), numeric: true },
  { header: 'Items', value: (c) => count(c.contentCount), numeric: true },
  { header: 'Earnings', value: (c) => formatPaise(c.earningsPaise), numeric: true },
  { header: 'Status', value: creatorStatus },
];

type Pending = { kind: 'suspend' | 'reinstate'; creator: AdminCreator } | null;

/** SPEC §7: creators, at most 100; the admin can suspend one (their page and uploads stop). */
export function CreatorsTab() {
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
        aria-label={`Suspend ${creator.name} (@${creator.handle})`}
        onClick={() => {
          setPending({ kind: 'suspend', creator });
        }}
      >
        Suspend
      </Button>
    ) : (
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Reinstate ${creator.name} (@${creator.handle})`}
        onClick={() => {
          setPending({ kind: 'reinstate', creator });
        }}
      >
        Reinstate
      </Button>
    );

  return (
    <AdminTabSection
      title="Creators"
      intro={`Up to ${ADMIN_LIST_LIMIT} creators, newest first, with what Kholo owes each of them.`}
    >
      <AdminQueryView query={creators}>
        {(data) => (
          <AdminDataView label="Creators" rows={data.items} columns={COLUMNS} rowKey={(c) => c.id} actions={actions} />
        )}
      </AdminQueryView>
      {pending?.kind === 'suspend' ? (
        <ReasonDialog
          title={`Suspend ${pending.creator.name}?`}
          description={`Their page @${pending.creator.handle} goes offline and their uploads are refused until you reinstate them. They see your reason.`}
          confirmLabel="Suspend"
          busyLabel="Suspending..."
          confirmVariant="danger"
          send={(reason) => suspend.mutateAsync({ id: pending.creator.id, reason })}
          pending={suspend.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'reinstate' ? (
        <ConfirmDialog
          title={`Reinstate ${pending.creator.name}?`}
          description={`Their page @${pending.creator.handle} comes back and they can upload again.`}
          confirmLabel="Reinstate"
          busyLabel="Reinstating..."
          send={() => reinstate.mutateAsync({ id: pending.creator.id })}
          pending={reinstate.isPending}
          onClose={closeDialog}
        />
      ) : null}
    </AdminTabSection>
  );
}
