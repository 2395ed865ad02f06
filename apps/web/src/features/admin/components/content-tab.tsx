import { ADMIN_LIST_LIMIT, formatDateTime, formatPaise, type AdminContent } from '@kholo/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useAdminContents } from '../api/get-admin-contents.ts';
import { useHideRefundPreview } from '../api/get-hide-refund-preview.ts';
import { useHideContent } from '../api/hide-content.ts';
import { useUnhideContent } from '../api/unhide-content.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, ReasonDialog } from './admin-dialogs.tsx';
import { count, ENGLISH_WORDS, type AdminWords } from './admin-format.ts';
import { adminErrorMessage, AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

/** What the columns need of useT: the reason an item is hidden may be the server's words (a report's hold). */
type ContentWords = AdminWords & { tm?: (message: string) => string };

export function contentStatus(
  item: Pick<AdminContent, 'hiddenAt' | 'hiddenReason'>,
  { t, tm = (message) => message }: ContentWords = ENGLISH_WORDS,
): string {
  if (item.hiddenAt === null) return t('admin.content.visible');
  return item.hiddenReason
    ? t('admin.content.hiddenBecause', { reason: tm(item.hiddenReason) })
    : t('admin.content.hidden');
}

function contentColumns(words: ContentWords): ReadonlyArray<AdminColumn<AdminContent>> {
  const { t, locale } = words;
  return [
    { header: t('admin.content.created'), value: (c) => formatDateTime(c.createdAt, locale), nowrap: true },
    { header: t('admin.content.itemTitle'), value: (c) => c.title },
    {
      header: t('admin.content.creator'),
      value: (c) => `${c.creatorName} (@${c.creatorHandle})`,
      href: (c) => `/u/${encodeURIComponent(c.creatorHandle)}`,
    },
    { header: t('admin.content.price'), value: (c) => formatPaise(c.pricePaise, locale), numeric: true },
    { header: t('admin.content.unlocks'), value: (c) => count(c.unlocks), numeric: true },
    { header: t('admin.content.earnings'), value: (c) => formatPaise(c.earningsPaise, locale), numeric: true },
    { header: t('admin.content.adult'), value: (c) => (c.isAdultContent ? t('admin.yes') : t('admin.no')) },
    { header: t('admin.content.status'), value: (c) => contentStatus(c, words) },
  ];
}

type Pending = { kind: 'hide' | 'unhide'; item: AdminContent } | null;

/** "3 fans will be refunded ₹147 and told why", or that no one will. */
export function refundPreviewText(
  preview: { fans: number; amountPaise: number },
  { t, locale }: AdminWords = ENGLISH_WORDS,
): string {
  if (preview.fans === 0) return t('admin.content.noRefund');
  const params = { count: count(preview.fans), amount: formatPaise(preview.amountPaise, locale) };
  return preview.fans === 1 ? t('admin.content.refundOne', params) : t('admin.content.refundOther', params);
}

/** What hiding refunds, asked of the server when the dialog opens: every fan whose access is still running. */
function HideRefundPreview({ contentId }: { contentId: string }) {
  const words = useT();
  const { t, tm } = words;
  const preview = useHideRefundPreview(contentId);
  if (preview.isPending) return <p className="mt-2 font-semibold text-ink-950">{t('admin.content.checkingRefund')}</p>;
  if (preview.isError) {
    return (
      <p className="mt-2 font-semibold text-red-700">
        {t('admin.content.refundCheckFailed', { reason: tm(adminErrorMessage(preview.error)) })}
      </p>
    );
  }
  return <p className="mt-2 font-semibold text-ink-950">{refundPreviewText(preview.data, words)}</p>;
}

/** SPEC §7: uploads, at most 100; the admin can hide an item that breaks the Terms. */
export function ContentTab() {
  const words = useT();
  const { t } = words;
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
        aria-label={t('admin.content.viewLabel', { title: item.title })}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
      >
        {t('admin.content.view')}
      </Link>
      {item.hiddenAt === null ? (
        <Button
          variant="danger-ghost"
          size="sm"
          aria-label={t('admin.content.hideLabel', { title: item.title })}
          onClick={() => {
            setPending({ kind: 'hide', item });
          }}
        >
          {t('admin.content.hide')}
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('admin.content.unhideLabel', { title: item.title })}
          onClick={() => {
            setPending({ kind: 'unhide', item });
          }}
        >
          {t('admin.content.unhide')}
        </Button>
      )}
    </>
  );

  return (
    <AdminTabSection title={t('admin.content.title')} intro={t('admin.content.intro', { limit: ADMIN_LIST_LIMIT })}>
      <AdminQueryView query={contents}>
        {(data) => (
          <AdminDataView
            label={t('admin.content.title')}
            rows={data.items}
            columns={contentColumns(words)}
            rowKey={(c) => c.id}
            actions={actions}
          />
        )}
      </AdminQueryView>
      {pending?.kind === 'hide' ? (
        <ReasonDialog
          title={t('admin.content.hideTitle', { title: pending.item.title })}
          description={
            <>
              <p>{t('admin.content.hideDescription')}</p>
              <HideRefundPreview contentId={pending.item.id} />
            </>
          }
          confirmLabel={t('admin.content.hide')}
          busyLabel={t('admin.content.hiding')}
          confirmVariant="danger"
          send={(reason) => hide.mutateAsync({ id: pending.item.id, reason })}
          pending={hide.isPending}
          onClose={closeDialog}
        />
      ) : pending?.kind === 'unhide' ? (
        <ConfirmDialog
          title={t('admin.content.unhideTitle', { title: pending.item.title })}
          description={t('admin.content.unhideDescription')}
          confirmLabel={t('admin.content.unhide')}
          busyLabel={t('admin.content.unhiding')}
          send={() => unhide.mutateAsync({ id: pending.item.id })}
          pending={unhide.isPending}
          onClose={closeDialog}
        />
      ) : null}
    </AdminTabSection>
  );
}
