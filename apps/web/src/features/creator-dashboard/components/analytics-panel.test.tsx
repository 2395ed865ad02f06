import { indiaDay, indiaDayStart, type StudioAnalytics } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { STUDIO_CONTENTS } from '../test-fixtures.ts';
import { SERVER_ERROR } from '../wallet-test-helpers.ts';
import { ANALYTICS_FAILED_MESSAGE, conversionText, NO_VISITS_TITLE } from './analytics-panel.tsx';

const DAY_MS = 86_400_000;

/** `count` India days ending `to`, each with the values `values` gives for its date (zero otherwise). */
function series(
  to: string,
  count: number,
  values: Record<string, Partial<Omit<StudioAnalytics['series'][number], 'date'>>> = {},
): StudioAnalytics['series'] {
  const last = indiaDayStart(to);
  return Array.from({ length: count }, (_, index) => {
    const date = indiaDay(last - (count - 1 - index) * DAY_MS);
    return { date, visits: 0, unlocks: 0, earningsPaise: 0, ...values[date] };
  });
}

function analytics(days: 7 | 30 | 90, overrides: Partial<StudioAnalytics> = {}): StudioAnalytics {
  const days_ = series('2026-11-21', days, {
    '2026-11-02': { visits: 9, unlocks: 1, earningsPaise: 47_03 },
    '2026-11-19': { visits: 21, unlocks: 2, earningsPaise: 12_00_00 },
    '2026-11-21': { visits: 10 },
  });
  return {
    days,
    from: days_[0]!.date,
    to: '2026-11-21',
    totals: {
      visits: 40,
      pageVisits: 28,
      itemVisits: 15,
      unlocks: 3,
      conversion: 0.075,
      earningsPaise: 12_47_03,
      fans: 3,
      repeatFans: 1,
    },
    series: days_,
    // Deliberately not in the order shown.
    sources: [
      { source: 'direct', visits: 5 },
      { source: 'qr', visits: 0 },
      { source: 'instagram', visits: 20 },
      { source: 'telegram', visits: 5 },
      { source: 'whatsapp', visits: 10 },
    ],
    topItems: [
      {
        id: 'content_1',
        title: 'Sunset over Marine Drive',
        mediaKind: 'image',
        visits: 15,
        unlocks: 2,
        earningsPaise: 12_00_00,
      },
      { id: 'content_2', title: 'Behind the scenes', mediaKind: 'video', visits: 1, unlocks: 1, earningsPaise: 47_03 },
    ],
    ...overrides,
  };
}

const NO_ACTIVITY: StudioAnalytics = {
  ...analytics(30),
  totals: {
    visits: 0,
    pageVisits: 0,
    itemVisits: 0,
    unlocks: 0,
    conversion: null,
    earningsPaise: 0,
    fans: 0,
    repeatFans: 0,
  },
  series: series('2026-11-21', 30),
  sources: [],
  topItems: [],
};

function analyticsHandlers(answer: (days: number) => StudioAnalytics = analytics as (days: number) => StudioAnalytics) {
  const handlers: Record<string, ApiHandler> = {};
  for (const days of [7, 30, 90]) {
    handlers[`GET /api/studio/analytics?days=${String(days)}`] = () => jsonResponse(200, answer(days));
  }
  return handlers;
}

