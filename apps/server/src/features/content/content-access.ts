import {
  type ContentAccess,
  type ContentCard,
  type ContentMedia,
  UNLOCK_WINDOW_MS,
  unlockDaysLeft,
} from '@kholo/contracts';
import { mediaUrls, previewImageOf } from '../media/index.js';
import type { ContentCardRow, UnlockRow } from './content-repository.js';
import { isOnSale, type ItemStanding } from './on-sale.js';

/** Who is looking: null for a visitor. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** The unlock that opens the item at `now`, the latest-ending if several; undefined when none runs. */
export function runningUnlock<Unlock extends UnlockRow>(unlocks: readonly Unlock[], now: number): Unlock | undefined {
  let running: Unlock | undefined;
  for (const unlock of unlocks) {
    if (unlock.purchasedAt > now || now >= unlock.expiresAt) continue;
    if (running === undefined || unlock.expiresAt > running.expiresAt) running = unlock;
  }
  return running;
}

/**
 * When the fan's access ran out, for "Your access ended on…": the end of her latest-bought unlock
 * that has ended, when it ran its full 14 days. One that ended early was taken back (a refund or
 * her bank's dispute ends it at that moment, sales.ts endAccess): her access did not run out, and
 * "ended" would hide that her money went back, so she reads the never-bought words instead and
 * /purchases tells her what happened. A dispute decided for her restores it (restoreAccess).
 */
export function accessEndedAt(unlocks: readonly UnlockRow[], now: number): number | null {
  let latest: UnlockRow | undefined;
  for (const unlock of unlocks) {
    if (unlock.expiresAt > now || unlock.purchasedAt > now) continue;
    if (latest === undefined || unlock.purchasedAt > latest.purchasedAt) latest = unlock;
  }
  if (latest === undefined || latest.expiresAt < latest.purchasedAt + UNLOCK_WINDOW_MS) return null;
  return latest.expiresAt;
}

/**
 * Who may see an item's media (DESIGN §5): its creator, a fan whose unlock is still running,
 * and the admin. Everyone else sees only the blurred preview, and a fan whose 14 days ran out is
 * told when. An item the admin hid broke the Terms, so even a paid unlock no longer opens it.
 * `unlocks` are the viewer's unlocks of this item, running or ended (none for a visitor).
 */
export function accessFor(
  viewer: Viewer | null,
  row: Pick<ContentCardRow, 'creatorId' | 'hiddenAt'>,
  unlocks: readonly UnlockRow[],
  now: number,
): ContentAccess {
  if (viewer !== null && viewer.id === row.creatorId) return { kind: 'owner' };
  const unlock = row.hiddenAt === null ? runningUnlock(unlocks, now) : undefined;
  if (unlock !== undefined) {
    return {
      kind: 'unlocked',
      purchasedAt: unlock.purchasedAt,
      expiresAt: unlock.expiresAt,
      daysLeft: unlockDaysLeft(unlock.purchasedAt, now),
    };
  }
  if (viewer?.isAdmin === true) return { kind: 'admin' };
  return { kind: 'locked', accessEndedAt: viewer === null ? null : accessEndedAt(unlocks, now) };
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
    preview: previewImageOf(row, {
      base: mediaUrls.preview(row.id),
      variant: (width, format) => mediaUrls.previewVariant(row.id, width, format),
    }),
    createdAt: row.createdAt,
    access,
    media: access.kind === 'locked' ? null : mediaOf(row),
  };
}
