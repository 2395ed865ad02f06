import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { createContentSales } from '../src/features/content/index.js';
import { createLedger } from '../src/features/ledger/index.js';
import type { EmailQueue } from '../src/features/email/index.js';
import { createOrdersRepository, createSettlement, type Settle } from '../src/features/payments/index.js';
import type { MailMessage } from '../src/providers/mail/mailer.js';
import type { Clock } from '../src/lib/clock.js';
import { transactionsOn } from '../src/lib/transactions.js';

/**
 * Rows for tests below the app (the ledger's and the order machine's): an account, a creator with
 * one item, a fan. Only the rows other tables point at; no balance is ever written here.
 */

/** An account row as better-auth writes it (its boolean needs a literal on SQLite). */
export async function insertAccount(database: DatabaseHandle, name: string, now: number) {
  const id = randomUUID();
  const email = `${name.toLowerCase()}-${id}@example.com`;
  const at = new Date(now).toISOString();
  await sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
    values (${id}, ${name}, ${email}, ${sql.lit(false)}, ${at}, ${at})`.execute(database.db);
  return { id, email };
}

export interface CreatorWithItem {
  id: string;
  email: string;
  contentId: string;
}

export async function insertCreatorWithItem(
  database: DatabaseHandle,
  name: string,
  now: number,
): Promise<CreatorWithItem> {
  const { db } = database;
  const { id, email } = await insertAccount(database, name, now);
  await db
    .insertInto('creators')
    .values({ userId: id, handle: `h-${id}`, name, createdAt: now })
    .execute();
  const contentId = randomUUID();
  await db
    .insertInto('contents')
    .values({
      id: contentId,
      creatorId: id,
      title: `${name}'s item`,
      description: 'A photo',
      pricePaise: 100,
      isAdultContent: 0,
      mediaKind: 'image',
      mediaKey: `media/${contentId}`,
      mediaMime: 'image/png',
      mediaSizeBytes: 100,
      previewKey: `preview/${contentId}`,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    })
    .execute();
  return { id, email, contentId };
}

/**
 * An email queue that keeps what it is given, for services tested below the app (the app's own
 * goes through the jobs queue, tested in jobs-contract and jobs-app).
 */
export function keptEmails(): EmailQueue & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  const send = (message: MailMessage) => {
    messages.push(message);
    return Promise.resolve();
  };
  return { messages, send, within: () => ({ send }) };
}

/** Settlement wired as app.ts wires it, over a database of the test's own. */
export function settlementOver(
  db: Kysely<Database>,
  clock: Clock,
  platformFeeBps = 500,
  returned: { orderId: string; reason: string }[] = [],
): Settle {
  return createSettlement({
    orders: createOrdersRepository(db),
    sales: createContentSales(db),
    ledger: createLedger(db),
    transaction: transactionsOn(db),
    clock,
    platformFeeBps,
    mail: keptEmails(),
    // The sale email is a job of the app's queue (tested in sale-notifications.test.ts); none here.
    saleNotices: { within: () => ({ saleMade: () => Promise.resolve() }) },
    publicUrl: 'http://kholo.test',
    supportEmail: 'support@kholo.test',
    latePaymentGraceMs: 24 * 60 * 60_000,
    // The refund itself is the refunds feature's (tested through the app); here, what was sent back.
    returnPayment: (_trx, payment) => {
      returned.push({ orderId: payment.orderId, reason: payment.reason });
      return Promise.resolve();
    },
  });
}
