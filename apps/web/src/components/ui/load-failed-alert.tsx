import { CircleAlert, RotateCw } from 'lucide-react';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-error.ts';
import { useT } from '../../lib/i18n/index.ts';
import { Button } from './button.tsx';

/**
 * A list or panel that could not load: what failed, the server's reason when it gave one, and
 * a 'Try again' button that reads 'Trying again...' while it runs.
 */
export function LoadFailedAlert({
  title,
  error,
  retrying,
  onRetry,
  spinIcon = false,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  /** Shows a turning arrow on the button. */
  spinIcon?: boolean;
}) {
  const { t, tm } = useT();
  return (
    <div
      role="alert"
      className="mt-4 flex flex-col gap-3 rounded-2xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">{title}</strong>{' '}
          {tm(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE)}
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={retrying}
        onClick={() => {
          if (!retrying) onRetry();
        }}
        className="self-start sm:self-auto"
      >
        {spinIcon ? (
          <RotateCw aria-hidden="true" className={retrying ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
        ) : null}
        {retrying ? t('ui.tryingAgain') : t('ui.tryAgain')}
      </Button>
    </div>
  );
}
