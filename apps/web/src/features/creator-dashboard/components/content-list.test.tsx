import type { StudioContents } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { EMPTY_STUDIO, IMAGE_ITEM, STUDIO_CONTENTS, VIDEO_ITEM } from '../test-fixtures.ts';
import { CONTENT_DELETED_MESSAGE } from './delete-content-dialog.tsx';
import { CONTENT_SAVED_MESSAGE } from './edit-content-dialog.tsx';
import { LIST_FAILED_MESSAGE } from './content-list.tsx';

const SERVER_ERROR = { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } };

async function renderContent(handlers: Record<string, ApiHandler> = {}, contents: StudioContents = STUDIO_CONTENTS) {
  const fetchMock = stubApi({ 'GET /api/studio/contents': () => jsonResponse(200, contents), ...handlers });
  const result = renderRoute('/?tab=content', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Content' });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method).length;
  return { ...result, fetchMock, panel, calls };
}

async function findRows(panel: HTMLElement): Promise<HTMLElement[]> {
  const list = await within(panel).findByRole('list', { name: 'Your content' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

describe('content tab', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('lists the creator’s items newest first with price, unlocks, earnings, date and the 18+ badge', async () => {
    const { panel } = await renderContent();
    const [first, second] = await findRows(panel);
    expect(within(panel).getByText('2 items')).toBeInTheDocument();

    expect(within(first!).getByRole('heading', { name: VIDEO_ITEM.title })).toBeInTheDocument();
    expect(first).toHaveTextContent('₹49.50');
    expect(first).toHaveTextContent('1 unlock');
    expect(first).toHaveTextContent('₹47.03 earned');
    expect(first).toHaveTextContent('23 Nov 2025');
    expect(within(first!).getByText('18+')).toBeInTheDocument();
    expect(within(first!).getByText('Video')).toBeInTheDocument();
    // A video shows its poster, not the file.
    expect(first!.querySelector('img')).toHaveAttribute('src', VIDEO_ITEM.previewUrl);

    expect(within(second!).getByRole('heading', { name: IMAGE_ITEM.title })).toBeInTheDocument();
    expect(second).toHaveTextContent('₹499');
    expect(second).toHaveTextContent('3 unlocks');
    expect(second).toHaveTextContent('₹1,422.15 earned');
    expect(second).toHaveTextContent('21 Nov 2025');
    expect(within(second!).queryByText('18+')).not.toBeInTheDocument();
    // The owner sees the real picture, loaded lazily.
    const image = second!.querySelector('img');
    expect(image).toHaveAttribute('src', IMAGE_ITEM.media.url);
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('reloads the list with Refresh', async () => {
    const user = userEvent.setup();
    let answer: StudioContents = STUDIO_CONTENTS;
    const { panel, calls } = await renderContent({ 'GET /api/studio/contents': () => jsonResponse(200, answer) });
    await findRows(panel);
    answer = { ...STUDIO_CONTENTS, items: [IMAGE_ITEM] };
    await user.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await waitFor(async () => {
      expect(await findRows(panel)).toHaveLength(1);
    });
    expect(calls('GET', '/api/studio/contents')).toBe(2);
    expect(within(panel).getByText('1 item')).toBeInTheDocument();
  });

  it('invites the first upload when there is nothing yet, and takes the creator to the Upload tab', async () => {
    const user = userEvent.setup();
    const { panel, router } = await renderContent({}, EMPTY_STUDIO);
    expect(await within(panel).findByText('No content yet')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Upload your first item' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Upload' });
    expect(heading).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('shows an empty list with a way to try again when the list cannot be loaded (SPEC §8)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const { panel } = await renderContent({
      'GET /api/studio/contents': () => (fail ? jsonResponse(500, SERVER_ERROR) : jsonResponse(200, STUDIO_CONTENTS)),
    });
    // Server errors are retried twice (1 s, then 2 s) before the failure shows.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(LIST_FAILED_MESSAGE);
    expect(within(panel).queryByRole('list', { name: 'Your content' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('No content yet')).not.toBeInTheDocument();

    fail = false;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findRows(panel)).toHaveLength(2);
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits the title, description and price, sending only what changed', async () => {
    const user = userEvent.setup();
    const { panel, fetchMock } = await renderContent({
      [`PATCH /api/studio/contents/${IMAGE_ITEM.id}`]: () =>
        jsonResponse(200, { ...IMAGE_ITEM, title: 'Marine Drive at dusk', pricePaise: 599_00 }),
    });
    const [, imageRow] = await findRows(panel);
    const opener = within(imageRow!).getByRole('button', { name: `Edit “${IMAGE_ITEM.title}”` });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveFocus();
    expect(title).toHaveValue(IMAGE_ITEM.title);
    expect(within(dialog).getByLabelText('Description')).toHaveValue(IMAGE_ITEM.description);
    const price = within(dialog).getByLabelText('Price (₹)');
    expect(price).toHaveValue('499');
    expect(price).toHaveAttribute('inputmode', 'decimal');

    await user.clear(title);
    await user.type(title, 'Marine Drive at dusk');
    await user.clear(price);
    await user.type(price, '599');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const patchIndex = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PATCH');
    expect(requestBody(fetchMock, patchIndex)).toEqual({ title: 'Marine Drive at dusk', pricePaise: 599_00 });
    const rows = await findRows(panel);
    expect(within(rows[1]!).getByRole('heading', { name: 'Marine Drive at dusk' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('₹599');
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText(CONTENT_SAVED_MESSAGE),
    ).toBeInTheDocument();
  });

  it('checks the edit with the contracts’ rules and shows the server’s field messages', async () => {
    const user = userEvent.setup();
    const { panel, calls } = await renderContent({
      [`PATCH /api/studio/contents/${IMAGE_ITEM.id}`]: () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check the form.',
            fields: { pricePaise: 'The price can be at most ₹50,000.' },
          },
        }),
    });
    const [, imageRow] = await findRows(panel);
    await user.click(within(imageRow!).getByRole('button', { name: `Edit “${IMAGE_ITEM.title}”` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    const title = within(dialog).getByLabelText('Title');
    const price = within(dialog).getByLabelText('Price (₹)');

    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(title).toHaveAccessibleDescription('Please enter a title.');
    expect(title).toHaveFocus();
    await user.type(title, 'Marine Drive');

    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(price).toHaveAccessibleDescription(expect.stringContaining('The price must be at least ₹1.'));
    expect(calls('PATCH', `/api/studio/contents/${IMAGE_ITEM.id}`)).toBe(0);

    await user.clear(price);
    await user.type(price, '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Please check the form.')).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription(expect.stringContaining('The price can be at most ₹50,000.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before deleting, explains what happens to fans who unlocked it, then removes it', async () => {
    const user = userEvent.setup();
    let answer: StudioContents = STUDIO_CONTENTS;
    const { panel, calls } = await renderContent({
      'GET /api/studio/contents': () => jsonResponse(200, answer),
      [`DELETE /api/studio/contents/${VIDEO_ITEM.id}`]: () => {
        answer = { items: [IMAGE_ITEM], summary: { ...STUDIO_CONTENTS.summary, contentCount: 1 } };
        return new Response(null, { status: 204 });
      },
    });
    const [videoRow] = await findRows(panel);
    await user.click(within(videoRow!).getByRole('button', { name: `Delete “${VIDEO_ITEM.title}”` }));

    const dialog = await screen.findByRole('dialog', { name: `Delete “${VIDEO_ITEM.title}”?` });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('Fans who already unlocked it keep access until their 14 days end.'),
    );
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('disappears from your public page'));
    const keep = within(dialog).getByRole('button', { name: 'Keep it' });
    expect(keep).toHaveFocus();
    expect(calls('DELETE', `/api/studio/contents/${VIDEO_ITEM.id}`)).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls('DELETE', `/api/studio/contents/${VIDEO_ITEM.id}`)).toBe(1);
    const rows = await findRows(panel);
    expect(rows).toHaveLength(1);
    expect(within(panel).queryByText(VIDEO_ITEM.title)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText(CONTENT_DELETED_MESSAGE),
    ).toBeInTheDocument();
    // The count follows: one item left (the Summary cards are on the first tab's overview).
    await waitFor(() => {
      expect(within(panel).getByText('1 item')).toBeInTheDocument();
    });
    await waitFor(() => {
      expect(screen.getByRole('list', { name: 'Your content' })).toHaveFocus();
    });
  });

  it('keeps the item and says why when deleting fails', async () => {
    const user = userEvent.setup();
    const { panel } = await renderContent({
      [`DELETE /api/studio/contents/${VIDEO_ITEM.id}`]: () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Content not found.' } }),
    });
    const [videoRow] = await findRows(panel);
    await user.click(within(videoRow!).getByRole('button', { name: `Delete “${VIDEO_ITEM.title}”` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The dialog holds its own (empty) toast regions, so the message is found by its text.
    expect(await within(dialog).findByText('Content not found.')).toBeInTheDocument();
    expect(await findRows(panel)).toHaveLength(2);
  });

  it('marks an item the admin hid, with the reason', async () => {
    const reason = 'Shows a person who did not agree to be filmed.';
    const { panel } = await renderContent(
      {},
      {
        ...STUDIO_CONTENTS,
        items: [IMAGE_ITEM, { ...VIDEO_ITEM, hiddenReason: reason }],
      },
    );
    const [hidden, visible] = await findRows(panel);
    expect(within(hidden!).getByText('Hidden by Kholo')).toBeInTheDocument();
    expect(hidden).toHaveTextContent(`Reason: ${reason}`);
    expect(within(visible!).queryByText('Hidden by Kholo')).not.toBeInTheDocument();
    expect(visible).not.toHaveTextContent('Reason:');
  });
});
