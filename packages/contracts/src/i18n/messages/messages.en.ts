import { CONTENT_MESSAGES } from '../../content-rules.js';

/**
 * The messages the API and the contracts' rules give as English text (spec messages word for
 * word, API errors), so `localizeMessage` can find them by their words and say them in Hindi.
 * The English is the constants themselves: one copy of every word.
 */
export const messagesEn = {
  'messages.content.fillAllFields': CONTENT_MESSAGES.fillAllFields,
  'messages.content.fileTooLarge': CONTENT_MESSAGES.fileTooLarge,
  'messages.content.onlyImageOrVideo': CONTENT_MESSAGES.onlyImageOrVideo,
  'messages.content.uploadFailed': CONTENT_MESSAGES.uploadFailed,
  'messages.content.uploadSuccessful': CONTENT_MESSAGES.uploadSuccessful,
  'messages.content.onlyImages': CONTENT_MESSAGES.onlyImages,
  'messages.content.avatarFailed': CONTENT_MESSAGES.avatarFailed,
  'messages.content.profileFailed': CONTENT_MESSAGES.profileFailed,
  'messages.content.unlocksFailed': CONTENT_MESSAGES.unlocksFailed,
  'messages.content.noMediaToDownload': CONTENT_MESSAGES.noMediaToDownload,
  'messages.content.downloadFailed': CONTENT_MESSAGES.downloadFailed,
  'messages.content.unableToDownload': CONTENT_MESSAGES.unableToDownload,
  'messages.content.contentNotFound': CONTENT_MESSAGES.contentNotFound,
  'messages.content.contentLocked': CONTENT_MESSAGES.contentLocked,
  'messages.content.defaultBio': CONTENT_MESSAGES.defaultBio,
  'messages.content.loginToSeeMore': CONTENT_MESSAGES.loginToSeeMore,
  'messages.content.locked': CONTENT_MESSAGES.locked,
  'messages.content.videoError': CONTENT_MESSAGES.videoError,
  'messages.content.purchasedContent': CONTENT_MESSAGES.purchasedContent,
} as const;
