import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, fileNameFromTitle } from './download-file.ts';

describe('download file names', () => {
  it('reads the server’s suggestion, preferring the UTF-8 form', () => {
    expect(fileNameFromDisposition('attachment; filename="sunset.jpg"')).toBe('sunset.jpg');
    expect(fileNameFromDisposition('attachment; filename=sunset.jpg')).toBe('sunset.jpg');
    expect(fileNameFromDisposition(`attachment; filename="x.jpg"; filename*=UTF-8''%E0%A4%B8%E0%A5%82.jpg`)).toBe(
      'सू.jpg',
    );
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".mp4"')).toBe('say "hi".mp4');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('falls back to the title with the type’s extension', () => {
    expect(fileNameFromTitle('Sunset at Marine Drive!', 'image/jpeg')).toBe('sunset-at-marine-drive.jpg');
    expect(fileNameFromTitle('Holi 2026', 'video/mp4')).toBe('holi-2026.mp4');
    expect(fileNameFromTitle('!!!', 'application/octet-stream')).toBe('kholo-download');
  });
});
