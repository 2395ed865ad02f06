import { formatPaise, profileShareMessage, translate } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR } from '../accounts/index.ts';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { card, creatorPageOf, endedCard, fanUnlock, unlockedCard } from '../../test-fixtures/catalog.ts';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';

const PAGE_API = 'GET /api/creators/priya-sharma';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/u/:username in Hindi (ADR 030)', () => {
  it('says the page, the cards and the prices in Hindi, with no English left of its own', async () => {
    stubApi({
      [PAGE_API]: () =>
        jsonResponse(
          200,
          creatorPageOf([card('c1', { pricePaise: 1_499_50 }), endedCard('c2', Date.UTC(2025, 11, 16, 8, 35))], 5),
        ),
    });
    renderRoute('/u/priya-sharma', { me: VISITOR, locale: 'hi' });
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });

    expect(screen.getByText('5 पोस्ट')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'कंटेंट' })).toBeInTheDocument();
    const locked = screen.getByRole('article', { name: 'Title c1' });
    expect(within(locked).getByRole('button', { name: `${formatPaise(1_499_50, 'hi')} में अनलॉक करें` })).toBeVisible();
    expect(within(locked).getByRole('img', { name: '"Title c1" का धुंधला प्रीव्यू' })).toBeInTheDocument();
    const ended = screen.getByRole('article', { name: 'Title c2' });
    expect(within(ended).getByText('16 दिस॰ 2025 को ख़त्म हुआ')).toBeInTheDocument();
    expect(within(ended).getByRole('button', { name: /में फिर से अनलॉक करें$/ })).toBeInTheDocument();
    expect(screen.getByText('Priya की 3 और पोस्ट')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लिंक कॉपी करें' })).toBeInTheDocument();
    // The WhatsApp message is written in Hindi too.
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' });
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain('Priya Sharma अब Kholo पर हैं');

    for (const english of ['Content', 'Unlock for', 'Copy link', 'more posts', 'Locked', 'Creator on Kholo']) {
      expect(screen.queryByText(new RegExp(english))).not.toBeInTheDocument();
    }
    await waitFor(() => {
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Priya Sharma Kholo पर। अनलॉक करने के लिए 5 फ़ोटो और वीडियो।',
      );
    });
  });

  it('says a fan’s unlocks and an unlocked card in Hindi', async () => {
    stubApi({
      [PAGE_API]: () => jsonResponse(200, creatorPageOf([unlockedCard('c1', 12)])),
      'GET /api/fan/unlocks': () => jsonResponse(200, { items: [fanUnlock('c1', 12)] }),
    });
    renderRoute('/u/priya-sharma', { me: FAN_ME, locale: 'hi' });
    await screen.findByText('Priya Sharma का 1 अनलॉक अभी आपके पास है।');
    const unlocked = screen.getByRole('article', { name: 'Title c1' });
    expect(within(unlocked).getByText('अनलॉक (12 दिन बाक़ी)')).toBeInTheDocument();
    expect(within(unlocked).getByRole('button', { name: 'डाउनलोड करें' })).toBeInTheDocument();
    expect(within(unlocked).getByRole('link', { name: 'खोलें' })).toBeInTheDocument();
  });

  it('has a Hindi not-found page', async () => {
    stubApi({
      [PAGE_API]: () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Creator not found.' } }),
    });
    renderRoute('/u/priya-sharma', { me: VISITOR, locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'यह क्रिएटर हमें नहीं मिला' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'होम पर वापस जाएं' })).toBeInTheDocument();
  });

  it('keeps the share messages’ English the same as the contracts’ (so the Hindi is found for them)', () => {
    expect(translate('en', 'ui.share.profileMessage', { name: 'Priya', link: 'L' })).toBe(
      profileShareMessage('Priya', 'L'),
    );
  });
});
