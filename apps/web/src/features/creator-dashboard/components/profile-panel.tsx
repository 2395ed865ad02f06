import type { CreatorProfile } from '@kholo/contracts';
import { NO_SHARE_LINK_MESSAGE, profileUrl } from './share-link.tsx';

/** What the account holds today; changing the name and avatar arrives with the profile issue. */
export function ProfilePanel({ creator }: { creator: CreatorProfile }) {
  const rows = [
    { term: 'Name', value: creator.name },
    { term: 'Email', value: creator.email, note: 'Your login email can’t be changed here.' },
    { term: 'Handle', value: creator.handle ? `@${creator.handle}` : '—' },
    { term: 'Public page', value: creator.handle ? profileUrl(creator.handle) : NO_SHARE_LINK_MESSAGE },
  ];
  return (
    <>
      <dl className="mt-5 divide-y divide-ink-950/8 rounded-2xl ring-1 ring-ink-950/8">
        {rows.map((row) => (
          <div key={row.term} className="grid gap-1 px-4 py-3.5 sm:grid-cols-[9rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-ink-muted">{row.term}</dt>
            <dd className="min-w-0 break-words text-ink-950">
              {row.value}
              {row.note ? <span className="mt-0.5 block text-sm text-ink-muted">{row.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 max-w-2xl leading-7 text-ink-muted">
        Changing your name, bio and avatar opens in a later release.
      </p>
    </>
  );
}
