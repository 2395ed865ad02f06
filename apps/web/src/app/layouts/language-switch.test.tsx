import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLocale } from '../../lib/i18n/index.ts';
import { renderRoute, stubApi } from '../../test-utils.tsx';

function clearLocaleCookie() {
  document.cookie = 'kholo_lang=; Max-Age=0; Path=/';
}

afterEach(() => {
  clearLocaleCookie();
  document.documentElement.lang = 'en-IN';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the language switch', () => {
  it('turns the page into Hindi without a reload, sets <html lang> and remembers the choice', async () => {
    stubApi({});
    renderRoute('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Login' })).toBeInTheDocument();

    const toHindi = within(banner).getByRole('button', { name: 'हिन्दी' });
    expect(toHindi).toHaveAttribute('lang', 'hi');
    await userEvent.click(toHindi);

    expect(within(banner).getByRole('button', { name: 'लॉग इन' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'अपनी फ़ोटो और वीडियो से कमाई करें' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'अक्सर पूछे जाने वाले सवाल' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('भारत में बना');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(document.cookie).toContain('kholo_lang=hi');

    const toEnglish = within(banner).getByRole('button', { name: 'English' });
    expect(toEnglish).toHaveAttribute('lang', 'en');
    await userEvent.click(toEnglish);
    expect(within(banner).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-IN');
    expect(document.cookie).toContain('kholo_lang=en');
  });

  it('starts in Hindi when told to (the server rendered the page in Hindi)', () => {
    stubApi({});
    renderRoute('/', { locale: 'hi' });
    expect(screen.getByRole('button', { name: 'जुड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
  });
});

describe('startLocale', () => {
  function root(serverRendered: boolean) {
    const element = document.createElement('div');
    if (serverRendered) element.setAttribute('data-server-rendered', '');
    return element;
  }

  it('follows <html lang> on a server-rendered page, whatever the cookie says', () => {
    document.cookie = 'kholo_lang=en; Path=/';
    document.documentElement.lang = 'hi-IN';
    expect(startLocale(root(true))).toBe('hi');
    document.documentElement.lang = 'en-IN';
    expect(startLocale(root(true))).toBe('en');
  });

  it('on the shell: the cookie first, then the browser’s languages, then English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en']);
    expect(startLocale(root(false))).toBe('hi');
    document.cookie = 'kholo_lang=en; Path=/';
    expect(startLocale(root(false))).toBe('en');
    clearLocaleCookie();
    document.cookie = 'kholo_lang=fr; Path=/';
    expect(startLocale(root(false))).toBe('hi');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ta-IN']);
    expect(startLocale(root(false))).toBe('en');
  });
});
