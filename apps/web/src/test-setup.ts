import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { addCatalogue } from '@kholo/contracts';
import { HINDI_CATALOGUE } from '@kholo/contracts/hindi';
import { afterEach, vi } from 'vitest';

// A component rendered in Hindi finds its messages at once, as the app has them before it renders.
addCatalogue('hi', HINDI_CATALOGUE);

// Lazy routes import their code on first render, which can take a moment while Vitest transforms it;
// beside the type check and the server suites on 2 cores (npm test), a first render took over 5 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: React Router's scroll restoration calls these, so give them no-op bodies.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn();

// Files share a jsdom per worker (vitest.config.ts, isolate: false): nothing one test leaves in
// the DOM, the storages or the stubbed globals may reach the next file's tests.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

// jsdom has <dialog> but not its methods. Enough of them for our modal dialogs: showModal opens,
// Escape fires a cancelable `cancel` then closes, close() fires `close` (the browser queues it;
// synchronous is fine for tests).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.open = true;
    if (!this.dataset.testEscape) {
      this.dataset.testEscape = 'on';
      this.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || !this.open) return;
        const cancel = new Event('cancel', { cancelable: true });
        if (this.dispatchEvent(cancel)) this.close();
      });
    }
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };
}
