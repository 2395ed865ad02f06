import { CONTENT_MESSAGES, profileShareMessage, type PublicCreator } from '@kholo/contracts';
import { ShareButtons } from '../../../components/share/share-buttons.tsx';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ReportButton } from '../../reports/index.ts';
import { CreatorAvatar } from './creator-avatar.tsx';

/** `PUBLIC_URL/u/{handle}`: built from the configured public address, never from the page's own. */
export function creatorPageUrl(handle: string): string {
  return `${getPublicConfig().publicUrl}/u/${encodeURIComponent(handle)}`;
}

/**
 * The top of a creator's page: avatar or initial, name, bio (SPEC §2), and sharing it: WhatsApp
 * (a real link, so it works before the app loads), Copy link, and the share sheet where the
 * browser has one (after hydration).
 */
export function CreatorProfileHeader({ creator, totalCount }: { creator: PublicCreator; totalCount: number }) {
  const { t, tm } = useT();
  const bio = creator.bio?.trim() ? creator.bio : tm(CONTENT_MESSAGES.defaultBio);
  return (
    <section
      aria-labelledby="creator-name"
      className="overflow-hidden rounded-[2rem] bg-white shadow-card ring-1 ring-ink-950/5"
    >
      <div aria-hidden="true" className="relative h-24 overflow-hidden bg-ink-950 sm:h-32">
        <div className="absolute -top-10 -right-6 size-44 rounded-full bg-marigold-400/25 blur-2xl" />
        <div className="absolute -bottom-16 left-1/4 size-40 rounded-full bg-ink-500/40 blur-2xl" />
      </div>
      <div className="relative px-5 pb-6 sm:px-8 sm:pb-8">
        <div className="flex items-end justify-between gap-3">
          <CreatorAvatar creator={creator} size="lg" className="-mt-10 ring-4 ring-white sm:-mt-12" />
          <div className="flex flex-wrap justify-end gap-1">
            <ReportButton
              subject={{ type: 'creator', handle: creator.handle, name: creator.name, creatorId: creator.id }}
            />
          </div>
        </div>
        <h1
          id="creator-name"
          className="mt-4 text-2xl leading-tight font-extrabold tracking-tight break-words text-ink-950 sm:text-3xl"
        >
          {creator.name}
        </h1>
        <p className="mt-1 text-sm font-semibold text-ink-muted">
          <span className="break-all">@{creator.handle}</span>
          <span aria-hidden="true"> · </span>
          <span>{t(totalCount === 1 ? 'creatorPage.postsOne' : 'creatorPage.postsOther', { count: totalCount })}</span>
        </p>
        <p className="mt-3 max-w-2xl leading-7 break-words whitespace-pre-line text-ink-muted">{bio}</p>
        <ShareButtons
          className="mt-5"
          url={creatorPageUrl(creator.handle)}
          title={t('creatorPage.shareTitle', { name: creator.name })}
          message={(link) => profileShareMessage(creator.name, link)}
        />
      </div>
    </section>
  );
}

export function CreatorProfileHeaderSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-[2rem] bg-white shadow-card ring-1 ring-ink-950/5">
      <div className="h-24 bg-ink-950 sm:h-32" />
      <div className="relative px-5 pb-6 sm:px-8 sm:pb-8">
        <div className="-mt-10 size-20 rounded-full bg-ink-100 ring-4 ring-white sm:-mt-12 sm:size-24" />
        <div className="mt-4 h-7 w-48 max-w-full rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="mt-3 h-4 w-32 rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
        <div className="mt-4 h-4 w-72 max-w-full rounded-full bg-ink-100/70 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}
