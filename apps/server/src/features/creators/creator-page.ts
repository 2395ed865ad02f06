import {
  ADMIN_MESSAGES,
  CREATOR_PAGE_MESSAGES,
  type CreatorPage,
  publicCreator,
  type PublicCreator,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { mediaUrls } from '../media/index.js';
import type { CreatorPageRepository, PageCreatorKey } from './creator-page-repository.js';
import { isReservedHandle } from './handles.js';

/** Who is looking at the page: null for a visitor. */
export interface PageViewer {
  id: string;
  isAdmin: boolean;
}

/**
 * The items on her page, which content makes (ADR 018: content sits above creators, so it comes
 * in at wiring). `Shared` is what every viewer's cards are made from; it is read only when her
 * page's version changed, and kept with it.
 */
export interface CreatorPageItems<Shared> {
  /** Her items on sale, in whatever form content makes cards from. */
  readShared(creatorId: string): Promise<Shared>;
  /** The page's items for this viewer and their count; her own part (her unlocks) is read live. */
  itemsFor(
    shared: Shared,
    creatorId: string,
    viewer: PageViewer | null,
    now: number,
  ): Promise<Pick<CreatorPage, 'items' | 'totalCount'>>;
  /**
   * The same as JSON text, `"items":[…],"totalCount":n`, byte for byte JSON.stringify of itemsFor's.
   * A visitor's depends on `shared` alone (no time, no one's unlocks): it is kept with it.
   */
  itemsJsonFor(shared: Shared, creatorId: string, viewer: PageViewer | null, now: number): Promise<string>;
}

/** Creators whose shared part one process keeps; the least recently asked for goes first. */
export const CREATOR_PAGE_CACHE_SIZE = 1000;

interface SharedPart<Shared> {
  version: number;
  creator: PublicCreator;
  creatorJson: string;
  items: Shared;
  /** A visitor's whole answer: it depends on nothing but the shared part. Made when first asked. */
  visitorJson: string | null;
}

/**
 * GET /api/creators/{username} (ADR 026, superseding part of ADR 015): the part of her page every
 * viewer sees (her profile, her items on sale) is kept in memory per creator and used only while
 * her row's `content_version` is the one it was read with. Every request reads that version
 * (with the lookup that finds her), so an edit through any process shows at once; the viewer's
 * own part (her unlocks) is read live, so a payment that settled a second ago shows too.
 */
export function createCreatorPages<Shared>(deps: {
  pages: CreatorPageRepository;
  /** A handle given up within the cooling-off period answers where its creator went (creators-service). */
  refuseGivenUpHandle: (handle: string) => Promise<void>;
  items: CreatorPageItems<Shared>;
  clock: Clock;
  cacheSize?: number;
}) {
  const { pages, items, clock } = deps;
  const cacheSize = deps.cacheSize ?? CREATOR_PAGE_CACHE_SIZE;
  const cache = new Map<string, SharedPart<Shared>>();

  /**
   * /u/{username}: by handle, then by creator id, then by lowercase name (SPEC §7). A reserved
   * word finds no one by any of them, and a handle given up within the cooling-off period
   * answers where its creator went before the id or a name could find someone else.
   */
  async function findKey(username: string): Promise<PageCreatorKey> {
    const wanted = username.trim();
    const lowercase = wanted.toLowerCase();
    if (isReservedHandle(lowercase)) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
    let key = await pages.findKeyByHandle(lowercase);
    if (key === undefined) {
      await deps.refuseGivenUpHandle(lowercase);
      key = (await pages.findKeyById(wanted)) ?? (await pages.findKeyByLowercaseName(wanted));
    }
    // A deleted account's page is as unknown as one that never was (ADR 024).
    if (key === undefined || key.deletedAt !== null) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
    // The page of a suspended creator is gone for everyone, her own studio aside.
    if (key.suspendedAt !== null) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.creatorUnavailable);
    return key;
  }

  /**
   * Her shared part at `key`'s version. Read after the version, so what is read is at least that
   * new: a write committed in between leaves a newer part under an older version, which the next
   * request's version then replaces; never an older part under a newer one.
   */
  async function sharedPart(key: PageCreatorKey): Promise<SharedPart<Shared>> {
    const kept = cache.get(key.userId);
    if (kept !== undefined && kept.version === key.contentVersion) {
      // Most recently used last, so the first in the map is the one to drop.
      cache.delete(key.userId);
      cache.set(key.userId, kept);
      return kept;
    }
    const [row, shared] = await Promise.all([pages.findProfile(key.userId), items.readShared(key.userId)]);
    if (row === undefined) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
    // Parsed once per version: the cached text is exactly the contract's shape.
    const creator = publicCreator.parse({
      id: row.userId,
      handle: row.handle,
      name: row.name,
      bio: row.bio,
      avatarUrl: mediaUrls.avatar(row.userId, row.avatarKey),
    });
    const part: SharedPart<Shared> = {
      version: key.contentVersion,
      creator,
      creatorJson: JSON.stringify(creator),
      items: shared,
      visitorJson: null,
    };
    cache.delete(key.userId);
    if (cache.size >= cacheSize) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(key.userId, part);
    return part;
  }

  return {
    /** The creator page as this viewer sees it; for the server's own renderer of /u/{handle}. */
    async pageFor(username: string, viewer: PageViewer | null): Promise<CreatorPage> {
      const key = await findKey(username);
      const part = await sharedPart(key);
      return { creator: part.creator, ...(await items.itemsFor(part.items, key.userId, viewer, clock.now())) };
    },

    /**
     * pageFor's answer as JSON text, byte for byte JSON.stringify of it, for the API route. The
     * viewer may still be being read (her session): her lookup and her session are then one
     * round trip's wait on PostgreSQL instead of two.
     */
    async pageJsonFor(
      username: string,
      viewerReading: PageViewer | null | Promise<PageViewer | null>,
    ): Promise<string> {
      const [key, viewer] = await Promise.all([findKey(username), viewerReading]);
      const part = await sharedPart(key);
      if (viewer === null && part.visitorJson !== null) return part.visitorJson;
      const json = `{"creator":${part.creatorJson},${await items.itemsJsonFor(part.items, key.userId, viewer, clock.now())}}`;
      if (viewer === null) part.visitorJson = json;
      return json;
    },

    /** How many creators' shared parts this process holds (never more than the cache's size). */
    cachedCreators(): number {
      return cache.size;
    },
  };
}

export type CreatorPages = ReturnType<typeof createCreatorPages>;
