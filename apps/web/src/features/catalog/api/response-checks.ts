import type { ContentCard, ContentDetail, CreatorPage, FanUnlocks, PublicCreator } from '@kholo/contracts';
import { isRecord } from '../../../lib/api-client.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';

/*
 * A creator's page is where most fans arrive, from a link on a cheap phone, so it does not load
 * zod (about 25 kB gzipped) just to read its own server's answers, which the server's response
 * schemas already shape (the reasoning of ADR 009 for /api/me). The outline is checked here so a
 * stray answer becomes the page's error state rather than a crash; the types still come from
 * @kholo/contracts, and the messages from its zod-free content rules.
 */

function looksLikeCreator(value: unknown): value is PublicCreator {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.handle === 'string' &&
    typeof value.name === 'string' &&
    (value.bio === null || typeof value.bio === 'string') &&
    (value.avatarUrl === null || typeof value.avatarUrl === 'string')
  );
}

const ACCESS_KINDS = new Set(['locked', 'unlocked', 'owner', 'admin']);

function looksLikeCard(value: unknown): value is ContentCard {
  if (!isRecord(value) || !isRecord(value.access)) return false;
  const { access, media } = value;
  return (
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    typeof value.description === 'string' &&
    Number.isSafeInteger(value.pricePaise) &&
    typeof value.isAdultContent === 'boolean' &&
    (value.mediaKind === 'image' || value.mediaKind === 'video') &&
    typeof value.previewUrl === 'string' &&
    typeof access.kind === 'string' &&
    ACCESS_KINDS.has(access.kind) &&
    (access.kind !== 'unlocked' || typeof access.daysLeft === 'number') &&
    (access.kind !== 'locked' || access.accessEndedAt === null || Number.isSafeInteger(access.accessEndedAt)) &&
    (media === null || (isRecord(media) && typeof media.url === 'string' && typeof media.downloadUrl === 'string'))
  );
}

function checked<T>(body: unknown, looksRight: (value: unknown) => value is T): T {
  if (!looksRight(body)) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 200);
  return body;
}

export function checkCreatorPage(body: unknown): CreatorPage {
  return checked(
    body,
    (value): value is CreatorPage =>
      isRecord(value) &&
      looksLikeCreator(value.creator) &&
      Array.isArray(value.items) &&
      value.items.every(looksLikeCard) &&
      typeof value.totalCount === 'number',
  );
}

export function checkContentDetail(body: unknown): ContentDetail {
  return checked(
    body,
    (value): value is ContentDetail => isRecord(value) && looksLikeCard(value.item) && looksLikeCreator(value.creator),
  );
}

export function checkFanUnlocks(body: unknown): FanUnlocks {
  return checked(
    body,
    (value): value is FanUnlocks =>
      isRecord(value) &&
      Array.isArray(value.items) &&
      value.items.every(
        (unlock) =>
          isRecord(unlock) &&
          typeof unlock.contentId === 'string' &&
          typeof unlock.title === 'string' &&
          typeof unlock.creatorId === 'string' &&
          typeof unlock.daysLeft === 'number',
      ),
  );
}
