import { formatDateTime, SAFETY_MESSAGES, type StudioContent, type StudioContents } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { IMAGE_ITEM, STUDIO_CONTENTS, VIDEO_ITEM } from '../test-fixtures.ts';
import { underReviewText } from './content-list.tsx';

const REVIEW_API = `POST /api/studio/contents/${VIDEO_ITEM.id}/review-request`;

const DECIDE_BY = Date.UTC(2026, 10, 26, 16, 0);

function held(reason = 'Under review after a report: Intimate images shared without consent'): StudioContent {
  return {
    ...VIDEO_ITEM,
    hiddenReason: reason,
    takedown: {
      state: 'under_review',
      reason,
      reportReason: 'intimate_images',
      decideBy: DECIDE_BY,
      canAskForReview: false,
      reviewRequest: null,
    },
  };
}

function removed(overrides: Partial<NonNullable<StudioContent['takedown']>> = {}): StudioContent {
  const reason = 'Shared without the consent of the person shown.';
  return {
    ...VIDEO_ITEM,
    hiddenReason: reason,
    takedown: {
      state: 'removed',
      reason,
      reportReason: null,
      decideBy: null,
      canAskForReview: true,
      reviewRequest: null,
      ...overrides,
    },
  };
}

function contentsWith(item: StudioContent): StudioContents {
  return { ...STUDIO_CONTENTS, items: [IMAGE_ITEM, item] };
}

async function renderContent(item: StudioContent, handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({ 'GET /api/studio/contents': () => jsonResponse(200, contentsWith(item)), ...handlers });
  renderRoute('/?tab=content', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Content' });
  const list = await within(panel).findByRole('list', { name: 'Your content' });
  const rows = within(list)
    .getAllByRole('listitem')
    .filter((row) => row.parentElement === list);
  return { fetchMock, first: rows[0]!, second: rows[1]! };
}

describe('content tab: items taken down after a report', () => {
  it('says by when the review will be decided, from the holding report’s deadline', () => {
    expect(underReviewText({ decideBy: DECIDE_BY })).toBe(
      `Under review after a report — it is hidden while we look. We will decide by ${formatDateTime(DECIDE_BY)}.`,
    );
    expect(underReviewText({ decideBy: null })).toBe('Under review after a report — it is hidden while we look.');
  });

  it('shows an item held for review, with no way to ask for a review yet', async () => {
    const { first, second } = await renderContent(held());
    expect(within(first).getByText('Under review')).toBeVisible();
    expect(first).toHaveTextContent(
      `Under review after a report — it is hidden while we look. We will decide by ${formatDateTime(DECIDE_BY)}.`,
    );
    expect(first).toHaveTextContent('Reported as: Intimate images shared without consent.');
    expect(within(first).queryByText('Hidden by Kholo')).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Ask for a review/ })).not.toBeInTheDocument();
    expect(second).not.toHaveTextContent('Under review');
  });

  it('shows why an item was removed and asks for a review with her explanation', async () => {
    const user = userEvent.setup();
    let asked = false;
    const { fetchMock, first } = await renderContent(removed(), {
      'GET /api/studio/contents': () =>
        jsonResponse(
          200,
          contentsWith(
            asked
              ? removed({ canAskForReview: false, reviewRequest: { ticket: 'R-1077', status: 'open' } })
              : removed(),
          ),
        ),
      [REVIEW_API]: () => {
        asked = true;
        return jsonResponse(201, {
          ticket: 'R-1077',
          lane: 'grievance',
          dueAt: Date.now(),
          held: false,
          amendToken: null,
        });
      },
    });
    expect(within(first).getByText('Hidden by Kholo')).toBeVisible();
    expect(first).toHaveTextContent('Removed: Shared without the consent of the person shown.');

    await user.click(within(first).getByRole('button', { name: `Ask for a review of “${VIDEO_ITEM.title}”` }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a review' });
    const explanation = within(dialog).getByRole('textbox', { name: 'Your explanation' });
    expect(explanation).toHaveFocus();

    await user.type(explanation, 'It is me.');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a review' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.explanationRequired)).toBeVisible();
    expect(
      fetchMock.mock.calls.some(([input]) => input === `/api/studio/contents/${VIDEO_ITEM.id}/review-request`),
    ).toBe(false);

    await user.type(explanation, ' I shot it myself; the model signed a release.');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a review' }));
    expect(await within(dialog).findByRole('heading', { name: 'Review requested — ticket R-1077' })).toHaveFocus();
    expect(dialog).toHaveTextContent('We will email you the outcome.');
    const call = fetchMock.mock.calls.findIndex(
      ([input]) => input === `/api/studio/contents/${VIDEO_ITEM.id}/review-request`,
    );
    expect(requestBody(fetchMock, call)).toEqual({
      explanation: 'It is me. I shot it myself; the model signed a release.',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(first).toHaveTextContent('Review requested — ticket R-1077. We will email you the outcome.');
    expect(within(first).queryByRole('button', { name: /Ask for a review/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const { first } = await renderContent(removed(), {
      [REVIEW_API]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: SAFETY_MESSAGES.reviewAlreadyAsked } }),
    });
    await user.click(within(first).getByRole('button', { name: `Ask for a review of “${VIDEO_ITEM.title}”` }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a review' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Your explanation' }),
      'Everyone in it agreed to it being shared.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a review' }));
    expect(await within(dialog).findByText(SAFETY_MESSAGES.reviewAlreadyAsked)).toHaveAttribute('role', 'alert');
  });

  it('says a review is pending, with its ticket', async () => {
    const pending = await renderContent(
      removed({ canAskForReview: false, reviewRequest: { ticket: 'R-1077', status: 'open' } }),
    );
    expect(pending.first).toHaveTextContent('Review requested — ticket R-1077. We will email you the outcome.');
    expect(within(pending.first).queryByRole('button', { name: /Ask for a review/ })).not.toBeInTheDocument();
  });

  it('says when a review was decided against her', async () => {
    const { first } = await renderContent(
      removed({ canAskForReview: false, reviewRequest: { ticket: 'R-1077', status: 'kept' } }),
    );
    expect(first).toHaveTextContent('Review R-1077 is decided: it stays removed. We emailed you why.');
  });
});
