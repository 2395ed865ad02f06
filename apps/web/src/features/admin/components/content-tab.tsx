import { ADMIN_LIST_LIMIT, formatDateTime, formatPaise, type AdminContent } from '@kholo/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useAdminContents } from '../api/get-admin-contents.ts';
import { useHideRefundPreview } from '../api/get-hide-refund-preview.ts';
import { useHideContent } from '../api/hide-content.ts';
import { useUnhideContent } from '../api/unhide-content.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, ReasonDialog } from './admin-dialogs.tsx';
import { count } from './admin-format.ts';
import { adminErrorMessage, AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

export function contentStatus(item: Pick<AdminContent, 'hiddenAt' | 'hiddenReason'>): string {
  if (item.hiddenAt === null) return 'Visible';
  return item.hiddenReason ? `Hidden: ${item.hiddenReason}` : 'Hidden';
}

const COLUMNS: ReadonlyArray<AdminColumn<AdminContent>> = [
  { header: 'Created', value: (c) => formatDateTime(c.createdAt), nowrap: true },
  { header: 'Title', value: (c) => c.title },
  {
    header: 'Creator',
    value: (c) => `${c.creatorName} (@${c.creatorHandle})`,
    href: (c) => `/u/${encodeURIComponent(c.creatorHandle)}`,
  },
  { header: 'Price', value: (c) => formatPaise(c.pricePaise), numeric: true },
  { header: 'Unlocks', value: (c) => count(c.unlocks), numeric: true },
  { header: 'Earnings', value: (c) => formatPaise(c.earningsPaise), numeric: true },
  { header: '18+', value: (c) => (c.isAdultContent ? 'Yes' : 'No') },
  { header: 'Status', value: contentStatus },
];

type Pending = { kind: 'hide' | 'unhide'; item: AdminContent } | null;

/** "3 fans will be refunded ₹147 and told why", or that no one will. */
export function refundPreviewText(preview: { fans: number; amountPaise: number }): string {
  if (preview.fans === 0) return 'No fan will be refunded: nobody’s access is still running.';
  return `${count(preview.fans)} ${preview.fans === 1 ? 'fan' : 'fans'} will be refunded ${formatPaise(preview.amountPaise)} and told why.`;
}

/** What hiding refunds, asked of the server when the dialog opens: every fan whose access is still running. */
function HideRefundPreview({ contentId }: { contentId: string }) {
  const preview = useHideRefundPreview(contentId);
  if (preview.isPending)
    return <p className="mt-2 font-semibold text-ink-950">Checking which fans would be refunded…</p>;
  if (preview.isError) {
    return (
      <p className="mt-2 font-semibold text-red-700">
        Could not check which fans would be refunded: {adminErrorMessage(preview.error)} Hiding still refunds every fan
        whose access is running.
      </p>
    );
  }
  return <p className="mt-2 font-semibold text-ink-950">{refundPreviewText(preview.data)}</p>;
}

/** SPEC §7: uploads, at most 100; the admin can hide an item that breaks the Terms. */
export function ContentTab() {
  const contents = useAdminContents();
  const hide = useHideContent();
  const unhide = useUnhideContent();
  const [pending, setPending] = useState<Pending>(null);
  const closeDialog = () => {
    setPending(null);
  };

  const actions = (item: AdminContent) => (
    <>
      <Link
        to={`/content/${encodeURIComponent(item.id)}`}
        aria-label={`View ${item.title}`}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
      >
        View
      </Link>
      {item.hiddenAt === null ? (
        <Button
          variant="danger-ghost"
          size="sm"
          aria-label={`Hide ${item.title}`}
          onClick={() => {
            setPending({ kind: 'hide', item });
          }}
        >
          Hide
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Unhide ${item.title}`}
          onClick={() => {
            setPending({ kind: 'unhide', item });
          }}
        >
          Unhide
        </Button>
      )}
    </>
  );

  return (
    <AdminTabSection
      title="Content"
      intro={`The latest ${ADMIN_LIST_LIMIT} uploads. Hide an item that breaks the Terms; its creator sees why.`}
    >
      <AdminQueryView query={contents}>
        {(data) => (
          <AdminDataView label="Content" rows={data.items} columns={COLUMNS} rowKey={(c) => c.id} actions={actions} />
        )}
      </AdminQueryView>
      {pending?.kind === 'hide' ? (
        <ReasonDialog
          title={`Hide “${pending.item.title}”?`}
          description={
            <>
              <p>
                It leaves the creator’s page and every public list, and no one can unlock it. Every fan whose access is
                still running is refunded in full and loses it. The creator and those fans see your reason.
              </p>
              <HideRefundPreview contentId={pending.item.id} />
            </>
          }
          confirmLabel="Hide"
          busyLabel="Hiding..."
          confirmVariant="danger"
          send={(reason) => hide.mutateAsync({ id: pending.item.id, reason })}
          pending={hide.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'unhide' ? (
        <ConfirmDialog
          title={`Unhide “${pending.item.title}”?`}
          description="It goes back on the creator’s page and fans can unlock it again."
          confirmLabel="Unhide"
          busyLabel="Unhiding..."
          send={() => unhide.mutateAsync({ id: pending.item.id })}
          pending={unhide.isPending}
          onClose={closeDialog}
        />
      ) : null}
    </AdminTabSection>
  );
}
