/**
 * Content rules and messages with no zod in them, so pages that only need a message or a
 * price check (a creator's page, the content page) do not download the schemas.
 */
import { formatPaise } from './format.js';
import { MAX_UPLOAD_BYTES, MIN_PRICE_PAISE, UNLOCK_WINDOW_DAYS } from './limits.js';

/** Messages the spec fixes word for word (SPEC §2, §5, §6 and §8). */
export const CONTENT_MESSAGES = {
  fillAllFields: 'Please fill all fields and select a file.',
  fileTooLarge: 'File size exceeds 50MB limit.',
  onlyImageOrVideo: 'Only image and video files are allowed.',
  uploadFailed: 'Upload failed.',
  uploadSuccessful: 'Upload Successful!',
  onlyImages: 'Only image files allowed',
  avatarFailed: 'Failed to upload avatar',
  profileFailed: 'Failed to update profile',
  unlocksFailed: 'Could not fetch unlocks',
  noMediaToDownload: 'No media file available for download',
  downloadFailed: 'Download failed',
  unableToDownload: 'Unable to download the file',
  contentNotFound: 'Content not found.',
  contentLocked: 'You have not unlocked this content yet. Please purchase to access.',
  defaultBio: 'Creator on Kholo',
  loginToSeeMore: 'Login to See More',
  locked: 'Locked',
  videoError: 'Video Error',
  purchasedContent: 'Your Purchased Content',
} as const;

export const CONTENT_LIMITS = {
  titleMax: 120,
  descriptionMax: 2000,
  bioMax: 300,
  /** ₹1,00,000: the default ceiling on a price; MAX_PRICE_RUPEES changes it. */
  defaultMaxPricePaise: 1_00_000_00,
  /** Avatars are small pictures; a 10 MB photo is plenty to make a 256 px one from. */
  avatarMaxBytes: 10 * 1024 * 1024,
  avatarSize: 256,
} as const;

/** Video containers the spec names (SPEC §9: mp4, webm, ogg). */
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;
/** Image formats Kholo can read, strip of EXIF and make previews from. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * Phone formats the server converts (ADR 010): HEIC/HEIF photos to JPEG, MOV videos to MP4. Many
 * browsers give such a file no type at all, so pickers list the extensions too.
 */
export const PHONE_IMAGE_ACCEPT = '.heic,.heif,image/heic,image/heif';
export const PHONE_VIDEO_ACCEPT = '.mov,video/quicktime';
/** The file inputs' `accept`: the upload form's and the avatar's. */
export const MEDIA_ACCEPT = `image/*,video/*,${PHONE_IMAGE_ACCEPT},${PHONE_VIDEO_ACCEPT}`;
export const AVATAR_ACCEPT = `image/*,${PHONE_IMAGE_ACCEPT}`;

/**
 * What a chosen file is by its browser type, or by its name when the browser gave none (Chrome
 * on Windows and Android types a .HEIC as ""); null when neither says image or video.
 */
export function chosenMediaKind(file: { type: string; name?: string }): 'image' | 'video' | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type !== '' && file.type !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name ?? '')?.[1]?.toLowerCase();
  if (extension === 'heic' || extension === 'heif') return 'image';
  if (extension === 'mov') return 'video';
  return null;
}

/** The browser's first check of a chosen file (SPEC §5); the server decides again from the bytes. */
export function checkChosenMedia(file: { size: number; type: string; name?: string }): string | null {
  if (chosenMediaKind(file) === null) return CONTENT_MESSAGES.onlyImageOrVideo;
  if (file.size > MAX_UPLOAD_BYTES) return CONTENT_MESSAGES.fileTooLarge;
  return null;
}

/** The tus endpoint for resumable uploads (ADR 028); each upload is `${RESUMABLE_UPLOADS_PATH}/{id}`. */
export const RESUMABLE_UPLOADS_PATH = '/api/studio/uploads';

/** A size in MB (of 1024 × 1024 bytes, as MAX_UPLOAD_BYTES counts), rounded up so 50 MB + 1 byte is not "50 MB". */
function megabytes(bytes: number): string {
  return `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;
}

/**
 * SPEC §5's 'File size exceeds 50MB limit.' and then, where the size is known (the browser's
 * check, a resumable upload's declared length), how big the file is and how to make it fit.
 */
export function fileTooLargeMessage(sizeBytes: number, kind: 'image' | 'video' | null): string {
  const size = megabytes(sizeBytes);
  if (kind === 'video') {
    return `${CONTENT_MESSAGES.fileTooLarge} This video is ${size}. Trim it or export it at 1080p (on iPhone: Settings → Camera → Record Video → 1080p HD), then try again.`;
  }
  if (kind === 'image') {
    return `${CONTENT_MESSAGES.fileTooLarge} This photo is ${size}. Save it as a JPEG or at a smaller size, then try again.`;
  }
  return `${CONTENT_MESSAGES.fileTooLarge} This file is ${size}. Make it smaller, then try again.`;
}

const RUPEES_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * "499", "499.5" or "1,00,000" → paise, or the message to show. Rupees exist only at the edge:
 * the form takes rupees, the API and the database hold integer paise.
 */
export function parseRupees(text: string, maxPaise: number): { paise: number } | { error: string } {
  const cleaned = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  if (cleaned === '') return { error: 'Please enter a price.' };
  if (!RUPEES_PATTERN.test(cleaned)) {
    return { error: 'Enter the price in rupees, with at most 2 decimals (like 499 or 49.50).' };
  }
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const problem = priceProblem(paise, maxPaise);
  return problem === null ? { paise } : { error: problem };
}

/** The price rule, in one place: whole paise, at least ₹1, at most the configured maximum. */
export function priceProblem(paise: number, maxPaise: number): string | null {
  if (!Number.isSafeInteger(paise)) return 'The price must be a whole number of paise.';
  if (paise < MIN_PRICE_PAISE) return `The price must be at least ${formatPaise(MIN_PRICE_PAISE)}.`;
  if (paise > maxPaise) return `The price can be at most ${formatPaise(maxPaise)}.`;
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const UNLOCK_WINDOW_MS = UNLOCK_WINDOW_DAYS * DAY_MS;

/** SPEC §4: remaining days = ceiling of (14 − elapsed days); 0 once the window is over. */
export function unlockDaysLeft(purchasedAt: number, now: number): number {
  const elapsedDays = (now - purchasedAt) / DAY_MS;
  return Math.max(0, Math.ceil(UNLOCK_WINDOW_DAYS - elapsedDays));
}
