import { describe, expect, it } from 'vitest';
import { isBot, viewerKey, visitSource } from './visit-rules.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const INSTAGRAM_IN_APP =
  'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36 Instagram 357.0.0.25.101 Android';

describe('which visits are people', () => {
  it('counts phones, in-app browsers and desktop browsers', () => {
    for (const agent of [CHROME_ANDROID, IPHONE_SAFARI, INSTAGRAM_IN_APP]) expect(isBot(agent)).toBe(false);
  });

  it('leaves out crawlers, link previews, scripts and requests without a user agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Slackbot-LinkExpanding 1.0',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome-Lighthouse',
      '',
      '   ',
      undefined,
    ]) {
      expect(isBot(agent), String(agent)).toBe(true);
    }
  });
});

describe('where a visit came from', () => {
  it('takes the share button’s tag first', () => {
    expect(visitSource('wa', 'https://www.instagram.com/', 'kholo.in')).toBe('whatsapp');
    expect(visitSource('ig', null, 'kholo.in')).toBe('instagram');
    expect(visitSource('qr', null, 'kholo.in')).toBe('qr');
  });

  it('reads the referrer when the tag does not name a place, or is not one of ours', () => {
    expect(visitSource('share', 'https://l.instagram.com/?u=x', 'kholo.in')).toBe('instagram');
    expect(visitSource('link', 'https://web.whatsapp.com/', 'kholo.in')).toBe('whatsapp');
    expect(visitSource('<script>', 'https://t.me/somechannel', 'kholo.in')).toBe('telegram');
    expect(visitSource(null, 'https://m.facebook.com/', 'kholo.in')).toBe('facebook');
    expect(visitSource(null, 'https://www.google.co.in/', 'kholo.in')).toBe('search');
    expect(visitSource(null, 'https://example.com/blog', 'kholo.in')).toBe('other');
    expect(visitSource(null, 'not a url', 'kholo.in')).toBe('other');
  });

  it('is direct with no referrer, or from our own pages', () => {
    expect(visitSource(null, null, 'kholo.in')).toBe('direct');
    expect(visitSource('link', '', 'kholo.in')).toBe('direct');
    expect(visitSource(null, 'https://kholo.in/', 'kholo.in')).toBe('direct');
  });

  it('does not take a look-alike host for Instagram', () => {
    expect(visitSource(null, 'https://notinstagram.com/', 'kholo.in')).toBe('other');
    expect(visitSource(null, 'https://instagram.com.evil.example/', 'kholo.in')).toBe('other');
  });
});

describe('one viewer a day', () => {
  const day1 = Date.parse('2026-11-26T05:00:00Z');
  const visitor = { ip: '203.0.113.9', userAgent: CHROME_ANDROID };

  it('is the same key all India day, and another the next day', () => {
    const morning = viewerKey('secret', Date.parse('2026-11-25T18:30:00Z'), visitor);
    const night = viewerKey('secret', Date.parse('2026-11-26T18:29:59Z'), visitor);
    const tomorrow = viewerKey('secret', Date.parse('2026-11-26T18:30:00Z'), visitor);
    expect(night).toBe(morning);
    expect(tomorrow).not.toBe(morning);
  });

  it('tells apart addresses and browsers, holds neither, and stays the same when she signs in', () => {
    const key = viewerKey('secret', day1, visitor);
    expect(viewerKey('secret', day1, { ...visitor, ip: '203.0.113.10' })).not.toBe(key);
    expect(viewerKey('secret', day1, { ...visitor, userAgent: IPHONE_SAFARI })).not.toBe(key);
    expect(viewerKey('other secret', day1, visitor)).not.toBe(key);
    expect(key).not.toContain('203');
  });
});