async function renderAnalytics(path = '/?tab=analytics', handlers: Record<string, ApiHandler> = analyticsHandlers()) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
    ...handlers,
  });
  const result = renderRoute(path, { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Analytics' });
  // The tab's code arrives first (a chunk of its own), then its numbers.
  await within(panel).findByRole('group', { name: 'Period' }, { timeout: 5_000 });
  const analyticsCalls = () =>
    fetchMock.mock.calls
      .map(([url]) => (typeof url === 'string' ? url : ''))
      .filter((url) => url.startsWith('/api/studio/analytics'));
  return { ...result, fetchMock, panel, analyticsCalls };
}

/** A headline number's value and note, by its label. */
function stat(panel: HTMLElement, label: string): string[] {
  const dt = within(panel)
    .getAllByRole('term')
    .find((element) => element.textContent === label);
  if (!dt?.parentElement) throw new Error(`no headline number called ${label}`);
  return within(dt.parentElement)
    .getAllByRole('definition')
    .map((element) => element.textContent);
}

describe('analytics tab', () => {
  // The dashboard and the tab are chunks of their own: compiled up front, so a busy machine spends
  // that time here rather than inside the first test's 5 s.
  beforeAll(async () => {
    await Promise.all([import('../creator-dashboard.tsx'), import('./analytics-panel.tsx')]);
  }, 60_000);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the totals of the period from the answer: visits, unlocks, conversion, earnings, fans', async () => {
    const { panel } = await renderAnalytics();
    expect(await within(panel).findByText('Last 30 days: 23 Oct – 21 Nov 2026 (India time)')).toBeInTheDocument();
    expect(stat(panel, 'Visits')).toEqual(['40', '28 to your page, 15 to items']);
    expect(stat(panel, 'Unlocks')[0]).toBe('3');
    expect(stat(panel, 'Conversion')[0]).toBe('7.5%');
    expect(stat(panel, 'Earnings')[0]).toBe('₹1,247.03');
    expect(stat(panel, 'Fans')[0]).toBe('3');
    expect(stat(panel, 'Repeat fans')[0]).toBe('1');
  });

  it('writes conversion as a percent, and a dash when there were no visits to divide by', async () => {
    expect(conversionText(0.075)).toBe('7.5%');
    expect(conversionText(1 / 3)).toBe('33.3%');
    expect(conversionText(0)).toBe('0%');
    expect(conversionText(null)).toBe('—');

    // Sales in a period with no visits counted (say, from an old link): numbers, not the empty state.
    const noVisits = analytics(30);
    noVisits.totals = { ...noVisits.totals, visits: 0, pageVisits: 0, itemVisits: 0, conversion: null };
    const { panel } = await renderAnalytics(
      '/?tab=analytics',
      analyticsHandlers(() => noVisits),
    );
    expect(await within(panel).findByText('Last 30 days: 23 Oct – 21 Nov 2026 (India time)')).toBeInTheDocument();
    expect(stat(panel, 'Conversion')[0]).toBe('—');
    expect(stat(panel, 'Unlocks')[0]).toBe('3');
    expect(within(panel).queryByText(NO_VISITS_TITLE)).not.toBeInTheDocument();
  });

  it('asks for 30 days first; the period buttons ask again for 7 or 90 and keep the choice in the URL', async () => {
    const user = userEvent.setup();
    const { panel, analyticsCalls, router } = await renderAnalytics();
    const period = within(panel).getByRole('group', { name: 'Period' });
    await within(panel).findByText(/^Last 30 days/);
    expect(analyticsCalls()).toEqual(['/api/studio/analytics?days=30']);
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(period).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(period).getByRole('button', { name: '7 days' }));
    expect(await within(panel).findByText('Last 7 days: 15 Nov – 21 Nov 2026 (India time)')).toBeInTheDocument();
    expect(analyticsCalls()).toEqual(['/api/studio/analytics?days=30', '/api/studio/analytics?days=7']);
    expect(within(period).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(new URLSearchParams(router.state.location.search).get('days')).toBe('7');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('analytics');

    await user.click(within(period).getByRole('button', { name: '90 days' }));
    expect(await within(panel).findByText('Last 90 days: 24 Aug – 21 Nov 2026 (India time)')).toBeInTheDocument();
    expect(analyticsCalls().at(-1)).toBe('/api/studio/analytics?days=90');
    expect(new URLSearchParams(router.state.location.search).get('days')).toBe('90');
  });

  it('opens on the period the URL names, and on 30 days when it names none of the periods', async () => {
    const { panel, analyticsCalls, unmount } = await renderAnalytics('/?tab=analytics&days=90');
    await within(panel).findByText(/^Last 90 days/);
    expect(analyticsCalls()).toEqual(['/api/studio/analytics?days=90']);
    unmount();

    const again = await renderAnalytics('/?tab=analytics&days=12');
    await within(again.panel).findByText(/^Last 30 days/);
    expect(again.analyticsCalls()).toEqual(['/api/studio/analytics?days=30']);
  });

  it('lists where visits came from, most first, ties in the usual order, without the sources that brought none', async () => {
    const { panel } = await renderAnalytics();
    const list = await within(panel).findByRole('list', { name: 'Where visits came from' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Instagram20 visits · 50%',
      'WhatsApp10 visits · 25%',
      'Telegram5 visits · 12.5%',
      'Direct5 visits · 12.5%',
    ]);
  });

  it('charts earnings and visits per day with a text alternative: the best day, and every day in a table', async () => {
    const { panel } = await renderAnalytics();
    const earnings = await within(panel).findByRole('figure', { name: /Earnings per day/ });
    expect(earnings).toHaveAccessibleName('Earnings per day Best day: 19 Nov, ₹1,200');
    const table = within(earnings).getByRole('table', { name: 'Earnings per day, day by day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('23 Oct 2026₹0');
    expect(rows[27]).toHaveTextContent('19 Nov 2026₹1,200');

    const visits = within(panel).getByRole('figure', { name: /Visits per day/ });
    expect(visits).toHaveAccessibleName('Visits per day Best day: 19 Nov, 21');
    expect(within(visits).getAllByRole('row').at(-1)).toHaveTextContent('21 Nov 202610');
  });

  it('shows the top items with visits, unlocks and earnings, as a table and as cards for phones', async () => {
    const { panel } = await renderAnalytics();
    const table = await within(panel).findByRole('table', { name: 'Top items' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ItemVisitsUnlocksEarnings',
      'PhotoSunset over Marine Drive152₹1,200',
      'VideoBehind the scenes11₹47.03',
    ]);
    const cards = within(panel).getByRole('list', { name: 'Top items' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      'PhotoSunset over Marine Drive15 visits · 2 unlocks₹1,200',
      'VideoBehind the scenes1 visit · 1 unlock₹47.03',
    ]);
  });

  it('has an empty state for a creator nobody has visited yet, with her link to share', async () => {
    const { panel } = await renderAnalytics(
      '/?tab=analytics',
      analyticsHandlers(() => NO_ACTIVITY),
    );
    expect(await within(panel).findByRole('heading', { name: NO_VISITS_TITLE })).toBeInTheDocument();
    expect(within(panel).getByText(/Share your link where your fans are/)).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Your public link' })).toHaveValue(
      'http://localhost:3000/u/priya-sharma',
    );
    expect(within(panel).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(panel).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('term')).not.toBeInTheDocument();
  });

  it('shows the numbers, not the empty state, when a refund took back an older sale in a quiet period', async () => {
    const refundOnly = { ...NO_ACTIVITY, totals: { ...NO_ACTIVITY.totals, earningsPaise: -141_55 } };
    const { panel } = await renderAnalytics(
      '/?tab=analytics',
      analyticsHandlers(() => refundOnly),
    );
    await within(panel).findByText(/^Last 30 days/);
    expect(stat(panel, 'Earnings')[0]).toBe('-₹141.55');
    expect(stat(panel, 'Conversion')[0]).toBe('—');
    expect(within(panel).queryByText(NO_VISITS_TITLE)).not.toBeInTheDocument();
  });

  it('says what failed when the numbers cannot be loaded, and tries again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const { panel, analyticsCalls } = await renderAnalytics('/?tab=analytics', {
      'GET /api/studio/analytics?days=30': () =>
        fail ? jsonResponse(500, SERVER_ERROR) : jsonResponse(200, analytics(30)),
    });
    // Server errors are retried twice (1 s, then 2 s) before the failure shows.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(`${ANALYTICS_FAILED_MESSAGE} Something went wrong on our side. Please try again.`);
    expect(within(panel).queryByRole('term')).not.toBeInTheDocument();
    expect(analyticsCalls()).toHaveLength(3);

    fail = false;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(/^Last 30 days/)).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(analyticsCalls()).toHaveLength(4);
  });

  it('links to her sales as a CSV download', async () => {
    const { panel } = await renderAnalytics();
    const link = within(panel).getByRole('link', { name: 'Download sales (CSV)' });
    expect(link).toHaveAttribute('href', '/api/studio/sales.csv');
    expect(link).toHaveAttribute('download');
  });

  it('shows a skeleton while the numbers load', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { panel } = await renderAnalytics('/?tab=analytics', {
      'GET /api/studio/analytics?days=30': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    expect(await within(panel).findByRole('status')).toHaveTextContent('Loading your analytics…');
    answer(jsonResponse(200, analytics(30)));
    await waitFor(() => {
      expect(within(panel).queryByText('Loading your analytics…')).not.toBeInTheDocument();
    });
    expect(stat(panel, 'Visits')[0]).toBe('40');
  });
});
