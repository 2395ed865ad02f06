import {
  type AccountRole,
  type CreatorProfile,
  type FanProfile,
  type Locale,
  type Me,
  POLICY_MESSAGES,
  PRIVACY_VERSION,
  TERMS_VERSION,
} from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import type { AccountsRepository, FanRow } from './accounts-repository.js';

export interface SignedInAccount {
  id: string;
  name: string;
  email: string;
}

/**
 * Creator profiles belong to features/creators, which builds on accounts (its routes read the
 * session); so its service comes in as these two functions instead of being imported.
 */
export interface CreatorProfiles {
  /** Gives the account a creator profile unless it has one, inside the transaction `trx`. */
  addProfileTo(trx: Kysely<Database>, account: SignedInAccount): Promise<void>;
  /**
   * Makes the account a creator with the handle and name she chose ("Start selling?", ADR 022),
   * inside `trx`; refuses a handle that is taken, reserved or held, and an account that already sells.
   */
  claimProfile(
    trx: Kysely<Database>,
    account: SignedInAccount,
    choice: { handle: string; name: string },
  ): Promise<void>;
  profileOf(account: SignedInAccount): Promise<CreatorProfile | null>;
}

export interface AccountsService {
  /**
   * Gives an account its creator profile or fan record, unless it has one (idempotent): inside
   * `trx` when the caller holds a transaction (sign-up's), otherwise in one of its own.
   */
  addRole(account: SignedInAccount, role: AccountRole, trx?: Kysely<Database>): Promise<void>;
  isAdmin(email: string): boolean;
  describe(account: SignedInAccount | null): Promise<Me>;
  /** "Start selling on Kholo?" answered yes: a signed-in account becomes a creator too. */
  startSelling(account: SignedInAccount, choice: { handle: string; name?: string | undefined }): Promise<Me>;
  /**
   * "Accept and continue" on the updated Terms: records the versions the dialog showed, refused
   * (CONFLICT) when they are no longer the current ones. Repeating it changes nothing.
   */
  acceptPolicies(account: SignedInAccount, versions: { termsVersion: string; privacyVersion: string }): Promise<Me>;
  /** The header's switch while she is signed in: her emails are written in `locale` from now on. */
  setLanguage(account: SignedInAccount, locale: Locale): Promise<void>;
}

export function createAccountsService(deps: {
  accounts: AccountsRepository;
  creatorProfiles: CreatorProfiles;
  transaction: Transact;
  clock: Clock;
  adminEmail: string;
}): AccountsService {
  const { accounts, creatorProfiles } = deps;
  const isAdmin = (email: string) => email.toLowerCase() === deps.adminEmail;

  return {
    isAdmin,

    async addRole(account, role, trx) {
      if (isAdmin(account.email)) {
        throw new AppError('FORBIDDEN', 'The admin account cannot be a creator or a fan. Please use another email.');
      }
      // In a transaction (sign-up's own, or one of ours for a sign-in), so a profile given a
      // held handle and taken back is never seen.
      if (role === 'creator') {
        await (trx === undefined
          ? deps.transaction((own) => creatorProfiles.addProfileTo(own, account))
          : creatorProfiles.addProfileTo(trx, account));
      } else {
        await (trx === undefined ? accounts : accounts.within(trx)).insertFanIfMissing({
          userId: account.id,
          name: account.name,
          createdAt: deps.clock.now(),
        });
      }
    },

    async startSelling(account, choice) {
      if (isAdmin(account.email)) {
        throw new AppError('FORBIDDEN', 'The admin account cannot be a creator or a fan. Please use another email.');
      }
      await deps.transaction((trx) =>
        creatorProfiles.claimProfile(trx, account, { handle: choice.handle, name: choice.name ?? account.name }),
      );
      return this.describe(account);
    },

    async describe(account) {
      if (account === null) return { account: null, creator: null, fan: null, policies: null };
      const [creator, fan, credentials, consent] = await Promise.all([
        creatorProfiles.profileOf(account),
        accounts.findFan(account.id),
        accounts.credentialsOf(account.id),
        accounts.findPolicyConsent(account.id),
      ]);
      const termsVersion = consent?.termsVersion ?? null;
      const privacyVersion = consent?.privacyVersion ?? null;
      return {
        account: {
          id: account.id,
          name: account.name,
          email: account.email,
          isAdmin: isAdmin(account.email),
          ...credentials,
        },
        creator,
        fan: fan === undefined ? null : fanProfile(fan, account.email),
        policies: {
          // The admin writes the Terms on Kholo's side and is never asked (ADR 025).
          needsAcceptance:
            !isAdmin(account.email) && (termsVersion !== TERMS_VERSION || privacyVersion !== PRIVACY_VERSION),
          termsVersion,
          privacyVersion,
        },
      };
    },

    async acceptPolicies(account, versions) {
      if (versions.termsVersion !== TERMS_VERSION || versions.privacyVersion !== PRIVACY_VERSION) {
        throw new AppError('CONFLICT', POLICY_MESSAGES.versionsChanged);
      }
      await accounts.recordPolicyConsent(account.id, versions, deps.clock.now());
      return this.describe(account);
    },

    async setLanguage(account, locale) {
      await accounts.setLocale(account.id, locale);
    },
  };
}

function fanProfile(row: FanRow, email: string): FanProfile {
  return { id: row.userId, name: row.name, email, createdAt: row.createdAt };
}
