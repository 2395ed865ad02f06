import { describe, expect, it } from 'vitest';
import { accessFor, isVisible, mediaOf, toCard, type Viewer } from './content-access.js';
import type { ContentRow, UnlockRow } from './content-repository.js';
import { isOnSale } from './on-sale.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 21, 6, 0);

const row: ContentRow = {
  id: 'c1',
  creatorId: 'creator-1',
  title: 'Holi in Jaipur',
  description: 'Colours at the City Palace',
  pricePaise: 49900,
  isAdultContent: 0,
  mediaKind: 'image',
  mediaKey: 'media/creator-1/1795240800000_holi-0a1b2c3d.jpg',
  mediaMime: 'image/jpeg',
  mediaSizeBytes: 123456,
  mediaWidth: 640,
  mediaHeight: 480,
  mediaDurationMs: null,
  displayKey: 'displays/creator-1/c1.webp',
  previewKey: 'previews/creator-1/c1.webp',
  previewSizes: null,
  unlocks: 3,
  earningsPaise: 149700,
  createdAt: NOW - 10 * DAY_MS,
  updatedAt: NOW - DAY_MS,
  deletedAt: null,
  hiddenAt: null,
  hiddenReason: null,
  filesRemovedAt: null,
  attestedAt: null,
  attestedTermsVersion: null,
  heldAt: null,
  processingState: null,
  processingProgress: null,
  processingError: null,
  uploadId: null,
};

const owner: Viewer = { id: 'creator-1', isAdmin: false };
const fan: Viewer = { id: 'fan-1', isAdmin: false };
const admin: Viewer = { id: 'admin-1', isAdmin: true };

const LOCKED = { kind: 'locked', accessEndedAt: null } as const;

function unlockAt(purchasedAt: number): UnlockRow {
  return { contentId: 'c1', purchasedAt, expiresAt: purchasedAt + 14 * DAY_MS };
}

/** An unlock a refund or a dispute ended at `endedAt`, before its 14 days. */
function takenBack(purchasedAt: number, endedAt: number): UnlockRow {
  return { contentId: 'c1', purchasedAt, expiresAt: endedAt };
}

describe('accessFor', () => {
  it('the creator owns her item, with or without an unlock, even as admin', () => {
    expect(accessFor(owner, row, [], NOW)).toEqual({ kind: 'owner' });
    expect(accessFor(owner, row, [unlockAt(NOW - DAY_MS)], NOW)).toEqual({ kind: 'owner' });
    expect(accessFor({ id: 'creator-1', isAdmin: true }, row, [], NOW)).toEqual({ kind: 'owner' });
  });

  it('a visitor and a fan without an unlock see it locked', () => {
    expect(accessFor(null, row, [], NOW)).toEqual(LOCKED);
    expect(accessFor(fan, row, [], NOW)).toEqual(LOCKED);
  });

  it('a running unlock opens it, with the days left rounded up', () => {
    const purchasedAt = NOW - 2.5 * DAY_MS;
    expect(accessFor(fan, row, [unlockAt(purchasedAt)], NOW)).toEqual({
      kind: 'unlocked',
      purchasedAt,
      expiresAt: purchasedAt + 14 * DAY_MS,
      daysLeft: 12,
    });
    expect(accessFor(fan, row, [unlockAt(NOW)], NOW)).toMatchObject({ kind: 'unlocked', daysLeft: 14 });
    expect(accessFor(fan, row, [unlockAt(NOW - 14 * DAY_MS + 1)], NOW)).toMatchObject({
      kind: 'unlocked',
      daysLeft: 1,
    });
  });

  it('an unlock is over the moment its window ends, and not yet open before its purchase', () => {
    expect(accessFor(fan, row, [unlockAt(NOW - 14 * DAY_MS)], NOW)).toEqual({ kind: 'locked', accessEndedAt: NOW });
    expect(accessFor(fan, row, [unlockAt(NOW - 20 * DAY_MS)], NOW)).toEqual({
      kind: 'locked',
      accessEndedAt: NOW - 6 * DAY_MS,
    });
    expect(accessFor(fan, row, [unlockAt(NOW + 1000)], NOW)).toEqual(LOCKED);
  });

  it('an ended access says when her latest purchase ran out; bought again, it is open again', () => {
    const first = unlockAt(NOW - 40 * DAY_MS);
    const second = unlockAt(NOW - 20 * DAY_MS);
    expect(accessFor(fan, row, [second, first], NOW)).toEqual({ kind: 'locked', accessEndedAt: NOW - 6 * DAY_MS });
    expect(accessFor(fan, row, [first, second, unlockAt(NOW - DAY_MS)], NOW)).toMatchObject({
      kind: 'unlocked',
      daysLeft: 13,
    });
  });

  it('a purchase taken back (refund, dispute) did not run out: no end date, even after an earlier one that did', () => {
    const refunded = takenBack(NOW - 5 * DAY_MS, NOW - 4 * DAY_MS);
    expect(accessFor(fan, row, [refunded], NOW)).toEqual(LOCKED);
    expect(accessFor(fan, row, [unlockAt(NOW - 40 * DAY_MS), refunded], NOW)).toEqual(LOCKED);
    // Refunded long ago, then bought again and run out: the latest purchase decides.
    expect(
      accessFor(fan, row, [takenBack(NOW - 60 * DAY_MS, NOW - 59 * DAY_MS), unlockAt(NOW - 20 * DAY_MS)], NOW),
    ).toEqual({
      kind: 'locked',
      accessEndedAt: NOW - 6 * DAY_MS,
    });
  });

  it('a visitor has no past, and the creator and the admin are never told an access ended', () => {
    const ended = [unlockAt(NOW - 20 * DAY_MS)];
    expect(accessFor(null, row, ended, NOW)).toEqual(LOCKED);
    expect(accessFor(owner, row, ended, NOW)).toEqual({ kind: 'owner' });
    expect(accessFor(admin, row, ended, NOW)).toEqual({ kind: 'admin' });
  });

  it('the admin sees everything; an unlock of her own shows as unlocked', () => {
    expect(accessFor(admin, row, [], NOW)).toEqual({ kind: 'admin' });
    expect(accessFor(admin, row, [unlockAt(NOW - DAY_MS)], NOW)).toMatchObject({ kind: 'unlocked' });
    expect(accessFor(admin, row, [unlockAt(NOW - 30 * DAY_MS)], NOW)).toEqual({ kind: 'admin' });
  });

  it('an item the admin hid is no longer opened by a running unlock; its creator and the admin still see it', () => {
    const hidden = { ...row, hiddenAt: NOW - 1000, hiddenReason: 'Breaks the Terms' };
    expect(accessFor(fan, hidden, [unlockAt(NOW - DAY_MS)], NOW)).toEqual(LOCKED);
    expect(accessFor(null, hidden, [], NOW)).toEqual(LOCKED);
    expect(accessFor(owner, hidden, [], NOW)).toEqual({ kind: 'owner' });
    expect(accessFor(admin, hidden, [unlockAt(NOW - DAY_MS)], NOW)).toEqual({ kind: 'admin' });
  });
});

