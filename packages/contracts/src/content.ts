import { z } from 'zod';
import { studioTakedown } from './safety.js';
import { HANDLE_MAX, HANDLE_PATTERN, personName } from './accounts.js';
import { MIN_PRICE_PAISE } from './limits.js';
import { CONTENT_LIMITS } from './content-rules.js';
import { formatPaise } from './format.js';
import { UPLOAD_ATTESTATION_REQUIRED } from './policy-versions.js';
import { previewImage } from './preview-image.js';

const title = z
  .string({ error: 'Please enter a title.' })
  .trim()
  .min(1, 'Please enter a title.')
  .max(CONTENT_LIMITS.titleMax, `Please keep the title under ${CONTENT_LIMITS.titleMax} characters.`);

/** Optional since issue 26: a photo often needs no words; SPEC §5's message covers title, price and file. */
const description = z
  .string({ error: 'The description must be text.' })
  .trim()
  .max(
    CONTENT_LIMITS.descriptionMax,
    `Please keep the description under ${CONTENT_LIMITS.descriptionMax.toLocaleString('en-IN')} characters.`,
  );

/** Integer paise; the maximum is configuration, so the service checks it with priceProblem. */
const pricePaise = z
  .number({ error: 'Please enter a price.' })
  .int('The price must be a whole number of paise.')
  .min(MIN_PRICE_PAISE, `The price must be at least ${formatPaise(MIN_PRICE_PAISE)}.`);

/**
 * The text fields of POST /api/studio/contents (multipart/form-data). They must come before the
 * `file` part, as in S3's POST uploads, so a bad form is refused before any byte is stored.
 */
export const uploadFields = z.object({
  title,
  description: description.default(''),
  pricePaise: z
    .string({ error: 'Please enter a price.' })
    .regex(/^\d{1,12}$/, 'The price must be a whole number of paise.')
    .transform(Number)
    .pipe(pricePaise),
  isAdultContent: z.enum(['true', 'false'], { error: 'isAdultContent must be true or false.' }).default('false'),
  /** The creator ticked UPLOAD_ATTESTATION_TEXT; nothing is stored without it. */
  attested: z.literal('true', { error: UPLOAD_ATTESTATION_REQUIRED }),
});
export type UploadFields = z.input<typeof uploadFields>;

/**
 * POST /api/studio/contents as JSON (ADR 028): the item made from a finished resumable upload,
 * with the form's fields typed. The server checks them exactly as the multipart form's.
 */
export const contentFromUploadInput = z.object({
  uploadId: z
    .string({ error: 'Send the uploadId of a finished upload.' })
    .min(1, 'Send the uploadId of a finished upload.'),
  title: z.string({ error: 'Please enter a title.' }).optional(),
  description: z.string({ error: 'The description must be text.' }).optional(),
  pricePaise: z.number({ error: 'Please enter a price.' }).optional(),
  isAdultContent: z.boolean({ error: 'isAdultContent must be true or false.' }).optional(),
  attested: z.boolean({ error: UPLOAD_ATTESTATION_REQUIRED }).optional(),
});
export type ContentFromUploadInput = z.input<typeof contentFromUploadInput>;

/** PATCH /api/studio/contents/{id}: any of the three, at least one. */
export const contentUpdateInput = z
  .strictObject({ title: title.optional(), description: description.optional(), pricePaise: pricePaise.optional() })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Nothing to change: send a title, description or price.',
  });
export type ContentUpdateInput = z.input<typeof contentUpdateInput>;

export const handleInput = z
  .string({ error: 'Please choose a handle.' })
  .trim()
  .toLowerCase()
  .min(3, 'Your handle needs at least 3 characters.')
  .max(HANDLE_MAX, `Please keep your handle under ${HANDLE_MAX} characters.`)
  .regex(HANDLE_PATTERN, 'Use lowercase letters, numbers and single dashes (like priya-sharma).');

/** PATCH /api/studio/profile */
export const profileUpdateInput = z
  .strictObject({
    name: personName.optional(),
    bio: z
      .string({ error: 'The bio must be text.' })
      .trim()
      .max(CONTENT_LIMITS.bioMax, `Please keep your bio under ${CONTENT_LIMITS.bioMax} characters.`)
      .optional(),
    handle: handleInput.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Nothing to change: send a name, bio or handle.',
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

/** GET /api/studio/handle-availability?handle=… */
export const handleAvailability = z.object({
  handle: z.string(),
  available: z.boolean(),
  /** Why it cannot be used, when it cannot. */
  message: z.string().nullable(),
});
export type HandleAvailability = z.infer<typeof handleAvailability>;

/** What the viewer may do with an item. Only the last three ever carry the media's address. */
export const contentAccess = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('locked'),
    /**
     * When the viewer's last access ran out (her 14 days ended), for "Your access ended on…" and
     * "Unlock again". Null for a visitor, a fan who never bought it, and one whose last purchase
     * was taken back (refunded, or paused by her bank's dispute): her access did not run out.
     */
    accessEndedAt: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('unlocked'),
    purchasedAt: z.number().int(),
    expiresAt: z.number().int(),
    daysLeft: z.number().int(),
  }),
  z.object({ kind: z.literal('owner') }),
  z.object({ kind: z.literal('admin') }),
]);
export type ContentAccess = z.infer<typeof contentAccess>;

