import type { ReactNode } from 'react';

/** One tab's box: its heading, a line on what it lists, then its data. */
export function AdminTabSection({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-3xl bg-white p-4 shadow-card ring-1 ring-ink-950/5 sm:p-6 lg:p-8">
      <h2 className="text-2xl font-bold tracking-tight text-ink-950">{title}</h2>
      <p className="mt-1 mb-5 max-w-3xl leading-7 text-ink-muted">{intro}</p>
      {children}
    </div>
  );
}
