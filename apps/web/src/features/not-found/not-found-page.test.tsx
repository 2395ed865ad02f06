import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test-utils.tsx';

describe('404 page', () => {
  it.each(['/nope', '/u', '/ContactUs/extra', '/admin-panel'])('shows "Oops! Page not found" at %s', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Page not found · Kholo');
    });
  });

  it('links home', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/nope');
    const home = await screen.findByRole('link', { name: 'Back to home' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn your photos and videos into income' }),
    ).toBeInTheDocument();
  });
});
