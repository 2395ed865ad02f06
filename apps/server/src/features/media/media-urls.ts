import { createHash } from 'node:crypto';

/** The public addresses of stored files. Storage keys themselves never leave the server. */
export const mediaUrls = {
  preview: (contentId: string) => `/api/contents/${encodeURIComponent(contentId)}/preview`,
  /** One width and type of the blurred preview (preview-sizes.ts), for `srcset`. */
  previewVariant: (contentId: string, width: number, format: 'webp' | 'avif') =>
    `/api/contents/${encodeURIComponent(contentId)}/preview/${width}.${format}`,
  inline: (contentId: string) => `/api/contents/${encodeURIComponent(contentId)}/media`,
  download: (contentId: string) => `/api/contents/${encodeURIComponent(contentId)}/download`,
  /** Versioned by the key, so a new avatar is a new URL and the old one may be cached for good. */
  avatar: (creatorId: string, avatarKey: string | null) =>
    avatarKey === null ? null : `/api/creators/${encodeURIComponent(creatorId)}/avatar?v=${avatarVersion(avatarKey)}`,
};

export function avatarVersion(avatarKey: string): string {
  return createHash('sha256').update(avatarKey).digest('base64url').slice(0, 10);
}
