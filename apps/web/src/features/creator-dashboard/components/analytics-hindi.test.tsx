import type { StudioAnalytics } from '@kholo/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { STUDIO_CONTENTS } from '../test-fixtures.ts';

/** Seven India days with a sale and visits on two of them. */
const WEEK: StudioAnalytics = {
  days: 7,
  from: '2026-11-15',
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
  series: ['15', '16', '17', '18', '19', '20', '21'].map((day) => ({
    date: `2026-11-${day}`,
    visits: day === '19' ? 30 : day === '21' ? 10 : 0,
    unlocks: day === '19' ? 3 : 0,
    earningsPaise: day === '19' ? 12_47_03 : 0,
  })),
  sources: [
    { source: 'instagram', visits: 30 },
    { source: 'whatsapp', visits: 10 },
  ],
  topItems: [
    {
      id: 'content_1',
      title: 'Sunset over Marine Drive',
      mediaKind: 'image',
      visits: 15,
      unlocks: 1,
      earningsPaise: 47_03,
    },
  ],
};

describe('the Analytics tab in Hindi', () => {
  beforeAll(async () => {
    await Promise.all([import('../creator-dashboard.tsx'), import('./analytics-panel.tsx')]);
  }, 60_000);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names its numbers, charts and sources in Hindi, with Hindi dates and hi-IN money', async () => {
    stubApi({
      'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
      'GET /api/studio/analytics?days=7': () => jsonResponse(200, WEEK),
      'GET /api/studio/analytics?days=30': () => jsonResponse(200, WEEK),
    });
    renderRoute('/?tab=analytics&days=7', { me: CREATOR_ME, locale: 'hi' });
    const panel = await screen.findByRole('region', { name: 'आँकड़े' });
    await within(panel).findByRole('group', { name: 'समय' }, { timeout: 5_000 });
    expect(await within(panel).findByText(/^पिछले 7 दिन: 15 नव.* – 21 नव.* 2026 \(भारत का समय\)$/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '7 दिन' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('link', { name: 'बिक्री डाउनलोड करें (CSV)' })).toBeInTheDocument();
    expect(within(panel).getAllByText('₹1,247.03').length).toBeGreaterThan(0);
    expect(within(panel).getByText('7.5%')).toBeInTheDocument();
    expect(within(panel).getByRole('figure', { name: /^हर दिन की कमाई सबसे अच्छा दिन: 19 नव/ })).toBeInTheDocument();
    expect(within(panel).getByText('Instagram से')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'विज़िट कहाँ से आईं' })).toBeInTheDocument();
    expect(within(panel).queryByText(/Earnings|Visits|Best day|days/)).not.toBeInTheDocument();
  });
});
