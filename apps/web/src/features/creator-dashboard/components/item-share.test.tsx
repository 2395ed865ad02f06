import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioContents } from '@kholo/contracts';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { CREATOR_ME } from '../../../test-fixtures/accounts.ts';
import { IMAGE_ITEM, STUDIO_CONTENTS, VIDEO_ITEM } from '../test-fixtures.ts';

async function renderContentTab(contents: StudioContents = STUDIO_CONTENTS) {
  stubApi({ 'GET /api/studio/contents': () => jsonResponse(200, contents) });
  renderRoute('/?tab=content', { me: CREATOR_ME });
  return screen.findByRole('list', { name: 'Your content' });
}

describe('sharing an item from the Content tab', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('gives each item WhatsApp with its title, her name and its tagged link', async () => {
    const list = await renderContentTab();
    const whatsapp = within(list).getByRole('link', { name: 'Share “Sunset over Marine Drive” on WhatsApp' });
    expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
      'New on Kholo: Sunset over Marine Drive by Priya Sharma — unlock it here: http://localhost:3000/content/content_1?src=wa',
    );
    expect(
      within(list).getByRole('link', { name: 'Share “Behind the scenes: horror shoot” on WhatsApp' }),
    ).toBeInTheDocument();
  });

  it('copies an item’s own link, tagged ?src=link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const list = await renderContentTab();
    await user.click(within(list).getByRole('button', { name: 'Copy the link to “Behind the scenes: horror shoot”' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/content/content_2?src=link');
  });

  it('offers no sharing for an item fans cannot open (hidden, or still processing)', async () => {
    const list = await renderContentTab({
      ...STUDIO_CONTENTS,
      items: [
        { ...IMAGE_ITEM, hiddenReason: 'Copyright complaint' },
        { ...VIDEO_ITEM, processing: { state: 'processing', progress: 40 } },
      ],
    });
    expect(within(list).queryByRole('link', { name: /on WhatsApp/ })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Copy the link/ })).not.toBeInTheDocument();
  });
});
