import { randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  CONTENT_LIMITS,
  CREATOR_PAGE_MESSAGES,
  DELETED_ACCOUNT_NAME,
  type CreatorProfile,
  HANDLE_MESSAGES,
  type HandleAvailability,
  handleInput,
  type profileUpdateInput,
  type PublicCreator,
} from '@kholo/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Storage } from '../../providers/storage/storage.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionAccount, SignedInAccount } from '../accounts/index.js';
import {
  discardStaged,
  type MediaProcessor,
  type StagedFile,
  type StorageClaim,
  type StorageJournal,
} from '../media/index.js';
import { creatorProfileOf, publicCreatorOf } from './creator-views.js';
import type { CreatorRow, CreatorsRepository, ProfileUpdate } from './creators-repository.js';
import { firstFreeHandle, handleBaseFromName, isReservedHandle } from './handles.js';

/**
 * A deleted creator's handle: the `~` is outside every handle's alphabet (handleInput), so no one
 * can choose it, and it names no person.
 */
const ERASED_HANDLE_PREFIX = '~deleted-';

/** Enough for any realistic burst of creators with the same name signing up in the same moment. */
const HANDLE_ATTEMPTS = 8;

function handleRefused(message: string): AppError {
  return new AppError('HANDLE_TAKEN', message, { fields: { handle: message } });
}

