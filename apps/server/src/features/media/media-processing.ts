import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import decodeHeif from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.js';
import { createWorkQueue } from '../../lib/work-queue.js';
import { heifDeclaredSize } from './heif-structure.js';
import { extensionFor, isHeif, QUICKTIME } from './media-type.js';
import { isMp4Layout } from './mp4-structure.js';
import { BASE_PREVIEW_WIDTH, type PreviewFormat, PREVIEW_WIDTHS, type StoredPreviewSizes } from './preview-sizes.js';
import type { StagedFile } from './upload-staging.js';
import type { VideoMime, VideoTools } from './video-tools.js';

// Two cores and many small jobs: one libvips thread per image and no operation cache keep
// memory flat while a 50 MB upload is being processed.
sharp.concurrency(1);
sharp.cache(false);

/** Bigger than any camera (about 100 megapixels); stops a decompression bomb before it decodes. */
export const MAX_INPUT_PIXELS = 100_000_000;
/**
 * A HEIC decodes in libheif's WebAssembly memory and is then copied out as RGBA for sharp: about
 * twice what sharp alone holds for the same pixels, so it weighs twice as much in the queue.
 */
const HEIF_WEIGHT = 2;
const PREVIEW_MAX = BASE_PREVIEW_WIDTH;
/**
 * Strong enough that nothing in a locked item can be made out, at the base preview's 480 px; the
 * other widths are blurred in proportion (σ 12 at 320, 30 at 800), so each looks the same.
 */
const PREVIEW_BLUR_SIGMA = 18;
/** The widest preview copy: video frames are taken this wide. */
const MAX_PREVIEW = Math.max(...PREVIEW_WIDTHS);
/*
 * WebP only. sharp's libvips can encode AVIF (aom), and the cards would take it, but the encoder
 * raised the server's memory during a 50 MB video upload from about 40 MB to about 70 MB (over
 * DESIGN §9's 64 MB) and slowed uploads by a third, for blurred previews of a few kB each
 * (bench, issue 25). Items stored with AVIF copies keep serving them.
 */
const DISPLAY_MAX = 1280;

export interface ProcessedMedia {
  /** What is stored as the original: for images a re-encoded copy without EXIF/GPS. */
  originalPath: string;
  /** The stored original's type and extension: a HEIC's is a JPEG's. */
  mime: string;
  extension: string;
  /**
   * A phone video (MOV, or HEVC in MP4) that most browsers cannot play: stored as uploaded and
   * converted to MP4 H.264 by a background job before it goes on sale (ADR 010).
   */
  needsConversion: boolean;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** A display-sized WebP of an image; null for video, which is shown as uploaded. */
  displayPath: string | null;
  previewPath: string;
  /** The base preview's size and the other copies (widths), each written to `path`. */
  previewSizes: StoredPreviewSizes;
  previewVariants: PreviewVariantFile[];
}

export interface PreviewVariantFile {
  width: number;
  height: number;
  format: PreviewFormat;
  path: string;
}

function sibling(staged: StagedFile, suffix: string): string {
  return path.join(path.dirname(staged.path), `${randomUUID()}.${suffix}`);
}

function unreadable(cause: unknown): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'This file could not be read as an image or a video. It may be damaged.',
    {
      cause,
    },
  );
}

const UNREADABLE_VIDEO = 'This video could not be read. Please upload an MP4, MOV, WebM or Ogg video.';
export const MOV_NEEDS_FFMPEG =
  'This server cannot convert .MOV videos because ffmpeg is not installed on it. Please upload the video as an MP4 instead (a video editor app can export it as MP4).';
/** HEVC in an MP4 (Android and iPhone cameras) plays in Safari but not in most Android Chrome builds. */
const CONVERTED_MP4_CODECS = new Set(['hevc']);

/**
 * Makes what items and avatars need from staged uploads. Decoding is the one step whose cost
 * the uploader chooses: a 300 kB PNG can claim 100 megapixels, hundreds of MB once decoded.
 * So it runs through one queue per process, a few at a time and at most about one maximal
 * image's pixels at once (ADR 016); the rest wait their turn with their files on disk.
 */
export interface MediaProcessor {
  /**
   * The stored original (EXIF stripped for images), a display copy of images, and the blurred
   * preview every locked card shows. Files are written next to the staged one; the caller moves
   * them into storage or removes them.
   */
  processMedia(staged: StagedFile): Promise<ProcessedMedia>;
  /** A `size` px square WebP avatar from a staged image, EXIF gone with everything else. */
  processAvatar(staged: StagedFile, size: number): Promise<string>;
}

export function createMediaProcessor(deps: { videoTools: VideoTools | null; concurrency: number }): MediaProcessor {
  const queue = createWorkQueue({ concurrency: deps.concurrency, budget: MAX_INPUT_PIXELS });
  return {
    async processMedia(staged) {
      if (staged.type.kind === 'video') {
        // ffmpeg decodes in a process of its own; the queue still keeps it to a few at a time.
        return queue.run(0, () => processVideo(staged, deps.videoTools));
      }
      return queue.run(await decodedPixels(staged), () => processImage(staged));
    },
    async processAvatar(staged, size) {
      return queue.run(await decodedPixels(staged), () => processAvatar(staged, size));
    },
  };
}

