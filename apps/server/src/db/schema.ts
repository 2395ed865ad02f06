import type { ColumnType } from 'kysely';

/**
 * Table types as the app sees them (camelCase; the database uses snake_case via
 * CamelCasePlugin). Instants are epoch milliseconds in BIGINT columns, the same type
 * on SQLite and PostgreSQL (ADR 003).
 */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: number;
}

/**
 * better-auth's tables, in its own representation (ADR 008): instants are ISO text on SQLite
 * and Date on PostgreSQL. Our code reads only the columns below; better-auth owns the rest.
 */
export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  createdAt: string | Date;
}

export interface AuthSessionsTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
}

export interface AuthVerificationsTable {
  id: string;
  /** SHA-256 of "reset-password:{token}"; never the token. */
  identifier: string;
  /** For reset tokens, the account id. */
  value: string;
  expiresAt: string | Date;
}

export interface CreatorsTable {
  /** The account's id: one creator profile per account. */
  userId: string;
  /** The public address /u/{handle}: lowercase a–z, 0–9 and single dashes, unique. */
  handle: string;
  name: string;
  bio: string | null;
  /** Storage key of the avatar image; never a path from the user. */
  avatarKey: string | null;
  /** A cache of the ledger, updated in the same transaction as every entry; never negative. */
  walletBalancePaise: ColumnType<number, number | undefined, number>;
  createdAt: number;
}

export interface FansTable {
  userId: string;
  name: string;
  createdAt: number;
}

export interface ContentsTable {
  id: string;
  creatorId: string;
  title: string;
  description: string;
  pricePaise: number;
  /** 0 or 1 on both databases. */
  isAdultContent: number;
  mediaKind: 'image' | 'video';
  mediaKey: string;
  mediaMime: string;
  mediaSizeBytes: number;
  mediaWidth: number | null;
  mediaHeight: number | null;
  mediaDurationMs: number | null;
  displayKey: string | null;
  previewKey: string;
  unlocks: ColumnType<number, number | undefined, number>;
  earningsPaise: ColumnType<number, number | undefined, number>;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

export interface UnlocksTable {
  id: string;
  /** The fan's account id. */
  fanId: string;
  contentId: string;
  purchasedAt: number;
  /** purchasedAt + 14 days: access ends here (SPEC §4). */
  expiresAt: number;
}

export interface Database {
  contactMessages: ContactMessagesTable;
  authUsers: AuthUsersTable;
  authSessions: AuthSessionsTable;
  authVerifications: AuthVerificationsTable;
  creators: CreatorsTable;
  fans: FansTable;
  contents: ContentsTable;
  unlocks: UnlocksTable;
}
