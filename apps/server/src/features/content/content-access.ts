import { type ContentAccess, type ContentCard, type ContentMedia, unlockDaysLeft } from '@kholo/contracts';
import { mediaUrls } from '../media/index.js';
import type { ContentCardRow, UnlockRow } from './content-repository.js';
import { isOnSale, type ItemStanding } from './on-sale.js';

/** Who is looking: null for a visitor. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/**
 * Who may see an item's media (DESIGN §5): its creator, a fan whose unlock is still running,
 * and the admin. Everyone else sees only the blurred preview. An item the admin hid broke the
 * Terms, so even a paid unlock no longer opens it.
 */
export function accessFor(
  viewer: Viewer | null,
  row: Pick<ContentCardRow, 'creatorId' | 'hiddenAt'>,
  unlock: UnlockRow | undefined,
  now: number,
): ContentAccess {
  if (viewer !== null && viewer.id === row.creatorId) return { kind: 'owner' };
  if (row.hiddenAt === null && unlock !== undefined && unlock.purchasedAt <= now && now < unlock.expiresAt) {
    return {
      kind: 'unlocked',
      purchasedAt: unlock.purchasedAt,
      expiresAt: unlock.expiresAt,
      daysLeft: unlockDaysLeft(unlock.purchasedAt, now),
    };
  }
  if (viewer?.isAdmin === true) return { kind: 'admin' };
  return { kind: 'locked' };
}

/**
 * An item off sale is gone for the public but stays open to whoever may still see its media:
 * its creator, the admin, and, for a deleted item or a suspended creator's, fans who paid and
 * whose unlock still runs (a hidden item's unlocks no longer count, see accessFor).
 */
export function isVisible(item: ItemStanding, access: ContentAccess): boolean {
  return isOnSale(item) || access.kind !== 'locked';
}

export function mediaOf(row: ContentCardRow): ContentMedia {
  return {
    url: mediaUrls.inline(row.id),
    downloadUrl: mediaUrls.download(row.id),
    mime: row.mediaMime,
    sizeBytes: row.mediaSizeBytes,
    width: row.mediaWidth,
    height: row.mediaHeight,
    durationMs: row.mediaDurationMs,
  };
}

/** The card every page shows. A locked card carries no media address at all, not even a hidden one. */
export function toCard(row: ContentCardRow, access: ContentAccess): ContentCard {
  return {
    id: row.id,
    creatorId: row.creatorId,
    title: row.title,
    description: row.description,
    pricePaise: row.pricePaise,
    isAdultContent: row.isAdultContent === 1,
    mediaKind: row.mediaKind,
    previewUrl: mediaUrls.preview(row.id),
    createdAt: row.createdAt,
    access,
    media: access.kind === 'locked' ? null : mediaOf(row),
  };
}
