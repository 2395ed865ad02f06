import type { Kysely } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema.js';

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insertMessage(message: ContactMessagesTable): Promise<void> {
      await db.insertInto('contactMessages').values(message).execute();
    },

    async listNewestMessages(limit: number): Promise<ContactMessagesTable[]> {
      return db
        .selectFrom('contactMessages')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async findMessageById(id: string): Promise<ContactMessagesTable | undefined> {
      return db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
