import { z } from 'zod';
import type { PreviewImage } from './preview-image-rules.js';

/** One copy of a blurred preview, for `srcset` (issue 25). */
export const previewImageSource = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  type: z.enum(['image/webp', 'image/avif']),
});

/** An item's blurred preview: its base address and size, and every width and type there is. */
export const previewImage = z.object({
  url: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  srcset: z.array(previewImageSource),
}) satisfies z.ZodType<PreviewImage>;