/** What decoding the image will hold, read from its header alone (every frame of an animation). */
async function decodedPixels(staged: StagedFile): Promise<number> {
  if (isHeif(staged.type.mime)) {
    const declared = await heifDeclaredSize(staged.path, staged.sizeBytes).catch(() => null);
    const pixels = declared === null ? 0 : declared.width * declared.height;
    if (pixels > MAX_INPUT_PIXELS) throw unreadable(new Error(`a HEIF image of ${pixels} pixels`));
    // Unknown: the decoder's own count is checked before it decodes, and it runs alone.
    return declared === null ? MAX_INPUT_PIXELS : pixels * HEIF_WEIGHT;
  }
  try {
    const { width, height, pages } = await sharp(staged.path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const frames = staged.type.mime === 'image/gif' || staged.type.mime === 'image/webp' ? (pages ?? 1) : 1;
    return width * height * frames;
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * A HEIC/HEIF photo's primary image as RGBA pixels, decoded once by libheif (WebAssembly; sharp's
 * prebuilt libvips has no HEVC decoder). Its size is checked before the pixels are decoded; the
 * rotation and mirroring the file asks for are applied by the decoder.
 */
async function decodeHeifPixels(staged: StagedFile): Promise<{ data: Buffer; width: number; height: number }> {
  const images = await decodeHeif.all({ buffer: await fsp.readFile(staged.path) });
  try {
    const primary = images[0];
    if (primary === undefined) throw new Error('no image in the HEIF file');
    if (primary.width * primary.height > MAX_INPUT_PIXELS || primary.width < 1 || primary.height < 1) {
      throw new Error(`a HEIF image of ${primary.width} × ${primary.height}`);
    }
    const { data, width, height } = await primary.decode();
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    images.dispose();
  }
}

/** How to read the staged image again and again: from its file, or from a HEIC's decoded pixels. */
async function imageSource(staged: StagedFile, animated: boolean): Promise<() => Sharp> {
  if (!isHeif(staged.type.mime)) {
    return () => sharp(staged.path, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' });
  }
  const { data, width, height } = await decodeHeifPixels(staged);
  // JPEG has no transparency: a HEIF with some shows on white, as photo apps show it.
  return () => sharp(data, { raw: { width, height, channels: 4 } }).flatten({ background: '#ffffff' });
}

async function processImage(staged: StagedFile): Promise<ProcessedMedia> {
  const animated = staged.type.mime === 'image/gif' || staged.type.mime === 'image/webp';
  // A HEIC is stored as a JPEG (quality 90), so every fan's browser can show and save it.
  const heif = isHeif(staged.type.mime);
  const mime = heif ? 'image/jpeg' : staged.type.mime;
  const extension = extensionFor(mime);
  const originalPath = sibling(staged, extension);
  const displayPath = sibling(staged, 'webp');
  const previewPath = sibling(staged, 'webp');
  try {
    const input = await imageSource(staged, animated);
    // rotate() applies the EXIF orientation; sharp writes no EXIF (camera, GPS) unless asked to.
    const original = input().rotate().keepIccProfile();
    const encoded =
      mime === 'image/jpeg'
        ? original.jpeg({ quality: 90 })
        : mime === 'image/png'
          ? original.png()
          : mime === 'image/webp'
            ? original.webp({ quality: 90 })
            : original.gif();
    const info = await encoded.toFile(originalPath);
    await input()
      .rotate()
      .resize(DISPLAY_MAX, DISPLAY_MAX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(displayPath);
    // The previews start from the display copy (at most 1280 px, first frame): decoding the
    // original again for each width would cost its full size every time.
    const previews = await makePreviews(staged, () => sharp(displayPath), previewPath);
    const height = animated && info.pageHeight !== undefined ? info.pageHeight : info.height;
    return {
      originalPath,
      mime,
      extension,
      needsConversion: false,
      sizeBytes: info.size,
      width: info.width,
      height,
      durationMs: null,
      displayPath,
      previewPath,
      ...previews,
    };
  } catch (error) {
    throw unreadable(error);
  }
}

async function processVideo(staged: StagedFile, video: VideoTools | null): Promise<ProcessedMedia> {
  const previewPath = sibling(staged, 'webp');
  const mime = staged.type.mime as VideoMime;
  // Converting needs ffmpeg: without it a MOV is refused at once, saying why.
  if (mime === QUICKTIME && video === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MOV_NEEDS_FFMPEG);
  // The MP4 sniff is four letters at byte 4; the box layout is checked before anything reads on.
  // A MOV is laid out the same way, but older ones start without an `ftyp`.
  if (
    (mime === 'video/mp4' || mime === QUICKTIME) &&
    !(await isMp4Layout(staged.path, staged.sizeBytes, { ftypFirst: mime === 'video/mp4' }))
  ) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE_VIDEO);
  }
  const info = video === null ? null : await video.probe(staged.path, mime);
  // With ffprobe present, a "video" that does not demux as its type or has no picture stream
  // (an audio-only .ogg, a damaged file) is not something a fan could watch.
  if (video !== null && info === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE_VIDEO);
  const needsConversion =
    mime === QUICKTIME || (mime === 'video/mp4' && CONVERTED_MP4_CODECS.has(info?.videoCodec ?? ''));
  const durationSeconds = (info?.durationMs ?? 0) / 1000;
  // A video to be converted gets its frame from the MP4 the job makes; till then, the poster.
  const frame =
    video === null || needsConversion
      ? null
      : await video.posterFrame(staged.path, mime, Math.min(1, durationSeconds / 2), MAX_PREVIEW);
  let previews: Pick<ProcessedMedia, 'previewSizes' | 'previewVariants'>;
  if (frame !== null) {
    previews = await makePreviews(staged, () => sharp(frame), previewPath);
  } else {
    // The generated poster has nothing to hide or sharpen: one size is all it needs.
    const placeholder = await videoPlaceholder(info?.width ?? null, info?.height ?? null).toFile(previewPath);
    previews = { previewSizes: { w: placeholder.width, h: placeholder.height, v: [] }, previewVariants: [] };
  }
  return {
    originalPath: staged.path,
    mime,
    extension: staged.type.extension,
    needsConversion,
    sizeBytes: staged.sizeBytes,
    width: info?.width ?? null,
    height: info?.height ?? null,
    durationMs: info?.durationMs ?? null,
    displayPath: null,
    previewPath,
    ...previews,
  };
}

/**
 * The blurred previews from a picture at most MAX_PREVIEW wide (the display copy, a video frame):
 * the base one (WebP, `previewPath`, fitted inside 480 × 960) and copies at 2/3 and 5/3 of its
 * size (320 and 800 px for most pictures) in WebP, each blurred in proportion to its
 * size so all look the same. A copy larger than the picture is not made, so small photos have
 * fewer; its recorded size is what `srcset` names.
 */
async function makePreviews(
  staged: StagedFile,
  source: () => Sharp,
  previewPath: string,
): Promise<Pick<ProcessedMedia, 'previewSizes' | 'previewVariants'>> {
  const base = await source()
    .resize(BASE_PREVIEW_WIDTH, BASE_PREVIEW_WIDTH * 2, { fit: 'inside', withoutEnlargement: true })
    .blur(PREVIEW_BLUR_SIGMA)
    .webp({ quality: 50 })
    .toFile(previewPath);
  const sourceWidth = (await source().metadata()).width;
  const variants: PreviewVariantFile[] = [];
  for (const nominal of PREVIEW_WIDTHS) {
    const width = Math.min(Math.round((base.width * nominal) / BASE_PREVIEW_WIDTH), Math.max(sourceWidth, base.width));
    const height = Math.max(1, Math.round((base.height * width) / base.width));
    if (width < 1 || (nominal !== BASE_PREVIEW_WIDTH && width === base.width)) continue;
    const formats: PreviewFormat[] = width === base.width ? [] : ['webp'];
    for (const format of formats) {
      const path = sibling(staged, format);
      const image = source()
        .resize(width, height, { fit: 'fill' })
        .blur((PREVIEW_BLUR_SIGMA * width) / base.width);
      const info = await (format === 'webp' ? image.webp({ quality: 50 }) : image.avif({ quality: 45 })).toFile(path);
      variants.push({ width: info.width, height: info.height, format, path });
    }
  }
  return {
    previewSizes: { w: base.width, h: base.height, v: variants.map((v) => [v.width, v.height, v.format]) },
    previewVariants: variants,
  };
}

/** Kholo's colours and a play sign, in the video's shape when known (16:9 otherwise). */
function videoPlaceholder(width: number | null, height: number | null): Sharp {
  const w = PREVIEW_MAX;
  const h = width !== null && height !== null ? Math.max(120, Math.min(854, Math.round((w * height) / width))) : 270;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14112e"/><stop offset="1" stop-color="#3b2f6b"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <circle cx="${w / 2}" cy="${h / 2}" r="36" fill="#ffb627" fill-opacity="0.9"/>
  <path d="M ${w / 2 - 11} ${h / 2 - 17} L ${w / 2 + 18} ${h / 2} L ${w / 2 - 11} ${h / 2 + 17} Z" fill="#14112e"/>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 });
}

async function processAvatar(staged: StagedFile, size: number): Promise<string> {
  const avatarPath = sibling(staged, 'webp');
  try {
    const input = await imageSource(staged, false);
    await input()
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toFile(avatarPath);
  } catch (error) {
    throw unreadable(error);
  }
  return avatarPath;
}
