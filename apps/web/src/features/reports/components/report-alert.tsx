import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** A refusal or failure inside the Report dialog, read out when it appears. */
export function ReportAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium break-words text-red-700 ring-1 ring-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
