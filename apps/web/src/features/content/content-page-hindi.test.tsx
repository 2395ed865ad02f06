import { formatPaise, type ContentCard, type ContentDetail } from '@kholo/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR } from '../accounts/index.ts';
import { card, endedCard, PUBLIC_CREATOR } from '../../test-fixtures/catalog.ts';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';

function detail(item: ContentCard): ContentDetail {
  return { item, creator: PUBLIC_CREATOR };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/content/:contentId in Hindi (ADR 030)', () => {
  it('says a locked item, its price and Unlock in Hindi', async () => {
    stubApi({ 'GET /api/contents/c1': () => jsonResponse(200, detail(card('c1', { pricePaise: 149_00 }))) });
    renderRoute('/content/c1', { me: VISITOR, locale: 'hi' });
    await screen.findByRole('heading', { level: 1, name: 'Title c1' });
    const price = formatPaise(149_00, 'hi');
    expect(screen.getByRole('button', { name: `${price} में अनलॉक करें` })).toBeInTheDocument();
    expect(screen.getByText(/14 दिन के ऐक्सेस के लिए/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Priya Sharma के और पोस्ट' })).toBeInTheDocument();
    for (const english of ['Unlock for', 'days of access', 'More from']) {
      expect(screen.queryByText(new RegExp(english))).not.toBeInTheDocument();
    }
    await waitFor(() => {
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Priya Sharma का “Title c1”, Kholo पर। Description of c1',
      );
    });
  });

  it('says when an earlier buyer’s access ended, in Hindi dates', async () => {
    stubApi({
      'GET /api/contents/c1': () => jsonResponse(200, detail(endedCard('c1', Date.UTC(2025, 11, 16, 8, 35)))),
    });
    renderRoute('/content/c1', { me: VISITOR, locale: 'hi' });
    expect(await screen.findByText('आपका ऐक्सेस 16 दिस॰ 2025 को ख़त्म हो गया।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /में फिर से अनलॉक करें$/ })).toBeInTheDocument();
  });

  it('has a Hindi page for an item that is not there', async () => {
    stubApi({
      'GET /api/contents/c1': () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Content not found.' } }),
    });
    renderRoute('/content/c1', { me: VISITOR, locale: 'hi' });
    expect(await screen.findByText('हो सकता है क्रिएटर ने इसे हटा दिया हो, या लिंक अधूरा हो।')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('कंटेंट नहीं मिला · Kholo');
    });
  });
});
