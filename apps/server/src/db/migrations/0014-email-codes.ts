import type { Kysely } from 'kysely';

/**
 * One-time sign-in codes (ADR 022): six digits emailed for the visitor's checkout and for
 * logging in without a password. Only an HMAC of the code is kept, so a copy of the database
 * cannot be used to sign in; a code is deleted when used or guessed at too often, and when it
 * expires it is ignored (and swept with the next code for that email).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    // Wrong guesses made while it lived: at EMAIL_CODE_MAX_GUESSES the code is deleted.
    .addColumn('wrong_guesses', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('email_codes_email_idx').on('email_codes').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_codes').execute();
}