export function createCreatorsService(deps: {
  creators: CreatorsRepository;
  storage: Storage;
  /** Records keys before their objects are written, so a crash leaves nothing unaccounted for. */
  journal: StorageJournal;
  clock: Clock;
  /** Decodes avatars, in the same queue as every other upload. */
  media: MediaProcessor;
  /**
   * How long a handle a creator gave up stays hers alone, its old address pointing to her
   * (HANDLE_COOLING_OFF_DAYS); 0 frees it at once.
   */
  handleCoolingOffMs: number;
}) {
  const { creators, storage, journal, clock } = deps;

  async function requireCreator(account: SessionAccount): Promise<CreatorRow> {
    const row = await creators.findById(account.id);
    if (row === undefined) {
      throw new AppError('FORBIDDEN', 'Only creators can do this. Please log in through the creator login.');
    }
    return row;
  }

  /**
   * A handle no live creator has, given up within the cooling-off period: its old links answer
   * where the creator who had it went (or that she left), and never show anyone else.
   */
  async function refuseGivenUpHandle(handle: string): Promise<void> {
    const hold = await creators.findHandleHold(handle, clock.now());
    if (hold === undefined) return;
    const previous = await creators.findById(hold.userId);
    // A deleted account's old address says what an unknown one says (ADR 024).
    if (previous !== undefined && previous.deletedAt !== null) {
      throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
    }
    if (previous === undefined || previous.suspendedAt !== null) {
      throw new AppError('CREATOR_GONE', CREATOR_PAGE_MESSAGES.gone);
    }
    throw new AppError('CREATOR_MOVED', CREATOR_PAGE_MESSAGES.moved, {
      movedTo: { handle: previous.handle, name: previous.name },
    });
  }

  /**
   * A new creator's profile with the first free handle from her name, unless she has one. Runs on
   * `trx`, the sign-up's transaction or one of the caller's, so a profile given a held handle
   * and taken back is never seen.
   */
  async function addProfileTo(trx: Kysely<Database>, account: SignedInAccount): Promise<void> {
    const rows = creators.within(trx);
    if ((await rows.findById(account.id)) !== undefined) return;
    const base = handleBaseFromName(account.name);
    for (let attempt = 0; attempt < HANDLE_ATTEMPTS; attempt += 1) {
      const now = clock.now();
      // Handles other creators gave up are theirs until the cooling-off ends.
      const taken = new Set([
        ...(await rows.findHandlesStartingWith(base)),
        ...(await rows.findHeldHandlesStartingWith(base, now)),
      ]);
      const handle = firstFreeHandle(base, taken);
      const written = await rows.insertIfFree({ userId: account.id, handle, name: account.name, createdAt: now });
      if (written) {
        // Asked after the insert for the reason creators-repository's updateProfile gives: a
        // creator giving this handle up at this moment has committed her hold by now.
        const hold = await rows.findHandleHold(handle, now);
        if (hold === undefined || hold.userId === account.id) return;
        await rows.delete(account.id);
        continue;
      }
      // Not written: either this account got its profile from a parallel request, or another
      // creator took the handle between our read and write; look again.
      if ((await rows.findById(account.id)) !== undefined) return;
    }
    throw new AppError('CONFLICT', 'We could not reserve a page address for you just now. Please try again.');
  }

  /** See CreatorProfiles.claimProfile: the handle she chose, or a clear refusal on its field. */
  async function claimProfile(
    trx: Kysely<Database>,
    account: SignedInAccount,
    choice: { handle: string; name: string },
  ): Promise<void> {
    const rows = creators.within(trx);
    if ((await rows.findById(account.id)) !== undefined) {
      throw new AppError('CONFLICT', 'You already sell on Kholo: your dashboard is on the home page.');
    }
    if (isReservedHandle(choice.handle)) throw handleRefused(HANDLE_MESSAGES.reserved);
    const now = clock.now();
    const written = await rows.insertIfFree({
      userId: account.id,
      handle: choice.handle,
      name: choice.name,
      createdAt: now,
    });
    if (!written) {
      // A parallel "Start selling" of her own already made her a creator, or the handle is taken.
      if ((await rows.findById(account.id)) !== undefined) return;
      throw handleRefused(HANDLE_MESSAGES.taken);
    }
    // Asked after the insert, as addProfileTo does: a creator giving this handle up at this
    // moment has committed her hold by now.
    const hold = await rows.findHandleHold(choice.handle, now);
    if (hold !== undefined && hold.userId !== account.id) {
      await rows.delete(account.id);
      throw handleRefused(HANDLE_MESSAGES.recentlyUsed);
    }
  }

  return {
    /** For accounts (passed in as its CreatorProfiles): the profile sign-up and the creator door add. */
    addProfileTo,
    claimProfile,

    /** Her profile as she sees it (with her email and balance), or null for an account without one. */
    async profileOf(account: SignedInAccount): Promise<CreatorProfile | null> {
      const row = await creators.findById(account.id);
      return row === undefined ? null : creatorProfileOf(row, account.email);
    },

    /** Studio routes are for accounts with a creator profile; a fan-only account is refused. */

    requireCreator,

    refuseGivenUpHandle,

    /** Uploads (items and avatars) are for creators the admin has not suspended. */
    async requireActiveCreator(account: SessionAccount): Promise<CreatorRow> {
      const row = await requireCreator(account);
      if (row.suspendedAt !== null) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.suspended);
      return row;
    },

    /**
     * /u/{username}: by handle, then by creator id, then by lowercase name (SPEC §7). A reserved
     * word finds no one by any of them, and a handle given up within the cooling-off period
     * answers where its creator went before the id or a name could find someone else.
     */
    async findForPage(username: string): Promise<PublicCreator> {
      const wanted = username.trim();
      const lowercase = wanted.toLowerCase();
      if (isReservedHandle(lowercase)) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
      const byHandle = await creators.findByHandle(lowercase);
      if (byHandle === undefined) await refuseGivenUpHandle(lowercase);
      const row = byHandle ?? (await creators.findById(wanted)) ?? (await creators.findByLowercaseName(wanted));
      // A deleted account's page is as unknown as one that never was (ADR 024).
      if (row === undefined || row.deletedAt !== null) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
      // The page of a suspended creator is gone for everyone, her own studio aside.
      if (row.suspendedAt !== null) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.creatorUnavailable);
      return publicCreatorOf(row);
    },

    /**
     * Her account is being deleted (ADR 024): her profile leaves public view and its personal
     * fields go, inside the caller's transaction; her handle is given up as a handle change gives
     * it up. Answers the avatar file to remove once `trx` commits (the storage sweep otherwise).
     */
    async eraseProfileIn(trx: Kysely<Database>, userId: string): Promise<string[]> {
      const now = clock.now();
      const erased = await creators
        .within(trx)
        .eraseProfile(
          userId,
          { name: DELETED_ACCOUNT_NAME, handle: `${ERASED_HANDLE_PREFIX}${userId}` },
          { now, heldUntil: now + deps.handleCoolingOffMs },
        );
      return erased === undefined || erased.avatarKey === null ? [] : [erased.avatarKey];
    },

    /** The creator of an item someone may see, suspended or not (a fan who paid keeps her item). */
    async publicCreator(creatorId: string): Promise<PublicCreator> {
      const row = await creators.findById(creatorId);
      if (row === undefined) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
      return publicCreatorOf(row);
    },

    async handleAvailability(account: SessionAccount, requested: unknown): Promise<HandleAvailability> {
      const parsed = handleInput.safeParse(requested);
      const shown = typeof requested === 'string' ? requested.trim().toLowerCase() : '';
      if (!parsed.success) {
        return {
          handle: shown,
          available: false,
          message: parsed.error.issues[0]?.message ?? 'That handle is not valid.',
        };
      }
      const handle = parsed.data;
      if (isReservedHandle(handle)) return { handle, available: false, message: HANDLE_MESSAGES.reserved };
      if (await creators.isHandleTakenByOther(handle, account.id)) {
        return { handle, available: false, message: HANDLE_MESSAGES.taken };
      }
      const hold = await creators.findHandleHold(handle, clock.now());
      if (hold !== undefined && hold.userId !== account.id) {
        return { handle, available: false, message: HANDLE_MESSAGES.recentlyUsed };
      }
      return { handle, available: true, message: null };
    },

    async updateProfile(account: SessionAccount, input: z.output<typeof profileUpdateInput>): Promise<CreatorProfile> {
      const changes: { name?: string; bio?: string | null; handle?: string } = {};
      if (input.name !== undefined) changes.name = input.name;
      // An empty bio means "none": the page then shows 'Creator on Kholo'.
      if (input.bio !== undefined) changes.bio = input.bio === '' ? null : input.bio;
      if (input.handle !== undefined) {
        if (isReservedHandle(input.handle)) throw handleRefused(HANDLE_MESSAGES.reserved);
        changes.handle = input.handle;
      }
      const now = clock.now();
      let update: ProfileUpdate;
      try {
        update = await creators.updateProfile(account.id, changes, { now, heldUntil: now + deps.handleCoolingOffMs });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw handleRefused(HANDLE_MESSAGES.taken);
      }
      if (update.outcome === 'handle-held') throw handleRefused(HANDLE_MESSAGES.recentlyUsed);
      if (update.outcome === 'no-creator')
        throw new AppError('FORBIDDEN', 'Only creators can do this. Please log in through the creator login.');
      return creatorProfileOf(update.row, account.email);
    },

    /**
     * A 256 px WebP replaces the avatar; the old file is removed once the new one is in place.
     * Both go through the storage journal, so a crash at any point orphans neither.
     */
    async changeAvatar(account: SessionAccount, staged: StagedFile): Promise<CreatorProfile> {
      let avatarPath: string | undefined;
      let claim: StorageClaim | undefined;
      // The random tail keeps two changes in one millisecond from sharing a (cached-for-good) URL.
      const key = `avatars/${account.id}_${clock.now()}_${randomBytes(4).toString('hex')}.webp`;
      try {
        avatarPath = await deps.media.processAvatar(staged, CONTENT_LIMITS.avatarSize);
        claim = await journal.claim([key]);
        await storage.putFile(key, avatarPath, 'image/webp');
        const replaced = await creators.replaceAvatarKey(account.id, { ...claim, key }, clock.now());
        if (replaced === undefined) {
          throw new AppError('FORBIDDEN', 'Only creators can do this. Please log in through the creator login.');
        }
        claim = undefined;
        if (replaced.previous !== null && replaced.previous !== key) await journal.discard([replaced.previous]);
      } catch (error) {
        if (claim !== undefined) await journal.discard(claim.keys);
        throw error;
      } finally {
        await discardStaged(staged.path, avatarPath);
      }
      const row = await creators.findById(account.id);
      if (row === undefined) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
      return creatorProfileOf(row, account.email);
    },

    /**
     * The dashboard checklist's last step, "Put your link in your Instagram bio", which only she
     * can tick. Any creator may (a suspended one too: it changes nothing anyone else sees).
     */
    async markInstagramBioDone(account: SessionAccount): Promise<CreatorProfile> {
      await requireCreator(account);
      await creators.markInstagramBioDone(account.id, clock.now());
      const row = await creators.findById(account.id);
      if (row === undefined) throw new AppError('NOT_FOUND', CREATOR_PAGE_MESSAGES.notFound);
      return creatorProfileOf(row, account.email);
    },

    /** The stored avatar of a creator, for GET /api/creators/{id}/avatar. */
    async avatarKey(creatorId: string): Promise<string> {
      const row = await creators.findById(creatorId);
      if (row === undefined || row.avatarKey === null) throw new AppError('NOT_FOUND', 'This creator has no avatar.');
      return row.avatarKey;
    },
  };
}

export type CreatorsService = ReturnType<typeof createCreatorsService>;
