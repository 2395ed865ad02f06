import { describe, expect, it } from 'vitest';
import {
  isShareSource,
  itemShareMessage,
  profileShareMessage,
  SHARE_SOURCES,
  whatsappShareUrl,
  withShareSource,
} from './share.js';

describe('share links', () => {
  it('tags a link with its source, replacing an earlier tag and keeping other parameters', () => {
    expect(withShareSource('https://kholo.in/u/priya', 'wa')).toBe('https://kholo.in/u/priya?src=wa');
    expect(withShareSource('https://kholo.in/u/priya?src=ig&x=1', 'qr')).toBe('https://kholo.in/u/priya?src=qr&x=1');
    expect(withShareSource('https://kholo.in/u/priya?x=1&src=ig&src=wa#top', 'link')).toBe(
      'https://kholo.in/u/priya?x=1&src=link#top',
    );
    expect(withShareSource('https://kholo.in/u/priya?', 'wa')).toBe('https://kholo.in/u/priya?src=wa');
  });

  it('knows the five sources and nothing else', () => {
    expect(SHARE_SOURCES).toEqual(['wa', 'ig', 'qr', 'share', 'link']);
    expect(SHARE_SOURCES.every(isShareSource)).toBe(true);
    expect(isShareSource('fb')).toBe(false);
    expect(isShareSource(undefined)).toBe(false);
  });

  it('writes the WhatsApp message with the link last, encoded once', () => {
    const link = 'https://kholo.in/content/abc?src=wa';
    const text = itemShareMessage('Holi & colours', 'Priya Sharma', link);
    expect(text).toBe(
      'New on Kholo: Holi & colours by Priya Sharma — unlock it here: https://kholo.in/content/abc?src=wa',
    );
    const url = whatsappShareUrl(text);
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    // The & and ? of the title and link must not split WhatsApp's own query.
    expect(new URL(url).searchParams.get('text')).toBe(text);
    expect(url).not.toContain('&x');
    expect(profileShareMessage('Priya', 'https://kholo.in/u/priya?src=wa')).toMatch(
      /https:\/\/kholo\.in\/u\/priya\?src=wa$/,
    );
  });
});
