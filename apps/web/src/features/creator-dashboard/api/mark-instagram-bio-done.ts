import { creatorProfile, type CreatorProfile } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeCreatorProfile } from './update-profile.ts';

/** POST /api/studio/checklist/instagram-bio-done: she says her link is in her Instagram bio (idempotent). */
export function markInstagramBioDone(): Promise<CreatorProfile> {
  return apiRequest('/api/studio/checklist/instagram-bio-done', { method: 'POST', schema: creatorProfile });
}

export function useMarkInstagramBioDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInstagramBioDone,
    onSuccess: (profile) => {
      storeCreatorProfile(queryClient, profile);
    },
  });
}
