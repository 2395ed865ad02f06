import { contactMessageList, type ContactMessageList } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/messages: what people sent through the Contact Us page, newest first. */
export function getContactMessages(signal?: AbortSignal): Promise<ContactMessageList> {
  return apiRequest(
    '/api/admin/messages',
    signal ? { schema: contactMessageList, signal } : { schema: contactMessageList },
  );
}

export function useContactMessages() {
  return useQuery({
    queryKey: adminQueryKeys.messages,
    queryFn: ({ signal }) => getContactMessages(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
