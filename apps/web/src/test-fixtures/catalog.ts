import type { ContentCard, ContentMedia, CreatorPage, FanUnlocks, PublicCreator } from '@kholo/contracts';

export const PUBLIC_CREATOR: PublicCreator = {
  id: 'creator_1',
  handle: 'priya-sharma',
  name: 'Priya Sharma',
  bio: null,
  avatarUrl: null,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = 1_763_700_000_000;

export function mediaFor(id: string, mime = 'image/jpeg'): ContentMedia {
  return {
    url: `/api/contents/${id}/media`,
    downloadUrl: `/api/contents/${id}/download`,
    mime,
    sizeBytes: 123_456,
    width: 1200,
    height: 1500,
    durationMs: mime.startsWith('video/') ? 12_000 : null,
  };
}

/** A locked image by default; override access and media for the other states. */
export function card(id: string, overrides: Partial<ContentCard> = {}): ContentCard {
  return {
    id,
    creatorId: PUBLIC_CREATOR.id,
    title: `Title ${id}`,
    description: `Description of ${id}`,
    pricePaise: 499_00,
    isAdultContent: false,
    mediaKind: 'image',
    previewUrl: `/api/contents/${id}/preview`,
    createdAt: NOW,
    access: { kind: 'locked', accessEndedAt: null },
    media: null,
    ...overrides,
  };
}

export function unlockedCard(id: string, daysLeft = 12, overrides: Partial<ContentCard> = {}): ContentCard {
  const purchasedAt = NOW - (14 - daysLeft) * DAY_MS;
  return card(id, {
    access: { kind: 'unlocked', purchasedAt, expiresAt: purchasedAt + 14 * DAY_MS, daysLeft },
    media: mediaFor(id, overrides.mediaKind === 'video' ? 'video/mp4' : 'image/jpeg'),
    ...overrides,
  });
}

/** A locked item whose buyer's 14 days ran out at `endedAt`. */
export function endedCard(id: string, endedAt = NOW - DAY_MS, overrides: Partial<ContentCard> = {}): ContentCard {
  return card(id, { access: { kind: 'locked', accessEndedAt: endedAt }, ...overrides });
}

export function creatorPageOf(items: ContentCard[], totalCount = items.length, creator = PUBLIC_CREATOR): CreatorPage {
  return { creator, items, totalCount };
}

export function fanUnlock(contentId: string, daysLeft: number, creator = PUBLIC_CREATOR): FanUnlocks['items'][number] {
  const purchasedAt = NOW - (14 - daysLeft) * DAY_MS;
  return {
    contentId,
    title: `Title ${contentId}`,
    creatorId: creator.id,
    creatorHandle: creator.handle,
    creatorName: creator.name,
    mediaKind: 'image',
    previewUrl: `/api/contents/${contentId}/preview`,
    purchasedAt,
    expiresAt: purchasedAt + 14 * DAY_MS,
    daysLeft,
  };
}
