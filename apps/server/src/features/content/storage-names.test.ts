import { describe, expect, it } from 'vitest';
import { assertStorageKey } from '../../providers/storage/storage.js';
import { downloadFileName, storageFileName } from './storage-names.js';

const TAIL = '-[0-9a-f]{8}';

describe('storageFileName', () => {
  it.each([
    ['IMG_2041.JPG', 'jpg', `^img-2041${TAIL}\\.jpg$`],
    ['Holi at the Ghats (2).png', 'png', `^holi-at-the-ghats-2${TAIL}\\.png$`],
    ["Zoë D'Souza.jpeg", 'jpg', `^zoe-d-souza${TAIL}\\.jpg$`],
    // Only the last segment of a path counts, whichever slashes it uses.
    ['../../etc/passwd.jpg', 'jpg', `^passwd${TAIL}\\.jpg$`],
    ['C:\\Users\\evil\\x.jpg', 'jpg', `^x${TAIL}\\.jpg$`],
    ['/absolute/shadow', 'png', `^shadow${TAIL}\\.png$`],
    ['dir/', 'png', `^upload${TAIL}\\.png$`],
    // Nothing readable left: a neutral stem.
    ['..', 'png', `^upload${TAIL}\\.png$`],
    ['.jpg', 'jpg', `^upload${TAIL}\\.jpg$`],
    ['', 'mp4', `^upload${TAIL}\\.mp4$`],
    ['होली की तस्वीर.jpg', 'jpg', `^upload${TAIL}\\.jpg$`],
    ['nul\u0000byte\u0001.jpg', 'jpg', `^nul-byte${TAIL}\\.jpg$`],
    ['🎨🎨.gif', 'gif', `^upload${TAIL}\\.gif$`],
    // The extension is the server's, from the bytes; the one in the name is dropped.
    ['clip.mp4', 'png', `^clip${TAIL}\\.png$`],
    ['archive.tar.gz', 'jpg', `^archive-tar${TAIL}\\.jpg$`],
  ])('%j → %s', (name, extension, pattern) => {
    expect(storageFileName(name, extension)).toMatch(new RegExp(pattern));
  });

  it('keeps at most 60 characters of the stem, with no dash left dangling', () => {
    const name = storageFileName(`${'ab-'.repeat(40)}.jpg`, 'jpg');
    const stem = name.replace(new RegExp(`${TAIL}\\.jpg$`), '');
    expect(stem.length).toBeLessThanOrEqual(60);
    expect(stem).not.toMatch(/-$/);
  });

  it('gives the same name a different tail every time', () => {
    const names = new Set(Array.from({ length: 50 }, () => storageFileName('same.jpg', 'jpg')));
    expect(names.size).toBe(50);
  });

  it('always makes a valid storage key segment', () => {
    for (const name of ['../../etc/passwd', 'C:\\x', '..', '.', ' ', '\u0000', 'a'.repeat(500), '-.-', '%2e%2e%2f']) {
      const key = `media/creator-1/1795240800000_${storageFileName(name, 'jpg')}`;
      expect(() => {
        assertStorageKey(key);
      }).not.toThrow();
    }
  });
});

describe('downloadFileName', () => {
  it.each([
    ['Holi in Jaipur', 'jpg', 'Holi in Jaipur.jpg'],
    ['होली की तस्वीर', 'png', 'होली की तस्वीर.png'],
    ['a/b\\c:d*e?f"g<h>i|j', 'mp4', 'a b c d e f g h i j.mp4'],
    ['line\nbreak\ttab\u0000nul', 'jpg', 'line break tab nul.jpg'],
    ['   spaced    out   ', 'jpg', 'spaced out.jpg'],
    ['...hidden', 'jpg', 'hidden.jpg'],
    ['../../etc/passwd', 'jpg', 'etc passwd.jpg'],
    ['. . .dots', 'jpg', 'dots.jpg'],
    ['', 'webm', 'kholo-download.webm'],
    ['///', 'jpg', 'kholo-download.jpg'],
  ])('%j → %j', (title, extension, expected) => {
    expect(downloadFileName(title, extension)).toBe(expected);
  });

  it('keeps at most 80 characters of the title, without a space before the extension', () => {
    expect(downloadFileName('x'.repeat(200), 'jpg')).toBe(`${'x'.repeat(80)}.jpg`);
    expect(downloadFileName(`${'x'.repeat(79)} yz`, 'jpg')).toBe(`${'x'.repeat(79)}.jpg`);
  });
});
