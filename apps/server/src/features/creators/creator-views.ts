import type { CreatorProfile, PublicCreator } from '@kholo/contracts';
import type { CreatorRow } from './creators-repository.js';
import { mediaUrls } from '../media/index.js';

/** A creator as anyone may see her: no email, no balance. */
export function publicCreatorOf(row: CreatorRow): PublicCreator {
  return {
    id: row.userId,
    handle: row.handle,
    name: row.name,
    bio: row.bio,
    avatarUrl: mediaUrls.avatar(row.userId, row.avatarKey),
  };
}

export function creatorProfileOf(row: CreatorRow, email: string): CreatorProfile {
  return {
    ...publicCreatorOf(row),
    email,
    walletBalancePaise: row.walletBalancePaise,
    createdAt: row.createdAt,
    suspendedReason: row.suspendedAt === null ? null : row.suspendedReason,
    instagramBioDone: row.instagramBioDoneAt !== null,
  };
}
