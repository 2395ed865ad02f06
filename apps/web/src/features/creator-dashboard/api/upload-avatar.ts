import { creatorProfile, type CreatorProfile } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeCreatorProfile } from './update-profile.ts';

/** POST /api/studio/avatar: one `file` part, an image; the answer carries the new `avatarUrl`. */
export function uploadAvatar(file: File): Promise<CreatorProfile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/api/studio/avatar', { method: 'POST', body: form, schema: creatorProfile });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => {
      storeCreatorProfile(queryClient, profile);
    },
  });
}
