import { type ContentAccess, type ContentCard, type ContentMedia, unlockDaysLeft } from '@kholo/contracts';
import { mediaUrls } from '../media/media-urls.js';
import type { ContentRow, UnlockRow } from './content-repository.js';

/** Who is looking: null for a visitor. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/**
 * Who may see an item's media (DESIGN §5): its creator, a fan whose unlock is still running,
 * and the admin. Everyone else sees only the blurred preview.
 */
export function accessFor(
  viewer: Viewer | null,
  row: ContentRow,
  unlock: UnlockRow | undefined,
  now: number,
): ContentAccess {
  if (viewer !== null && viewer.id === row.creatorId) return { kind: 'owner' };
  if (unlock !== undefined && unlock.purchasedAt <= now && now < unlock.expiresAt) {
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

/** A deleted item is gone for the public but stays open to whoever may still see its media. */
export function isVisible(row: ContentRow, access: ContentAccess): boolean {
  return row.deletedAt === null || access.kind !== 'locked';
}

export function mediaOf(row: ContentRow): ContentMedia {
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
export function toCard(row: ContentRow, access: ContentAccess): ContentCard {
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
