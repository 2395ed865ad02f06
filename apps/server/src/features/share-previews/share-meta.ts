import {
  CONTENT_MESSAGES,
  formatPaise,
  type PublicCreator,
  rupeesDecimalText,
  UNLOCK_WINDOW_DAYS,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { ContentService } from '../content/index.js';
import type { CreatorsService } from '../creators/index.js';
import { SHARE_CARD_HEIGHT, SHARE_CARD_TYPE, SHARE_CARD_WIDTH } from './share-card-images.js';
import { shareCardUrls } from './share-cards.js';

/** What a link preview (WhatsApp, Instagram, X) shows for a page. */
export interface ShareMeta {
  title: string;
  description: string;
  /** Absolute URLs: crawlers do not resolve relative ones. */
  url: string;
  /** A 1200 × 630 JPEG share card (share-cards.ts). */
  image: string | null;
  imageAlt: string | null;
  type: 'profile' | 'product';
  pricePaise?: number;
}

const DESCRIPTION_MAX = 200;

/**
 * Pages with no card: unknown creators and items, and a creator's old address (she moved or
 * left; a card there would outlive her move in crawlers' caches).
 */
const NO_CARD: ReadonlySet<string> = new Set(['NOT_FOUND', 'CREATOR_MOVED', 'CREATOR_GONE']);

function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Share cards for `/u/{handle}` and `/content/{id}`, seen as a visitor sees them. The picture is
 * a 1200 × 630 JPEG made by the server (share-cards.ts): her picture and name for a profile; for
 * an item its blurred preview with its title and price, never the media. An 18+ item's card shows
 * its creator's profile card instead (a crawler cannot confirm an age), never the item.
 */
export function createShareMeta(deps: { creators: CreatorsService; content: ContentService; publicUrl: string }) {
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, `${deps.publicUrl}/`).toString();
  const profileImage = (creator: PublicCreator) => ({
    image: absolute(shareCardUrls.profile(creator)),
    imageAlt: `${creator.name} on Kholo`,
  });

  async function creatorMeta(username: string): Promise<ShareMeta> {
    const creator = await deps.creators.findForPage(username);
    const page = await deps.content.creatorPageItems(creator, null);
    const count = page.totalCount === 1 ? '1 photo or video' : `${page.totalCount} photos and videos`;
    return {
      title: `${creator.name} on Kholo`,
      description: clip(`${creator.bio ?? CONTENT_MESSAGES.defaultBio}. ${count} to unlock.`),
      url: absolute(`/u/${encodeURIComponent(creator.handle)}`),
      ...profileImage(creator),
      type: 'profile',
    };
  }

  async function contentMeta(id: string): Promise<ShareMeta> {
    const { item, creator } = await deps.content.detail(id, null, (creatorId) =>
      deps.creators.publicCreator(creatorId),
    );
    const price = formatPaise(item.pricePaise);
    // "View this photo" or "Watch this video": what she gets for the price.
    const what = item.mediaKind === 'video' ? 'Watch this video' : 'View this photo';
    return {
      title: `${item.title} · ${price} · ${creator.name} on Kholo`,
      description: clip(
        `${what} by ${creator.name} on Kholo for ${price}, yours for ${UNLOCK_WINDOW_DAYS} days. ${item.description}`,
      ),
      url: absolute(`/content/${encodeURIComponent(item.id)}`),
      ...(item.isAdultContent
        ? profileImage(creator)
        : { image: absolute(shareCardUrls.item(item, creator)), imageAlt: `Blurred preview of “${item.title}”` }),
      type: 'product',
      pricePaise: item.pricePaise,
    };
  }

  /** The card for a page path, or null for pages without one (and for unknown creators or items, and old addresses). */
  return async function shareMetaFor(pathname: string): Promise<ShareMeta | null> {
    const match = /^\/(u|content)\/([^/]+)\/?$/i.exec(pathname);
    if (match === null) return null;
    const [, kind = '', rawId = ''] = match;
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      return null;
    }
    try {
      return kind.toLowerCase() === 'u' ? await creatorMeta(id) : await contentMeta(id);
    } catch (error) {
      if (error instanceof AppError && NO_CARD.has(error.code)) return null;
      throw error;
    }
  };
}

export type ShareMetaLookup = ReturnType<typeof createShareMeta>;

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The tags for <head>: Open Graph for WhatsApp and Instagram, Twitter's card, and a canonical URL. */
export function renderShareMeta(meta: ShareMeta): string {
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', 'Kholo'],
    ['property', 'og:type', meta.type === 'profile' ? 'profile' : 'product'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image === null ? 'summary' : 'summary_large_image'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image !== null) {
    tags.push(
      ['property', 'og:image', meta.image],
      ['property', 'og:image:type', SHARE_CARD_TYPE],
      ['property', 'og:image:width', String(SHARE_CARD_WIDTH)],
      ['property', 'og:image:height', String(SHARE_CARD_HEIGHT)],
      ['name', 'twitter:image', meta.image],
    );
    if (meta.imageAlt !== null)
      tags.push(['property', 'og:image:alt', meta.imageAlt], ['name', 'twitter:image:alt', meta.imageAlt]);
  }
  if (meta.pricePaise !== undefined) {
    tags.push(
      ['property', 'product:price:amount', rupeesDecimalText(meta.pricePaise)],
      ['property', 'product:price:currency', 'INR'],
    );
  }
  // No <title>: the page sets its own once it renders, and two would compete.
  return [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}
