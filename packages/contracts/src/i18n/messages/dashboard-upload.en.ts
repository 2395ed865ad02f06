/**
 * The dashboard's Upload tab (SPEC §2, §4, §5; issue 26): the photo or video first, its preview,
 * title and price, the 18+ switch, the progress of a resumable upload and its banner. The spec's
 * own messages (Upload Successful!, Please fill all fields…) are in the `messages` module.
 */
export const dashboardUploadEn = {
  'dashboardUpload.lead': 'Fans see a blurred preview until they pay; each unlock gives them {days} days of access.',
  'dashboardUpload.onPageNow': '“{title}” is on your public page now.',
  'dashboardUpload.seeContent': 'See your content',
  'dashboardUpload.legend': 'New photo or video',
  'dashboardUpload.title': 'Title',
  'dashboardUpload.price': 'Price (₹)',
  'dashboardUpload.priceHint': 'From {min} to {max}, like 499 or 49.50.',
  'dashboardUpload.description': 'Description (optional)',
  'dashboardUpload.characters': '{count} / {max} characters',
  'dashboardUpload.connectionDropped': 'The connection dropped at {percent}. Press Upload to continue from there.',
  'dashboardUpload.resumingFrom': 'Resuming from {percent}',
  'dashboardUpload.finishing': 'Finishing up...',
  'dashboardUpload.uploadingFile': 'Uploading your file',
  'dashboardUpload.sentOf': '{sent} of {total}',
  'dashboardUpload.resumingLive': 'Resuming from {percent}. ',
  'dashboardUpload.uploadedLive': 'Uploaded {percent}%',
  'dashboardUpload.uploading': 'Uploading...',
  'dashboardUpload.upload': 'Upload',
  'dashboardUpload.cancel': 'Cancel upload',
  'dashboardUpload.termsRich': 'Everything you upload must follow our {link}.',
  'dashboardUpload.terms': 'Terms',
  'dashboardUpload.noPreview':
    'This browser cannot show a preview of this photo. It will be converted to JPEG when you upload it.',
  'dashboardUpload.previewOf': 'Preview of {name}',
  'dashboardUpload.photoOrVideo': 'Photo or video',
  'dashboardUpload.change': 'Change',
  'dashboardUpload.choose': 'Choose a photo or video',
  'dashboardUpload.chooseHint': 'From your gallery or camera. A preview shows here before you send.',
  'dashboardUpload.fileTypes':
    'Photos (JPG, PNG, WebP, GIF, HEIC) or videos (MP4, MOV, WebM, Ogg), up to {megabytes} MB.',
  'dashboardUpload.adult': '18+ (mature content)',
  'dashboardUpload.adultHint':
    'Mature but not sexual, like horror, gore or strong language. Sexually explicit content is not allowed on Kholo. Fans confirm they are 18 or older before they see it.',
  'dashboardUpload.chooseFile': 'Please choose a photo or video.',
} as const;
