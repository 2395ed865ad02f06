import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';

/** The message of a failed admin call, for 'Failed to fetch data: …' and the dialogs. */
export function adminErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/**
 * A tab's data as SPEC §4 loads it: a spinner, then the data or 'Failed to fetch data: …' with a
 * Retry button. A failed reload keeps the rows it already had under the message.
 */
export function AdminQueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t, tm } = useT();
  if (query.isPending) return <Spinner />;
  return (
    <>
      {query.isError ? (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
        >
          <p className="flex min-w-0 flex-1 items-start gap-2 break-words">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('admin.fetchFailed', { reason: tm(adminErrorMessage(query.error)) })}
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-disabled={query.isFetching}
            onClick={() => {
              if (!query.isFetching) void query.refetch();
            }}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('admin.retry')}
          </Button>
        </div>
      ) : null}
      {query.data === undefined ? null : children(query.data)}
    </>
  );
}
