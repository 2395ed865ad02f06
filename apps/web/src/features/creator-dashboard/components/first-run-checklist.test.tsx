import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorProfile, Me } from '@kholo/contracts';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { CREATOR_ME, CREATOR_PROFILE } from '../../../test-fixtures/accounts.ts';
import { EMPTY_STUDIO, NO_PAYOUT_ACCOUNT, STUDIO_CONTENTS, WALLET } from '../test-fixtures.ts';
import { checklistSteps } from './first-run-checklist.tsx';

const DONE_PROFILE: CreatorProfile = {
  ...CREATOR_PROFILE,
  avatarUrl: '/api/creators/creator_1/avatar?v=1',
  bio: 'Photographer from Jaipur',
  instagramBioDone: true,
};

function meWith(creator: CreatorProfile): Me {
  return { ...CREATOR_ME, creator };
}

async function renderChecklist(me: Me = CREATOR_ME, contents = EMPTY_STUDIO) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, contents),
    'GET /api/wallet': () => jsonResponse(200, WALLET),
    'GET /api/studio/payout-account': () => jsonResponse(200, NO_PAYOUT_ACCOUNT),
    'POST /api/studio/checklist/instagram-bio-done': () => jsonResponse(200, { ...me.creator, instagramBioDone: true }),
  });
  const result = renderRoute('/', { me });
  await screen.findByRole('heading', { level: 1, name: 'Hi, Priya' });
  return { ...result, fetchMock };
}

const checklist = () => screen.getByRole('region', { name: 'Get your page ready' });
const stepTexts = () =>
  within(checklist())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('checklistSteps', () => {
  it('reads the first three from her profile and item count, the last from the server’s flag', () => {
    expect(checklistSteps(CREATOR_PROFILE, 0)?.map((step) => step.done)).toEqual([false, false, false, false]);
    expect(checklistSteps(DONE_PROFILE, 1)?.map((step) => step.done)).toEqual([true, true, true, true]);
    // A bio of spaces is no bio.
    expect(checklistSteps({ ...CREATOR_PROFILE, bio: '   ' }, 0)?.[1]?.done).toBe(false);
  });

  it('knows nothing while the item count is unknown', () => {
    expect(checklistSteps(CREATOR_PROFILE, undefined)).toBeNull();
  });
});

describe('the first-run checklist', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows a new creator the four steps in order, none done', async () => {
    await renderChecklist();
    await screen.findByRole('region', { name: 'Get your page ready' });
    expect(stepTexts()).toEqual([
      'Add a profile photo (to do)',
      'Write a bio (to do)',
      'Upload your first item (to do)',
      'Put your link in your Instagram bio (to do)',
    ]);
    expect(within(checklist()).getByText('0 of 4 done')).toBeInTheDocument();
  });

  it('ticks what is done: a photo, a bio, an item', async () => {
    await renderChecklist(
      meWith({ ...CREATOR_PROFILE, avatarUrl: '/api/creators/creator_1/avatar?v=1', bio: 'Hi' }),
      STUDIO_CONTENTS,
    );
    await screen.findByRole('region', { name: 'Get your page ready' });
    expect(stepTexts()).toEqual([
      'Add a profile photo (done)',
      'Write a bio (done)',
      'Upload your first item (done)',
      'Put your link in your Instagram bio (to do)',
    ]);
    expect(within(checklist()).getByText('3 of 4 done')).toBeInTheDocument();
  });

  it('leads each step to where it is done', async () => {
    const user = userEvent.setup();
    const { router } = await renderChecklist();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Get your page ready' })).findByRole('button', {
        name: 'Add photo',
      }),
    );
    expect(router.state.location.search).toBe('?tab=profile');
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toHaveFocus();
  });

  it('copies the link tagged for Instagram, and remembers on the server when she says it is done', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { fetchMock } = await renderChecklist(
      meWith({ ...CREATOR_PROFILE, avatarUrl: '/api/creators/creator_1/avatar?v=1', bio: 'Hi' }),
      STUDIO_CONTENTS,
    );
    const region = await screen.findByRole('region', { name: 'Get your page ready' });
    await user.click(within(region).getByRole('button', { name: 'Copy link for Instagram' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/u/priya-sharma?src=ig');

    await user.click(within(region).getByRole('button', { name: 'I’ve done it' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/studio/checklist/instagram-bio-done',
      expect.objectContaining({ method: 'POST' }),
    );
    // All four done: the checklist goes.
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Get your page ready' })).not.toBeInTheDocument();
    });
  });

  it('is not shown once everything is done', async () => {
    await renderChecklist(meWith(DONE_PROFILE), STUDIO_CONTENTS);
    await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('₹1,250');
    });
    expect(screen.queryByRole('region', { name: 'Get your page ready' })).not.toBeInTheDocument();
  });
});
