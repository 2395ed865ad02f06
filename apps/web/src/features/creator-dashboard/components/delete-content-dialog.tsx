import { translate, UNLOCK_WINDOW_DAYS, type StudioContent } from '@kholo/contracts';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions, DialogDescription } from '../../../components/ui/dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useDeleteContent } from '../api/delete-content.ts';
import { IconTile } from '../../../components/ui/icon-tile.tsx';

export const CONTENT_DELETED_MESSAGE = translate('en', 'dashboardContent.deleteDialog.deleted');

/**
 * Asks before deleting, and says what deleting means: the item leaves the public page at once,
 * but fans who paid keep it until their unlock ends.
 */
export function DeleteContentDialog({
  item,
  onClose,
}: {
  item: StudioContent;
  /** `deleted` says whether the item is gone, so the list can put focus somewhere sensible. */
  onClose: (deleted: boolean) => void;
}) {
  const { t, tm } = useT();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  const remove = useDeleteContent();
  const { run } = useSingleFlight(remove.isPending);
  const [error, setError] = useState<string | null>(null);

  // The safe choice has focus first.
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);

  const close = () => dialogRef.current?.close();

  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await remove.mutateAsync(item.id);
        deleted.current = true;
        close();
        toast.success(t('dashboardContent.deleteDialog.deleted'), {
          description: t('dashboardContent.deleteDialog.deletedBody', { title: item.title }),
        });
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
      }
    });

  const busy = remove.isPending;
  const titleId = `${id}-heading`;
  const descriptionId = `${id}-description`;

  return (
    <Dialog
      ref={dialogRef}
      labelledBy={titleId}
      describedBy={descriptionId}
      dismissible={!busy}
      onClose={() => {
        onClose(deleted.current);
      }}
    >
      <div className="px-5 pt-6 pb-6 sm:px-8 sm:pt-8 sm:pb-8">
        <IconTile icon={Trash2} tone="danger" />
        <h2 id={titleId} className="mt-4 text-2xl font-extrabold tracking-tight break-words text-ink-950">
          {t('dashboardContent.deleteDialog.title', { title: item.title })}
        </h2>
        <DialogDescription id={descriptionId}>
          <p>{t('dashboardContent.deleteDialog.gone')}</p>
          <p>{t('dashboardContent.deleteDialog.fansKeep', { days: UNLOCK_WINDOW_DAYS })}</p>
        </DialogDescription>
        {error ? <ErrorAlert>{tm(error)}</ErrorAlert> : null}
        <DialogActions
          onCancel={close}
          cancelLabel={t('dashboardContent.deleteDialog.keep')}
          cancelRef={cancelRef}
          busy={busy}
        >
          <Button
            variant="danger"
            aria-disabled={busy}
            onClick={() => {
              void confirm();
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t(busy ? 'dashboardContent.deleteDialog.deleting' : 'dashboardContent.deleteDialog.delete')}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
