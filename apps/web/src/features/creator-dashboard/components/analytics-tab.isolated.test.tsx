import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { STUDIO_CONTENTS } from '../test-fixtures.ts';
import { ANALYTICS_CODE_FAILED_MESSAGE } from './analytics-tab.tsx';

// The tab's code is a chunk of its own: the first fetch of it fails (a dropped connection), the next works.
const chunk = vi.hoisted(() => ({ failuresLeft: 1 }));
vi.mock('./analytics-panel.tsx', async (importOriginal) => {
  if (chunk.failuresLeft > 0) {
    chunk.failuresLeft -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

describe('analytics tab code', () => {
  // The dashboard is a chunk of its own: compiled up front (not the tab's code, whose first fetch
  // must fail), so a busy machine spends that time here rather than inside the test's 5 s.
  beforeAll(async () => {
    await import('../creator-dashboard.tsx');
  }, 60_000);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says so when the tab’s code cannot be fetched, and fetches it again on Try again', async () => {
    stubApi({
      'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
      'GET /api/studio/analytics?days=30': () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'x' } }),
    });
    renderRoute('/?tab=analytics', { me: CREATOR_ME });
    const panel = await screen.findByRole('region', { name: 'Analytics' });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(
      `${ANALYTICS_CODE_FAILED_MESSAGE} Could not reach Kholo. Check your connection and try again.`,
    );
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('group', { name: 'Period' })).toBeInTheDocument();
    expect(within(panel).queryByText(ANALYTICS_CODE_FAILED_MESSAGE)).not.toBeInTheDocument();
  });
});
