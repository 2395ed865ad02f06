import type { StudioContent, StudioContents } from '@kholo/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { PROCESSING_POLL_MS } from '../api/get-studio-contents.ts';
import { IMAGE_ITEM, STUDIO_CONTENTS, VIDEO_ITEM } from '../test-fixtures.ts';

/** A phone video (MOV) just uploaded: stored, off sale, being converted to MP4. */
function processingVideo(progress: number): StudioContent {
  return {
    ...VIDEO_ITEM,
    id: 'content_mov',
    title: 'Sunset at Marine Drive',
    createdAt: VIDEO_ITEM.createdAt + 1000,
    media: { ...VIDEO_ITEM.media, mime: 'video/quicktime' },
    processing: { state: 'processing', progress },
  };
}

function studio(...items: StudioContent[]): StudioContents {
  return { ...STUDIO_CONTENTS, items };
}

async function renderContent(answer: () => StudioContents) {
  const fetchMock = stubApi({ 'GET /api/studio/contents': () => jsonResponse(200, answer()) });
  renderRoute('/?tab=content', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Content' });
  const listCalls = () =>
    fetchMock.mock.calls.filter(([path, init]) => path === '/api/studio/contents' && (init?.method ?? 'GET') === 'GET')
      .length;
  return { panel, listCalls };
}

describe('content tab: phone videos being converted', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows "Processing 40%" with a progress bar, and that it goes on sale by itself', async () => {
    const { panel } = await renderContent(() => studio(processingVideo(40), IMAGE_ITEM));
    const row = (await within(panel).findByRole('heading', { name: 'Sunset at Marine Drive' })).closest('li')!;
    expect(within(row).getByText('Processing 40%')).toBeInTheDocument();
    const bar = within(row).getByRole('progressbar', { name: 'Video processing' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(row).toHaveTextContent('It goes on sale by itself when ready.');
    // The photo beside it says nothing of processing.
    const photo = within(panel).getByRole('heading', { name: IMAGE_ITEM.title }).closest('li')!;
    expect(within(photo).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a conversion failed and what to do', async () => {
    const failed: StudioContent = {
      ...processingVideo(0),
      processing: { state: 'failed', reason: 'This video could not be read. It may be damaged.' },
    };
    const { panel } = await renderContent(() => studio(failed));
    const row = (await within(panel).findByRole('heading', { name: failed.title })).closest('li')!;
    expect(row).toHaveTextContent(
      'Processing failed: This video could not be read. It may be damaged. Delete it and upload again.',
    );
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Delete “${failed.title}”` })).toBeInTheDocument();
  });

  it('asks for the list again every few seconds while a video processes, and stops once none does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      studio(processingVideo(10)),
      studio(processingVideo(60)),
      studio({ ...processingVideo(0), processing: null }),
    ];
    let served = 0;
    const { panel, listCalls } = await renderContent(() => answers[Math.min(served++, answers.length - 1)]!);
    expect(await within(panel).findByText('Processing 10%')).toBeInTheDocument();
    expect(listCalls()).toBe(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    expect(await within(panel).findByText('Processing 60%')).toBeInTheDocument();
    expect(listCalls()).toBe(2);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    expect(listCalls()).toBe(3);
    const row = within(panel).getByRole('heading', { name: 'Sunset at Marine Drive' }).closest('li')!;
    expect(within(row).queryByText(/^Processing/)).not.toBeInTheDocument();

    // Ready: no more polling.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(listCalls()).toBe(3);
  });

  it('does not poll when nothing processes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { panel, listCalls } = await renderContent(() => STUDIO_CONTENTS);
    await within(panel).findByRole('heading', { name: IMAGE_ITEM.title });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(listCalls()).toBe(1);
  });
});
