import type { AccountRole, FanProfile, Me } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { accountsRepository as repository, type FanRow } from './accounts-repository.js';
import { creatorProfileOf } from '../creators/creator-views.js';
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
    for (let attempt = 0; attempt < HANDLE_ATTEMPTS; attempt += 1) {
      const taken = new Set(await repository.findHandlesStartingWith(db, base));
      const handle = firstFreeHandle(base, taken);
      const written = await repository.insertCreatorIfFree(db, {
        userId: account.id,
        handle,
        name: account.name,
        createdAt: deps.clock.now(),
      });
      // Not written: either this account got its profile from a parallel request, or another
      // creator took the handle between our read and write; look again.
      if (written || (await repository.findCreator(db, account.id)) !== undefined) return;
    }
    throw new AppError('CONFLICT', 'We could not reserve a page address for you just now. Please try again.');
  }

  return {
    isAdmin,

    async addRole(db, account, role) {
      if (isAdmin(account.email)) {
        throw new AppError('FORBIDDEN', 'The admin account cannot be a creator or a fan. Please use another email.');
      }
      if (role === 'creator') await addCreatorProfile(db, account);
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
