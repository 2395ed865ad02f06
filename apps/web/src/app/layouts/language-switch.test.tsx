import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR } from '../../features/accounts/index.ts';
import { startLocale } from '../../lib/i18n/index.ts';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../test-utils.tsx';

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

describe('the language switch and the account', () => {
  /** A public page, opened and loaded (its route is lazy: the header is drawn again when it arrives). */
  async function openTerms(signedIn: boolean) {
    renderRoute('/terms', signedIn ? { me: FAN_ME } : {});
    await screen.findByRole('heading', { level: 1 });
  }

  function languageCalls(fetchMock: ReturnType<typeof stubApi>) {
    return fetchMock.mock.calls.filter(([url, init]) => url === '/api/me/language' && init?.method === 'PUT');
  }

  it('tells a signed-in account her new language once the page has switched, for her emails', async () => {
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, FAN_ME),
      'PUT /api/me/language': () => new Response(null, { status: 204 }),
    });
    await openTerms(true);
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => {
      expect(languageCalls(fetchMock)).toHaveLength(1);
    });
    expect(requestBody(fetchMock, fetchMock.mock.calls.indexOf(languageCalls(fetchMock)[0]!))).toEqual({
      locale: 'hi',
    });

    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'English' }));
    await waitFor(() => {
      expect(languageCalls(fetchMock)).toHaveLength(2);
    });
    expect(requestBody(fetchMock, fetchMock.mock.calls.indexOf(languageCalls(fetchMock)[1]!))).toEqual({
      locale: 'en',
    });
  });

  it('sends one change at a time, the latest last: a quick switch back cannot be overtaken', async () => {
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let answered = 0;
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, FAN_ME),
      'PUT /api/me/language': async () => {
        if (answered === 0) await firstHeld;
        answered += 1;
        return new Response(null, { status: 204 });
      },
    });
    await openTerms(true);
    const banner = () => within(screen.getByRole('banner'));
    await userEvent.click(banner().getByRole('button', { name: 'हिन्दी' }));
    await userEvent.click(await banner().findByRole('button', { name: 'English' }));
    await userEvent.click(await banner().findByRole('button', { name: 'हिन्दी' }));
    await userEvent.click(await banner().findByRole('button', { name: 'English' }));
    await banner().findByRole('button', { name: 'हिन्दी' });
    // The first is still on its way: nothing else has been sent.
    expect(languageCalls(fetchMock)).toHaveLength(1);
    releaseFirst();
    await waitFor(() => {
      expect(answered).toBe(2);
    });
    const bodies = languageCalls(fetchMock).map((call) => requestBody(fetchMock, fetchMock.mock.calls.indexOf(call)));
    // The choices in between are skipped; the one she ended on is the last the server hears.
    expect(bodies).toEqual([{ locale: 'hi' }, { locale: 'en' }]);
  });

  it('gives up on a change stuck on a dead line, so the next one still reaches her account', async () => {
    let calls = 0;
    // The timeout's signal, aborted by the test rather than after 15 real seconds.
    const timeouts: AbortController[] = [];
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
      const controller = new AbortController();
      timeouts.push(controller);
      return controller.signal;
    });
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, FAN_ME),
      'PUT /api/me/language': (init) => {
        calls += 1;
        if (calls > 1) return new Response(null, { status: 204 });
        // The first never answers: only its own signal ends it.
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('timed out', 'TimeoutError'));
          });
        });
      },
    });
    await openTerms(true);
    const banner = () => within(screen.getByRole('banner'));
    await userEvent.click(banner().getByRole('button', { name: 'हिन्दी' }));
    await userEvent.click(await banner().findByRole('button', { name: 'English' }));
    await banner().findByRole('button', { name: 'हिन्दी' });
    expect(languageCalls(fetchMock)).toHaveLength(1);
    expect(timeout).toHaveBeenCalledWith(15_000);
    expect(languageCalls(fetchMock)[0]![1]!.signal).toBe(timeouts[0]!.signal);
    timeouts[0]!.abort(); // what the timeout does when its 15 s pass
    await waitFor(() => {
      expect(languageCalls(fetchMock)).toHaveLength(2);
    });
    expect(requestBody(fetchMock, fetchMock.mock.calls.indexOf(languageCalls(fetchMock)[1]!))).toEqual({
      locale: 'en',
    });
  });

  it('tells her account of a change made elsewhere too: a policy page’s “read the English version”', async () => {
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, FAN_ME),
      'PUT /api/me/language': () => new Response(null, { status: 204 }),
    });
    renderRoute('/TermsAndConditions', { me: FAN_ME, locale: 'hi' });
    await userEvent.click(await screen.findByRole('button', { name: 'अंग्रेज़ी वर्शन पढ़ें' }));
    await waitFor(() => {
      expect(languageCalls(fetchMock)).toHaveLength(1);
    });
    expect(requestBody(fetchMock, fetchMock.mock.calls.indexOf(languageCalls(fetchMock)[0]!))).toEqual({
      locale: 'en',
    });
  });

  it('switches quietly when the account cannot be told: the cookie still holds her choice', async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(200, FAN_ME),
      'PUT /api/me/language': () => jsonResponse(503, { error: { code: 'INTERNAL', message: 'Down' } }),
    });
    await openTerms(true);
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'हिन्दी' }));
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(document.cookie).toContain('kholo_lang=hi');
    expect(screen.queryByRole('status')).not.toHaveTextContent('Down');
  });

  it('tells nobody for a visitor', async () => {
    const fetchMock = stubApi({ 'GET /api/me': () => jsonResponse(200, VISITOR) });
    await openTerms(false);
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'हिन्दी' }));
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(languageCalls(fetchMock)).toHaveLength(0);
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