export const mediaKind = z.enum(['image', 'video']);
export type MediaKind = z.infer<typeof mediaKind>;

/** The original (or its display-sized copy), only for viewers who may see it. */
export const contentMedia = z.object({
  /** Inline: images at display size, video as uploaded (Range-capable). */
  url: z.string(),
  /** The original file with Content-Disposition: attachment. */
  downloadUrl: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
});
export type ContentMedia = z.infer<typeof contentMedia>;

/** An item as a creator page, a content page or a listing shows it. */
export const contentCard = z.object({
  id: z.string(),
  creatorId: z.string(),
  title: z.string(),
  description: z.string(),
  pricePaise: z.number().int(),
  isAdultContent: z.boolean(),
  mediaKind,
  /** The server-made blurred WebP: the only picture a locked item ever has. */
  previewUrl: z.string(),
  /** The same preview in every width and type made (issue 25), for `srcset`; previewUrl is its base. */
  preview: previewImage.optional(),
  createdAt: z.number().int(),
  access: contentAccess,
  /** Null unless access is unlocked, owner or admin. */
  media: contentMedia.nullable(),
});
export type ContentCard = z.infer<typeof contentCard>;

/**
 * A phone video being made playable everywhere (MOV, HEVC → MP4 H.264, ADR 010): `progress` in
 * whole percent while it runs; `reason` when it failed. Never on sale until it is done.
 */
export const contentProcessing = z.discriminatedUnion('state', [
  z.object({ state: z.literal('processing'), progress: z.number().int().min(0).max(100) }),
  z.object({ state: z.literal('failed'), reason: z.string() }),
]);
export type ContentProcessing = z.infer<typeof contentProcessing>;

/** An item in the creator's own Content tab. */
export const studioContent = contentCard.extend({
  unlocks: z.number().int(),
  earningsPaise: z.number().int(),
  updatedAt: z.number().int(),
  media: contentMedia,
  /** Set while the admin hides the item for breaking the Terms: nobody but its creator sees it. */
  hiddenReason: z.string().nullable(),
  /** Why the item is out of view, and her review request (issue 24); null while it is in view. */
  takedown: studioTakedown.nullable(),
  /** Null once the item is ready (on sale unless something else holds it). */
  processing: contentProcessing.nullable(),
});
export type StudioContent = z.infer<typeof studioContent>;

/** GET /api/studio/contents: the Content tab and the dashboard's summary cards in one answer. */
export const studioContents = z.object({
  items: z.array(studioContent),
  summary: z.object({
    walletBalancePaise: z.number().int(),
    contentCount: z.number().int(),
    /** The sum of every item's earnings, deleted items included: money earned stays earned. */
    earningsPaise: z.number().int(),
  }),
});
export type StudioContents = z.infer<typeof studioContents>;

export const publicCreator = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  /** Null when the creator wrote none; pages show CONTENT_MESSAGES.defaultBio. */
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type PublicCreator = z.infer<typeof publicCreator>;

/** GET /api/creators/{username} */
export const creatorPage = z.object({
  creator: publicCreator,
  /** Newest first; for a visitor only the first VISITOR_VISIBLE_ITEMS (the server cuts the list). */
  items: z.array(contentCard),
  /** Every public item, so a visitor's page can say there is more behind 'Login to See More'. */
  totalCount: z.number().int(),
});
export type CreatorPage = z.infer<typeof creatorPage>;

/** GET /api/contents/{id} */
export const contentDetail = z.object({
  item: contentCard,
  creator: publicCreator,
});
export type ContentDetail = z.infer<typeof contentDetail>;

/** GET /api/fan/unlocks: the signed-in fan's active unlocks, newest first. */
export const fanUnlocks = z.object({
  items: z.array(
    z.object({
      contentId: z.string(),
      title: z.string(),
      creatorId: z.string(),
      creatorHandle: z.string(),
      creatorName: z.string(),
      mediaKind,
      previewUrl: z.string(),
      purchasedAt: z.number().int(),
      expiresAt: z.number().int(),
      daysLeft: z.number().int(),
    }),
  ),
});
export type FanUnlocks = z.infer<typeof fanUnlocks>;
