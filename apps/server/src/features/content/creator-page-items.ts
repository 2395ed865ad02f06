import { type ContentCard, contentCard, VISITOR_VISIBLE_ITEMS } from '@kholo/contracts';
import type { CreatorPageItems, PageViewer } from '../creators/index.js';
import { accessFor, toCard } from './content-access.js';
import type { ContentCardRow, ContentRepository, UnlockRow } from './content-repository.js';

/** What every viewer's cards on her page are made from, kept with her page's version (ADR 026). */
export interface SharedPageItems {
  /** Her items on sale, newest first. */
  rows: ContentCardRow[];
  /** Each row's card as a visitor, or a fan who never bought it, sees it, as JSON text. */
  lockedJson: string[];
  /** A visitor's part of the page: the first VISITOR_VISIBLE_ITEMS (SPEC §6) and the count. */
  visitorJson: string;
}

/** What a card shows a visitor: no access, no media, no time in it. */
const VISITOR_ACCESS = { kind: 'locked', accessEndedAt: null } as const;

/** Grouped by item: the fan has an unlock per purchase. */
function byItem(unlocks: readonly UnlockRow[]): Map<string, UnlockRow[]> {
  const grouped = new Map<string, UnlockRow[]>();
  for (const unlock of unlocks) {
    const list = grouped.get(unlock.contentId);
    if (list === undefined) grouped.set(unlock.contentId, [unlock]);
    else list.push(unlock);
  }
  return grouped;
}

/**
 * The cards of a creator's page for creators' page cache (creators/creator-page.ts): the rows and
 * the locked cards' text once per version, and per request only the viewer's unlocks (one
 * statement) and the cards they change. Cards are built by toCard, typed by the contract, and the
 * cached ones parsed by it once; JSON.stringify of a card is the contract's shape byte for byte
 * (test/creator-api-cache.test.ts checks it against the zod parse the route used to make).
 */
export function createCreatorPageItems(deps: {
  contents: Pick<ContentRepository, 'listOnSaleForPage' | 'findUnlocksOfCreatorItems'>;
}): CreatorPageItems<SharedPageItems> {
  const { contents } = deps;

  async function unlocksOf(viewer: PageViewer, creatorId: string, now: number): Promise<Map<string, UnlockRow[]>> {
    // Her own items open for her whatever she bought, so her unlocks need not be read.
    if (viewer.id === creatorId) return new Map();
    return byItem(await contents.findUnlocksOfCreatorItems(viewer.id, creatorId, now));
  }

  return {
    async readShared(creatorId) {
      const rows = await contents.listOnSaleForPage(creatorId);
      const lockedJson = rows.map((row) => JSON.stringify(contentCard.parse(toCard(row, VISITOR_ACCESS))));
      return {
        rows,
        lockedJson,
        visitorJson: `"items":[${lockedJson.slice(0, VISITOR_VISIBLE_ITEMS).join(',')}],"totalCount":${rows.length}`,
      };
    },

    async itemsFor(shared, creatorId, viewer, now) {
      const { rows } = shared;
      if (viewer === null) {
        return {
          items: rows.slice(0, VISITOR_VISIBLE_ITEMS).map((row) => toCard(row, VISITOR_ACCESS)),
          totalCount: rows.length,
        };
      }
      const unlocks = await unlocksOf(viewer, creatorId, now);
      const items: ContentCard[] = rows.map((row) =>
        toCard(row, accessFor(viewer, row, unlocks.get(row.id) ?? [], now)),
      );
      return { items, totalCount: rows.length };
    },

    async itemsJsonFor(shared, creatorId, viewer, now) {
      if (viewer === null) return shared.visitorJson;
      const { rows, lockedJson } = shared;
      const unlocks = await unlocksOf(viewer, creatorId, now);
      // A fan's card with no unlock of it is the visitor's; only the others are made now.
      const plainFan = !viewer.isAdmin && viewer.id !== creatorId;
      const cards = rows.map((row, index) => {
        const own = unlocks.get(row.id);
        const locked = lockedJson[index];
        if (own === undefined && plainFan && locked !== undefined) return locked;
        return JSON.stringify(toCard(row, accessFor(viewer, row, own ?? [], now)));
      });
      return `"items":[${cards.join(',')}],"totalCount":${rows.length}`;
    },
  };
}
