import { describe, expect, it } from 'vitest';
import { checkChosenMedia, chosenMediaKind, CONTENT_MESSAGES, fileTooLargeMessage } from './content-rules.js';
import { MAX_UPLOAD_BYTES } from './limits.js';

const MB = 1024 * 1024;

describe('fileTooLargeMessage', () => {
  it("keeps SPEC §5's words first, then says how big the file is and how to make it fit", () => {
    expect(fileTooLargeMessage(Math.round(73.4 * MB), 'video')).toBe(
      'File size exceeds 50MB limit. This video is 73.4 MB. Trim it or export it at 1080p (on iPhone: Settings → Camera → Record Video → 1080p HD), then try again.',
    );
    expect(fileTooLargeMessage(61 * MB, 'image')).toBe(
      'File size exceeds 50MB limit. This photo is 61 MB. Save it as a JPEG or at a smaller size, then try again.',
    );
    expect(fileTooLargeMessage(80 * MB, null)).toBe(
      'File size exceeds 50MB limit. This file is 80 MB. Make it smaller, then try again.',
    );
    for (const kind of ['video', 'image', null] as const) {
      expect(fileTooLargeMessage(60 * MB, kind).startsWith(CONTENT_MESSAGES.fileTooLarge)).toBe(true);
    }
  });

  it('rounds up, so a file a byte over the limit never reads as exactly 50 MB', () => {
    expect(fileTooLargeMessage(MAX_UPLOAD_BYTES + 1, 'video')).toContain('This video is 50.1 MB.');
  });
});

describe('chosenMediaKind (phone formats, issue 26)', () => {
  it('goes by the browser type, and by the name only when the browser gave none', () => {
    expect(chosenMediaKind({ type: 'image/heic', name: 'IMG_4021.HEIC' })).toBe('image');
    expect(chosenMediaKind({ type: 'video/quicktime', name: 'IMG_0042.MOV' })).toBe('video');
    // Chrome on Android and Windows: a .HEIC or .MOV with no type, or a generic one.
    expect(chosenMediaKind({ type: '', name: 'IMG_4021.HEIC' })).toBe('image');
    expect(chosenMediaKind({ type: '', name: 'photo.heif' })).toBe('image');
    expect(chosenMediaKind({ type: 'application/octet-stream', name: 'IMG_0042.mov' })).toBe('video');
    expect(chosenMediaKind({ type: '', name: 'notes.txt' })).toBeNull();
    expect(chosenMediaKind({ type: '' })).toBeNull();
    // A type that says something else wins over the name.
    expect(chosenMediaKind({ type: 'application/pdf', name: 'fake.heic' })).toBeNull();
  });

  it('lets checkChosenMedia take them', () => {
    expect(checkChosenMedia({ size: 3 * MB, type: '', name: 'IMG_4021.HEIC' })).toBeNull();
    expect(checkChosenMedia({ size: 3 * MB, type: '', name: 'notes.txt' })).toBe(CONTENT_MESSAGES.onlyImageOrVideo);
  });
});
