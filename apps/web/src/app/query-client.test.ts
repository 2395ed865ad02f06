import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../features/accounts/api/get-me.ts';
import { ApiError } from '../lib/api-error.ts';
import { createQueryClient } from './query-client.ts';

describe('query client', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks /api/me again when any call says the session has ended', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await client
      .query({
        queryKey: ['wallet'],
        queryFn: () => Promise.reject(new ApiError('UNAUTHENTICATED', 'Please log in.', 401)),
      })
      .catch(() => undefined);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: meQueryKey });
  });

  it('leaves the session alone for other errors', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await client
      .query({
        queryKey: ['content'],
        queryFn: () => Promise.reject(new ApiError('NOT_FOUND', 'Content not found.', 404)),
      })
      .catch(() => undefined);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
