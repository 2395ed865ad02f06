import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { renderRoute } from '../../test-utils.tsx';
import { CREATOR_ME, CREATOR_PROFILE } from '../accounts/test-fixtures.ts';
import { NO_SHARE_LINK_MESSAGE } from './components/share-link.tsx';

async function renderDashboard(path = '/', me = CREATOR_ME) {
  const result = renderRoute(path, { me });
  await screen.findByRole('heading', { level: 1, name: 'Hi, Priya' });
  return result;
}

describe('creator dashboard at /', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('replaces the landing page for a signed-in creator, with its own title', async () => {
    await renderDashboard();
    expect(screen.queryByRole('heading', { name: 'Turn your photos and videos into income' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Creator dashboard · Kholo');
    });
  });

  it('has the sidebar of SPEC §2: Upload, Content, Wallet, Profile and Logout', async () => {
    await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Upload', 'Content', 'Wallet', 'Profile', 'Logout']);
    expect(within(nav).getByRole('button', { name: 'Upload' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Upload' })).toBeInTheDocument();
  });

  it('switches tabs and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    const { router } = await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    await user.click(within(nav).getByRole('button', { name: 'Wallet' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Wallet' })).toBeInTheDocument();
    expect(screen.getByText('₹1,250')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=wallet');
    expect(within(nav).getByRole('button', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the profile: name, read-only email, handle and public link', async () => {
    await renderDashboard('/?tab=profile');
    const panel = screen.getByRole('region', { name: 'Profile' });
    expect(within(panel).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(panel).getByText('priya@example.in')).toBeInTheDocument();
    expect(within(panel).getByText('@priya-sharma')).toBeInTheDocument();
    expect(within(panel).getByText('http://localhost:3000/u/priya-sharma')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the shareable link with a Copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await renderDashboard();
    const link = screen.getByRole('textbox', { name: 'Your public link' });
    expect(link).toHaveValue('http://localhost:3000/u/priya-sharma');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/u/priya-sharma');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('asks for a profile name when no link can be built', async () => {
    await renderDashboard('/', { ...CREATOR_ME, creator: { ...CREATOR_PROFILE, handle: '' } });
    expect(screen.getByText(NO_SHARE_LINK_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});
