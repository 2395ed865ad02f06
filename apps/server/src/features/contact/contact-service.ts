import { randomUUID } from 'node:crypto';
import {
  ADMIN_LIST_LIMIT,
  type ContactMessageCreated,
  type ContactMessageInput,
  type ContactMessageList,
} from '@kholo/contracts';
import type { Clock } from '../../lib/clock.js';
import type { ContactRepository } from './contact-repository.js';

export function createContactService(deps: { contacts: ContactRepository; clock: Clock }) {
  return {
    /** Stores the message for the admin's Messages tab. */
    async receiveMessage(input: ContactMessageInput): Promise<ContactMessageCreated> {
      const message = {
        id: randomUUID(),
        name: input.name,
        email: input.email.toLowerCase(),
        message: input.message,
        createdAt: deps.clock.now(),
      };
      await deps.contacts.insertMessage(message);
      return { id: message.id, createdAt: message.createdAt };
    },

    /** The admin's Messages tab: newest first. */
    async listForAdmin(): Promise<ContactMessageList> {
      return { items: await deps.contacts.listNewestMessages(ADMIN_LIST_LIMIT) };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
