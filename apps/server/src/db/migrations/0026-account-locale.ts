import { type Kysely, sql } from 'kysely';

/**
 * `auth_users.locale` (issue 26 §5, ADR 030): the language her emails are written in, 'en' or
 * 'hi'. Set at sign-up from the language the request negotiated and changed by the header's
 * switch while she is signed in. Existing accounts, and the admin's, start in English, as they
 * have been written to so far. On better-auth's table, declared to it as an additional field so
 * the account and its language are one insert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_users')
    .addColumn('locale', 'text', (column) =>
      column
        .notNull()
        .defaultTo('en')
        .check(sql`locale in ('en', 'hi')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_users').dropColumn('locale').execute();
}
