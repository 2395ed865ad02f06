import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Accounts. The auth_* tables belong to better-auth and keep its representation: dates are
 * ISO-8601 text on SQLite and timestamptz on PostgreSQL, flags 0/1 or boolean (ADR 008).
 * Our own tables (creators, fans) keep epoch-ms BIGINT instants like everything else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = postgres ? sql`timestamptz` : sql`text`;
  const flag = postgres ? sql`boolean` : sql`integer`;

  await db.schema
    .createTable('auth_users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    // Stored lowercased by better-auth and by us, so a plain unique index is case-insensitive in effect.
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('email_verified', flag, (column) => column.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', instant, (column) => column.notNull())
    .addColumn('updated_at', instant, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('token', 'text', (column) => column.notNull().unique())
    .addColumn('expires_at', instant, (column) => column.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', instant, (column) => column.notNull())
    .addColumn('updated_at', instant, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('auth_sessions_user_id_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('provider_id', 'text', (column) => column.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', instant)
    .addColumn('refresh_token_expires_at', instant)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', instant, (column) => column.notNull())
    .addColumn('updated_at', instant, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('auth_accounts_user_id_idx').on('auth_accounts').column('user_id').execute();

  await db.schema
    .createTable('auth_verifications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // A SHA-256 of the token, never the token itself.
    .addColumn('identifier', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('expires_at', instant, (column) => column.notNull())
    .addColumn('created_at', instant, (column) => column.notNull())
    .addColumn('updated_at', instant, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('auth_verifications_identifier_idx')
    .on('auth_verifications')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('creators')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('handle', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('bio', 'text')
    .addColumn('avatar_key', 'text')
    .addColumn('wallet_balance_paise', 'bigint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`wallet_balance_paise >= 0`),
    )
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('fans')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('auth_users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fans', 'creators', 'auth_verifications', 'auth_accounts', 'auth_sessions', 'auth_users']) {
    await db.schema.dropTable(table).execute();
  }
}
