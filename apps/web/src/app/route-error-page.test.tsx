import type { Locale } from '@kholo/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { RouteErrorPage } from './route-error-page.tsx';

function Broken(): never {
  throw new Error('the page broke');
}

function renderBrokenPage(locale: Locale) {
  // The page logs the crash it shows (the only trace in a browser): keep the test's output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorPage }]);
  render(
    <AppProviders queryClient={createQueryClient()} locale={locale}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the page shown when a page fails', () => {
  it('says so in English, with a reload and a way home', async () => {
    renderBrokenPage('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => {
      expect(document.title).toBe('Something went wrong · Kholo');
    });
  });

  it('says so in Hindi, with no English left', async () => {
    renderBrokenPage('hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'कुछ गड़बड़ हो गई' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पेज रीलोड करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toHaveAttribute('href', '/');
    expect(document.body).not.toHaveTextContent(/[A-Za-z]{3,}/);
    await waitFor(() => {
      expect(document.title).toBe('कुछ गड़बड़ हो गई · Kholo');
    });
  });
});
