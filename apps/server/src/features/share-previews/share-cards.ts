import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CONTENT_MESSAGES, type ContentCard, formatPaise, type PublicCreator } from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Storage } from '../../providers/storage/storage.js';
import type { ContentService } from '../content/index.js';
import type { CreatorsService } from '../creators/index.js';
import type { StoredFileResponse } from '../media/index.js';
import { renderItemCard, renderProfileCard } from './share-card-images.js';

/**
 * Share cards are made on first request and kept in storage under `sharecards/`, named by a
 * version: a hash of everything drawn on them. A change to the profile or the item (name, title,
 * price, avatar, preview) is a new version, so a new file and a new URL, and the URL may be cached
 * for good. They are a cache: any may be removed at any time (the storage sweep removes those
 * older than SHARE_CARD_MAX_AGE_MS, live or not) and is made again when next asked for.
 */
export const SHARE_CARD_PREFIX = 'sharecards/';
/** After this a kept card is removed; one still linked is made again on its next request. */
export const SHARE_CARD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Raised when the cards' drawing changes, so every card is made again. */
const CARD_DESIGN = 1;

const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';
const VERSION = /^([A-Za-z0-9_-]{16})\.jpg$/;

function versionOf(parts: readonly (string | number | boolean | null)[]): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, ...parts]))
    .digest('base64url')
    .slice(0, 16);
}

/** What an item's card shows; a change to any of it is a new card. */
export function itemCardVersion(item: ContentCard, creator: PublicCreator): string {
  return versionOf([item.id, item.title, item.pricePaise, item.mediaKind, item.previewUrl, creator.name]);
}

/** What a profile card shows; the avatar's URL changes with its file. */
export function profileCardVersion(creator: PublicCreator): string {
  return versionOf([creator.id, creator.name, creator.handle, creator.avatarUrl]);
}

export const shareCardUrls = {
  item: (item: ContentCard, creator: PublicCreator) =>
    `/api/share-cards/contents/${encodeURIComponent(item.id)}/${itemCardVersion(item, creator)}.jpg`,
  profile: (creator: PublicCreator) =>
    `/api/share-cards/creators/${encodeURIComponent(creator.id)}/${profileCardVersion(creator)}.jpg`,
};

/** A share card to send, or the address of the current one when an older version was asked for. */
export type ShareCardAnswer = { file: StoredFileResponse } | { redirect: string };

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createShareCards(deps: {
  creators: CreatorsService;
  content: ContentService;
  storage: Storage;
  stagingDir: string;
}) {
  const { storage } = deps;
  /** Cards being made in this process, so a burst of crawlers makes each once. */
  const making = new Map<string, Promise<void>>();

  async function ensure(key: string, render: (file: string) => Promise<void>): Promise<void> {
    if ((await storage.stat(key)) !== null) return;
    const running = making.get(key);
    if (running !== undefined) return running;
    const work = (async () => {
      await fsp.mkdir(deps.stagingDir, { recursive: true });
      const file = path.join(deps.stagingDir, `${randomUUID()}.jpg`);
      try {
        await render(file);
        // Two processes making the same card write the same bytes under the same key.
        await storage.putFile(key, file, 'image/jpeg');
      } finally {
        await fsp.rm(file, { force: true });
      }
    })();
    making.set(key, work);
    try {
      await work;
    } finally {
      making.delete(key);
    }
  }

  function parseVersion(file: string, notFound: string): string {
    const match = VERSION.exec(file);
    if (match === null) throw new AppError('NOT_FOUND', notFound);
    return match[1] ?? '';
  }

  function cardFile(key: string, notFound: string): ShareCardAnswer {
    return { file: { key, contentType: 'image/jpeg', cacheControl: CACHE_FOR_GOOD, notFoundMessage: notFound } };
  }

  return {
    /**
     * An item's card, as a visitor may see it: an item off sale (hidden, deleted, its creator
     * suspended) has none, and neither has an 18+ item (a crawler cannot confirm an age).
     */
    async itemCard(id: string, file: string): Promise<ShareCardAnswer> {
      const notFound = CONTENT_MESSAGES.contentNotFound;
      const version = parseVersion(file, notFound);
      const { item, creator } = await deps.content.detail(id, null, (creatorId) =>
        deps.creators.publicCreator(creatorId),
      );
      if (item.isAdultContent) throw new AppError('NOT_FOUND', notFound);
      if (version !== itemCardVersion(item, creator)) return { redirect: shareCardUrls.item(item, creator) };
      const key = `${SHARE_CARD_PREFIX}${item.creatorId}/${item.id}-${version}.jpg`;
      await ensure(key, async (target) => {
        // The blurred preview, asked for as a visitor would: never the media.
        const preview = await deps.content.previewFile(item.id, async () => null);
        await renderItemCard(
          await readAll(await storage.read(preview.key)),
          { title: item.title, byline: `${formatPaise(item.pricePaise)} · ${creator.name}`, kind: item.mediaKind },
          target,
        );
      });
      return cardFile(key, notFound);
    },

    /** A creator's card: none for an unknown, suspended or deleted creator. */
    async profileCard(creatorId: string, file: string): Promise<ShareCardAnswer> {
      const notFound = CONTENT_MESSAGES.contentNotFound;
      const version = parseVersion(file, notFound);
      const creator = await deps.creators.findForPage(creatorId);
      // findForPage also finds by handle and name; a card's address names her id only.
      if (creator.id !== creatorId) throw new AppError('NOT_FOUND', notFound);
      if (version !== profileCardVersion(creator)) return { redirect: shareCardUrls.profile(creator) };
      const key = `${SHARE_CARD_PREFIX}${creator.id}/profile-${version}.jpg`;
      await ensure(key, async (target) => {
        const avatar =
          creator.avatarUrl === null
            ? null
            : await readAll(await storage.read(await deps.creators.avatarKey(creator.id)));
        await renderProfileCard(avatar, { name: creator.name, handle: creator.handle }, target);
      });
      return cardFile(key, notFound);
    },
  };
}

export type ShareCards = ReturnType<typeof createShareCards>;
