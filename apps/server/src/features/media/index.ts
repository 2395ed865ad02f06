// Media: uploads staged and decoded, previews made, stored files sent, and the storage journal
// that keeps stored objects and rows in step through any crash (storage-sweep.ts).
export { createMediaProcessor, type MediaProcessor, type ProcessedMedia } from './media-processing.js';
export { extensionFor } from './media-type.js';
export { avatarVersion, mediaUrls } from './media-urls.js';
export {
  type PreviewFormat,
  previewImageOf,
  previewKeyFor,
  previewMime,
  previewVariantKey,
  previewVariantKeys,
} from './preview-sizes.js';
export { sendOriginalFile, sendStoredFile, type StoredFileResponse } from './send-stored-file.js';
export { createStoragePendingRepository, type StorageClaim } from './storage-pending-repository.js';
export {
  CACHE_SWEEP_INTERVAL_MS,
  createStorageJournal,
  createStorageSweep,
  PENDING_GRACE_MS,
  type ReleasableItemFiles,
  type StorageCache,
  STORAGE_SWEEP_INTERVAL_MS,
  type StorageJournal,
  type StorageSweep,
} from './storage-sweep.js';
export {
  createResumableUploads,
  MAX_OPEN_UPLOADS_PER_CREATOR,
  RESUMABLE_MAX_AGE_MS,
  RESUMABLE_UPLOADS_DIR,
  type ResumableUpload,
  type ResumableUploads,
  sweepResumableUploads,
  UploadBusyError,
  UPLOAD_NOT_FOUND,
} from './resumable-uploads.js';
export { createUploadAllowance, type UploadAllowance } from './upload-allowance.js';
export { discardStaged, type StagedFile, sweepStaging } from './upload-staging.js';
export {
  type ConversionOutcome,
  detectVideoTools,
  MAX_CONVERSION_MS,
  type VideoMime,
  type VideoTools,
} from './video-tools.js';