describe('isOnSale and isVisible', () => {
  const live = {
    deletedAt: null,
    filesRemovedAt: null,
    hiddenAt: null,
    processingState: null,
    creatorSuspendedAt: null,
  };
  const deleted = { ...live, deletedAt: NOW - 1000 };
  const filesGone = { ...deleted, filesRemovedAt: NOW };
  const hidden = { ...live, hiddenAt: NOW - 1000 };
  const suspended = { ...live, creatorSuspendedAt: NOW - 1000 };
  const processing = { ...live, processingState: 'processing' };
  const failed = { ...live, processingState: 'failed' };
  const unlocked = { kind: 'unlocked', purchasedAt: 0, expiresAt: 1, daysLeft: 1 } as const;

  it('a live item is on sale and visible to everyone, locked or not', () => {
    expect(isOnSale(live)).toBe(true);
    expect(isVisible(live, LOCKED)).toBe(true);
  });
  it.each([
    ['deleted', deleted],
    ['deleted and its files gone', filesGone],
    ['hidden', hidden],
    ['by a suspended creator', suspended],
    ['whose video is still being converted', processing],
    ['whose video could not be converted', failed],
  ])('an item %s is off sale and visible only to those who may still open it', (_name, item) => {
    expect(isOnSale(item)).toBe(false);
    expect(isVisible(item, LOCKED)).toBe(false);
    expect(isVisible(item, { kind: 'owner' })).toBe(true);
    expect(isVisible(item, { kind: 'admin' })).toBe(true);
    expect(isVisible(item, unlocked)).toBe(true);
  });
});

describe('toCard', () => {
  it('a locked card has the preview and nothing of the media, not even a hidden field', () => {
    const card = toCard(row, LOCKED);
    expect(card).toEqual({
      id: 'c1',
      creatorId: 'creator-1',
      title: 'Holi in Jaipur',
      description: 'Colours at the City Palace',
      pricePaise: 49900,
      isAdultContent: false,
      mediaKind: 'image',
      previewUrl: '/api/contents/c1/preview',
      // An item from before issue 25 (no preview_sizes): its one preview, sized from the 640 × 480 photo.
      preview: { url: '/api/contents/c1/preview', width: 480, height: 360, srcset: [] },
      createdAt: row.createdAt,
      access: LOCKED,
      media: null,
    });
    const json = JSON.stringify(card);
    for (const text of [row.mediaKey, row.displayKey!, row.previewKey, '/media', '/download', 'media/']) {
      expect(json).not.toContain(text);
    }
  });

  it.each(['owner', 'admin'] as const)('an %s card carries the media addresses, never the keys', (kind) => {
    const card = toCard({ ...row, isAdultContent: 1 }, { kind });
    expect(card.isAdultContent).toBe(true);
    expect(card.media).toEqual({
      url: '/api/contents/c1/media',
      downloadUrl: '/api/contents/c1/download',
      mime: 'image/jpeg',
      sizeBytes: 123456,
      width: 640,
      height: 480,
      durationMs: null,
    });
    expect(card.media).toEqual(mediaOf(row));
    const json = JSON.stringify(card);
    expect(json).not.toContain(row.mediaKey);
    expect(json).not.toContain(row.displayKey!);
  });

  it('ids are escaped in addresses', () => {
    const card = toCard({ ...row, id: 'a/b?c' }, { kind: 'owner' });
    expect(card.previewUrl).toBe('/api/contents/a%2Fb%3Fc/preview');
    expect(card.media?.url).toBe('/api/contents/a%2Fb%3Fc/media');
  });
});
