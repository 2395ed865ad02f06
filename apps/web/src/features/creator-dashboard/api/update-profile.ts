import { creatorProfile, type CreatorProfile, type Me, type ProfileUpdateInput } from '@kholo/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQueryKey, storeMe } from '../../accounts/index.ts';

/** PATCH /api/studio/profile: any of name, bio (`""` clears it) and handle. */
export function updateProfile(input: ProfileUpdateInput): Promise<CreatorProfile> {
  return apiRequest('/api/studio/profile', { method: 'PATCH', body: input, schema: creatorProfile });
}

/**
 * Puts the server's new creator profile into the session (query cache and local storage), so
 * the header, the dashboard greeting and the share link follow at once. The header shows the
 * account's name, which is the creator's name.
 */
export function storeCreatorProfile(queryClient: QueryClient, profile: CreatorProfile): void {
  const current = queryClient.getQueryData<Me>(meQueryKey);
  if (!current?.account) {
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    return;
  }
  storeMe(queryClient, { ...current, account: { ...current.account, name: profile.name }, creator: profile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      storeCreatorProfile(queryClient, profile);
    },
  });
}
