import { CARD_IMAGE_SIZES, firstCardPreload, PAGE_IMAGE_SIZES, type PreviewImage } from '@kholo/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card, creatorPageOf, unlockedCard } from '../../../test-fixtures/catalog.ts';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { VISITOR } from '../../accounts/index.ts';
import { LockedPreview } from './content-card.tsx';

/** A preview as the server describes one made in three widths, WebP and AVIF. */
function previewOf(id: string): PreviewImage {
  const base = `/api/contents/${id}/preview`;
  return {
    url: base,
    width: 480,
    height: 600,
    srcset: [
      { url: `${base}/320.avif`, width: 320, type: 'image/avif' },
      { url: `${base}/480.avif`, width: 480, type: 'image/avif' },
      { url: `${base}/800.avif`, width: 800, type: 'image/avif' },
      { url: `${base}/320.webp`, width: 320, type: 'image/webp' },
      { url: base, width: 480, type: 'image/webp' },
      { url: `${base}/800.webp`, width: 800, type: 'image/webp' },
    ],
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a card’s blurred preview', () => {
  it('offers AVIF and WebP in every width, with its own size, so the browser picks and nothing shifts', () => {
    const item = card('a1', { preview: previewOf('a1') });
    const { container } = render(<LockedPreview item={item} />);
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/avif');
    expect(source?.getAttribute('srcset')).toBe(
      '/api/contents/a1/preview/320.avif 320w, /api/contents/a1/preview/480.avif 480w, /api/contents/a1/preview/800.avif 800w',
    );
    expect(source?.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    const image = screen.getByRole('img', { name: 'Blurred preview of "Title a1"' });
    expect(image.parentElement?.tagName).toBe('PICTURE');
    expect(image.getAttribute('src')).toBe('/api/contents/a1/preview');
    expect(image.getAttribute('srcset')).toBe(
      '/api/contents/a1/preview/320.webp 320w, /api/contents/a1/preview 480w, /api/contents/a1/preview/800.webp 800w',
    );
    expect(image.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect(image.getAttribute('width')).toBe('480');
    expect(image.getAttribute('height')).toBe('600');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('fetchpriority')).toBeNull();
    expect(image.getAttribute('decoding')).toBe('async');
  });

  it('loads the page’s first picture at once and first, at the content page’s size', () => {
    const item = card('a2', { preview: previewOf('a2') });
    const { container } = render(<LockedPreview item={item} priority sizes={PAGE_IMAGE_SIZES} />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('sizes')).toBe(PAGE_IMAGE_SIZES);
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe(PAGE_IMAGE_SIZES);
  });

  it('shows an item from before several widths as its one preview, without srcset or <picture>', () => {
    const { container } = render(<LockedPreview item={card('old')} />);
    expect(container.querySelector('picture')).toBeNull();
    const image = screen.getByRole('img');
    expect(image.getAttribute('src')).toBe('/api/contents/old/preview');
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
  });
});

describe('the creator page’s cards', () => {
  it('give only the first card’s picture fetchpriority=high and eager loading, the same the preload names', async () => {
    const items = [card('c1', { preview: previewOf('c1') }), card('c2', { preview: previewOf('c2') }), card('c3')];
    stubApi({ 'GET /api/creators/priya-sharma': () => jsonResponse(200, creatorPageOf(items)) });
    renderRoute('/u/priya-sharma', { me: VISITOR });
    await screen.findByRole('heading', { level: 1 });
    const pictures = screen.getAllByRole('img', { name: /^Blurred preview of/ });
    expect(pictures.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    expect(pictures.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    // The server's <link rel="preload"> names what the first card's <source> offers.
    const preload = firstCardPreload(items);
    const firstSource = pictures[0]!.parentElement!.querySelector('source')!;
    expect(preload).toEqual({
      href: pictures[0]!.getAttribute('src'),
      imagesrcset: firstSource.getAttribute('srcset'),
      imagesizes: firstSource.getAttribute('sizes'),
      type: 'image/avif',
    });
  });

  it('has no preload when the first card shows no preview (an 18+ card behind its gate, an unlocked one)', () => {
    expect(firstCardPreload([card('x', { isAdultContent: true, preview: previewOf('x') }), card('y')])).toBeNull();
    expect(firstCardPreload([unlockedCard('u'), card('y')])).toBeNull();
    expect(firstCardPreload([])).toBeNull();
  });
});
