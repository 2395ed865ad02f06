import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy routes import their code on first render, which can take a moment while Vitest transforms it.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: React Router's scroll restoration calls these, so give them no-op bodies.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn();

afterEach(() => {
  cleanup();
});
