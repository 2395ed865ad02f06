import { TAGLINE_ROTATION_MS } from '@kholo/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RotatingTagline } from './rotating-tagline.tsx';

function activePhrase(): string | null {
  return screen.getByTestId('rotating-tagline').querySelector('[data-state="active"]')?.textContent ?? null;
}

describe('RotatingTagline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rotates every 2.2 s (SPEC §9), not before', () => {
    expect(TAGLINE_ROTATION_MS).toBe(2200);
    render(<RotatingTagline phrases={['your photos', 'your videos', 'your reels']} />);
    expect(activePhrase()).toBe('your photos');

    act(() => {
      vi.advanceTimersByTime(2199);
    });
    expect(activePhrase()).toBe('your photos');

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(activePhrase()).toBe('your videos');

    act(() => {
      vi.advanceTimersByTime(2200);
    });
    expect(activePhrase()).toBe('your reels');

    // …and wraps around.
    act(() => {
      vi.advanceTimersByTime(2200);
    });
    expect(activePhrase()).toBe('your photos');
  });

  it('keeps every phrase laid out, so the line never changes size', () => {
    render(<RotatingTagline phrases={['a', 'bb', 'ccc']} />);
    const sizers = screen.getByTestId('rotating-tagline').querySelectorAll('.invisible');
    expect([...sizers].map((el) => el.textContent)).toEqual(['a', 'bb', 'ccc']);
  });

  it('holds still for people who asked for reduced motion', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(<RotatingTagline phrases={['your photos', 'your videos']} />);
      act(() => {
        vi.advanceTimersByTime(TAGLINE_ROTATION_MS * 3);
      });
      expect(activePhrase()).toBe('your photos');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stops its timer when unmounted', () => {
    const { unmount } = render(<RotatingTagline phrases={['a', 'b']} />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
