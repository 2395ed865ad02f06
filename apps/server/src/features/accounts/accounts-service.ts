import type { AccountRole, FanProfile, Me } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { accountsRepository as repository, type FanRow } from './accounts-repository.js';
import { creatorProfileOf } from '../creators/creator-views.js';
import { createCreatorsRepository } from '../creators/creators-repository.js';
import { firstFreeHandle, handleBaseFromName } from './handles.js';

/** Enough for any realistic burst of creators with the same name signing up in the same moment. */
const HANDLE_ATTEMPTS = 8;

export interface SignedInAccount {
  id: string;
  name: string;
  email: string;
}

export interface AccountsService {
  /** Gives an account its creator profile or fan record, unless it has one (idempotent). */
  addRole(db: Kysely<Database>, account: SignedInAccount, role: AccountRole): Promise<void>;
  isAdmin(email: string): boolean;
  describe(account: SignedInAccount | null): Promise<Me>;
}

export function createAccountsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  adminEmail: string;
}): AccountsService {
  const isAdmin = (email: string) => email.toLowerCase() === deps.adminEmail;

  async function addCreatorProfile(db: Kysely<Database>, account: SignedInAccount): Promise<void> {
    if ((await repository.findCreator(db, account.id)) !== undefined) return;
    const base = handleBaseFromName(account.name);
    const handles = createCreatorsRepository(db);
    for (let attempt = 0; attempt < HANDLE_ATTEMPTS; attempt += 1) {
      const now = deps.clock.now();
      // Handles other creators gave up are theirs until the cooling-off ends (features/creators).
      const taken = new Set([
        ...(await repository.findHandlesStartingWith(db, base)),
        ...(await handles.findHeldHandlesStartingWith(base, now)),
      ]);
      const handle = firstFreeHandle(base, taken);
      const written = await repository.insertCreatorIfFree(db, {
        userId: account.id,
        handle,
        name: account.name,
        createdAt: now,
      });
      if (written) {
        // Asked after the insert for the reason creators-repository's updateProfile gives: a
        // creator giving this handle up at this moment has committed her hold by now.
        const hold = await handles.findHandleHold(handle, now);
        if (hold === undefined || hold.userId === account.id) return;
        await repository.deleteCreator(db, account.id);
        continue;
      }
      // Not written: either this account got its profile from a parallel request, or another
      // creator took the handle between our read and write; look again.
      if ((await repository.findCreator(db, account.id)) !== undefined) return;
    }
    throw new AppError('CONFLICT', 'We could not reserve a page address for you just now. Please try again.');
  }

  return {
    isAdmin,

    async addRole(db, account, role) {
      if (isAdmin(account.email)) {
        throw new AppError('FORBIDDEN', 'The admin account cannot be a creator or a fan. Please use another email.');
      }
      // In a transaction (sign-up's own, or one of ours for a sign-in), so a profile given a
      // held handle and taken back is never seen.
      if (role === 'creator')
        await (db.isTransaction
          ? addCreatorProfile(db, account)
          : db.transaction().execute((trx) => addCreatorProfile(trx, account)));
      else
        await repository.insertFanIfMissing(db, {
          userId: account.id,
          name: account.name,
          createdAt: deps.clock.now(),
        });
    },

    async describe(account) {
      if (account === null) return { account: null, creator: null, fan: null };
      const [creator, fan] = await Promise.all([
        repository.findCreator(deps.db, account.id),
        repository.findFan(deps.db, account.id),
      ]);
      return {
        account: { id: account.id, name: account.name, email: account.email, isAdmin: isAdmin(account.email) },
        creator: creator === undefined ? null : creatorProfileOf(creator, account.email),
        fan: fan === undefined ? null : fanProfile(fan, account.email),
      };
    },
  };
}

function fanProfile(row: FanRow, email: string): FanProfile {
  return { id: row.userId, name: row.name, email, createdAt: row.createdAt };
}
