import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, toast, Toaster } from './toast.tsx';

describe('toasts', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.useRealTimers();
  });

  it('announces successes politely and errors assertively', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Upload Successful!');
      toast.error('Authentication Error');
    });
    const status = screen.getByRole('status');
    const alert = screen.getByRole('alert');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Upload Successful!');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(alert).toHaveTextContent('Authentication Error');
  });

  it('shows a description under the message, inside the same announcement', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Authentication Error', { description: 'Email or password is incorrect.' });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Authentication Error');
    expect(alert).toHaveTextContent('Email or password is incorrect.');
    expect(screen.getByText('Authentication Error')).not.toBe(screen.getByText('Email or password is incorrect.'));
  });

  it('shows toasts only in the newest Toaster, e.g. the one inside an open modal dialog', () => {
    const { rerender } = render(
      <>
        <Toaster />
        <div data-testid="modal">
          <Toaster />
        </div>
      </>,
    );
    act(() => {
      toast.error('Authentication Error');
    });
    const [root, modal] = screen.getAllByRole('region', { name: 'Notifications' });
    expect(modal).toHaveTextContent('Authentication Error');
    expect(root).not.toHaveTextContent('Authentication Error');

    rerender(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Authentication Error');
  });

  it('keeps its live regions in the page before any toast, so the first one is announced', () => {
    render(<Toaster />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('dismisses on its own after a few seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('can be dismissed with its button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.error('Could not save');
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Could not save')).not.toBeInTheDocument();
  });

  it('shows at most four at once, dropping the oldest', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 6; i++) toast.success(`Toast ${i}`);
    });
    expect(screen.queryByText('Toast 2')).not.toBeInTheDocument();
    expect(screen.getByText('Toast 3')).toBeInTheDocument();
    expect(screen.getByText('Toast 6')).toBeInTheDocument();
  });
});
