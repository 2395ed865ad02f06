import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPhone, isPhoneDevice } from './is-phone.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const INSTAGRAM_IN_APP = `${ANDROID_CHROME} Instagram 330.0.0.40.92 Android (33/13; 320dpi; 720x1465; samsung)`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('isPhoneDevice', () => {
  it.each([
    ['Android Chrome', { userAgent: ANDROID_CHROME, maxTouchPoints: 5, viewportWidth: 360 }],
    ['Instagram’s in-app browser', { userAgent: INSTAGRAM_IN_APP, maxTouchPoints: 5, viewportWidth: 360 }],
    ['an Android phone held sideways', { userAgent: ANDROID_CHROME, maxTouchPoints: 5, viewportWidth: 800 }],
    ['an iPhone', { userAgent: IPHONE, maxTouchPoints: 5, viewportWidth: 390 }],
    ['a narrow touch screen of unknown make', { userAgent: 'Mozilla/5.0', maxTouchPoints: 2, viewportWidth: 412 }],
  ])('is a phone: %s', (_, facts) => {
    expect(isPhoneDevice(facts)).toBe(true);
  });

  it.each([
    ['a laptop', { userAgent: WINDOWS_CHROME, maxTouchPoints: 0, viewportWidth: 1280 }],
    ['a narrow laptop window', { userAgent: WINDOWS_CHROME, maxTouchPoints: 0, viewportWidth: 500 }],
    ['a touch laptop', { userAgent: WINDOWS_CHROME, maxTouchPoints: 10, viewportWidth: 1366 }],
    ['an iPad (it says Mac)', { userAgent: IPAD_AS_MAC, maxTouchPoints: 5, viewportWidth: 1024 }],
  ])('is not a phone: %s', (_, facts) => {
    expect(isPhoneDevice(facts)).toBe(false);
  });
});

describe('isPhone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads this browser', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME);
    expect(isPhone()).toBe(true);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WINDOWS_CHROME);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
    expect(isPhone()).toBe(false);
  });
});
